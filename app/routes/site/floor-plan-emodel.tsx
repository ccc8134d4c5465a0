import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { LinkTabs } from "#app/components/pages/link-tabs.tsx";
import { absoluteUrl, seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/floor-plan-emodel";
import { EmbedAfterPaint } from "#app/components/embed-after-paint.tsx";
import { VideosStylesheet } from "#app/components/stylesheets.tsx";

const PATH = "/FloorPlan/Emodel";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, emodel: site.infoPages.emodel, tours: site.vrTabs, homeName: site.brand.projectName };
}

// Switching tabs changes only `?tab=`; the page's data stays the same.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteSeoFrom(matches);
  return seo(site, {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    jsonLd: site &&
      loaderData && {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: loaderData.homeName, item: absoluteUrl(site.siteUrl, "/") },
          { "@type": "ListItem", position: 2, name: loaderData.page.name, item: absoluteUrl(site.siteUrl, PATH) },
        ],
      },
  });
};

export default function EmodelPage({ loaderData }: Route.ComponentProps) {
  const { emodel, tours } = loaderData;
  const [searchParams] = useSearchParams();
  const active = tours.find((tour) => tour.key === searchParams.get("tab")) ?? tours[0];
  return (
    <section className="info-page" aria-labelledby="emodel-title">
      <VideosStylesheet />
      <SectionHeading section={emodel} id="emodel-title" />
      {active ? (
        <LinkTabs
          tabs={tours.map((tour) => ({ value: tour.key, label: tour.key }))}
          active={active.key}
          label={emodel.tabListLabel}
          idPrefix="vr"
        >
          <p className="vr-hint">{emodel.hint}</p>
          <div className="vr-frame">
            <EmbedAfterPaint key={active.url} src={active.url} title={active.title} allow="fullscreen" allowFullScreen />
          </div>
        </LinkTabs>
      ) : null}
      <Notes notes={emodel.notes} />
    </section>
  );
}
