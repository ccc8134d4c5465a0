import type { SitePack } from "./types";

/**
 * The page a lead was sent from, by the title the site gives it: "브랜드소개" for "/Brand/intro".
 * Titles come from the pack (its pages and its lead pages); forms posted without a page to name
 * (a script's post to /actions/…) say which form it was. Paths match regardless of case, as the
 * site's own routes do. An unknown path has no title: the caller shows the path.
 */
export function sourcePageTitle(site: SitePack, path: string): string | null {
  const wanted = path.length > 1 ? path.replace(/\/+$/, "").toLowerCase() : path;
  const titles: [string, string][] = [
    // The home page's title is the site's name, which says nothing to the people reading it in the console.
    ["/", "메인 페이지"],
    // A page's <title> is "59A㎡ 평면도 | 동대구 온빛채 센트럴": the part before the site's name.
    ...Object.entries(site.pages).map(([pagePath, page]): [string, string] => [pagePath, page.title.split(" | ")[0] ?? page.title]),
    ["/Promotion/Customer", site.leads.inquiryPage.heading],
    [`/${site.slug}/customer`, site.leads.visitPage.heading],
    [`/${site.slug}/press`, site.pressPage.banner.title],
    ["/actions/interest", `${site.leads.popup.title} (팝업)`],
    ["/actions/visit", site.leads.visitPage.heading],
    ["/actions/inquiry", site.leads.inquiryPage.heading],
    // Registered by the team: a call taken (leads/caller.ts) and a walk-in at the desk (visits/walk-in.ts).
    ["/admin/leads/new", "전화 접수"],
    ["/admin/door", "현장 등록"],
  ];
  const found = titles.find(([candidate]) => candidate.toLowerCase() === wanted);
  if (found) return found[1];
  if (wanted.startsWith(`/${site.slug.toLowerCase()}/press/`)) return `${site.pressPage.banner.title} 기사`;
  return null;
}
