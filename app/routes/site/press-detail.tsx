import { data, Link, replace, type ShouldRevalidateFunctionArgs } from "react-router";
import { getAdmin } from "#app/.server/auth/sign-in.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { can } from "#app/permissions.ts";
import { getPress, getPublishedPress, parseArticleId, pressStatus, viewPress } from "#app/.server/content/press.ts";
import { PressArticleView } from "#app/components/press-article.tsx";
import { PressHeader } from "#app/components/press-header.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPressDateTime, pressParagraphs } from "#app/utils/press-dates.ts";
import { countsAsView, articleJsonLd, detailHeaders } from "./press-detail.server.ts";
import { pressHeader } from "./press.server.ts";
import { requireSite } from "#app/.server/site.ts";
import { PressStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/press-detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = requireSite(context, params.site).pack;
  const id = parseArticleId(params.id);
  if (!id) throw replace("/Promotion/Press");
  const now = new Date();
  const [admin, shown] = await Promise.all([
    getAdmin(request, context),
    countsAsView(request) ? viewPress(site.slug, id, now) : getPublishedPress(site.slug, id, now),
  ]);
  const staff = admin !== null && can(admin.role, "press.manage");
  let article = shown;
  let hidden = false;
  if (!article) {
    // A draft or a scheduled article exists for the console only; its URL is nobody's business yet.
    const unpublished = await getPress(site.slug, id);
    if (!unpublished) throw replace("/Promotion/Press");
    if (!staff) throw data(null, { status: 404, headers: { "Cache-Control": CACHE_CONTROL.livePage, Vary: "Cookie" } });
    article = unpublished;
    hidden = true;
  }
  return data(
    {
      site: site.slug,
      header: pressHeader(site),
      article: {
        id: article.id,
        title: article.title,
        summary: article.summary,
        paragraphs: pressParagraphs(article.content),
        isoDate: article.date.toISOString(),
        dateLabel: formatPressDateTime(article.date),
        views: article.views,
      },
      hidden: hidden ? pressStatus(article, now) : null,
      jsonLd: articleJsonLd({ site, article, siteUrl: requireSite(context).origin }),
      mayManage: staff,
    },
    { headers: detailHeaders(admin) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/**
 * The loader counts a view, so it runs once per visit: not again when a form elsewhere on the
 * page (the interest popup) is sent. Navigating here, or reloading, still runs it.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteSeoFrom(matches);
  return seo(site, {
    title: loaderData ? `${loaderData.article.title} | ${site?.siteName ?? ""}` : "",
    description: loaderData?.article.summary ?? "",
    path: loaderData ? `/${loaderData.site}/press/${loaderData.article.id}` : "/Promotion/Press",
    type: "article",
    jsonLd: loaderData?.hidden ? undefined : loaderData?.jsonLd,
    robots: loaderData?.hidden ? "noindex,nofollow" : undefined,
  });
};

export default function PressDetailPage({ loaderData }: Route.ComponentProps) {
  const { site, article, mayManage, header, hidden } = loaderData;
  return (
    <>
      <PressStylesheet />
      <PressHeader header={header} />
      {hidden ? (
        <p className="press-hidden-banner" role="note">
          <strong>미리 보기 (비공개)</strong> {hidden === "draft" ? "임시 저장된 보도자료입니다." : "예약 발행된 보도자료입니다."}{" "}
          방문자에게는 아직 보이지 않습니다.
        </p>
      ) : null}
      <PressArticleView article={article}>
        <footer className="press-article__actions">
          <Link to={`/${site}/press`} className="button button--brand">
            목록으로
          </Link>
          {mayManage ? (
            <Link to={`/admin/press/${article.id}`} className="button button--outline">
              관리자 화면에서 수정
            </Link>
          ) : null}
        </footer>
      </PressArticleView>
    </>
  );
}
