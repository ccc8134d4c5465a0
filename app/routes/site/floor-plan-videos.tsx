import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { LinkTabs } from "#app/components/pages/link-tabs.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { videoEmbedUrl } from "#app/utils/video.ts";
import type { Route } from "./+types/floor-plan-videos";
import { EmbedAfterPaint } from "#app/components/embed-after-paint.tsx";
import { VideosStylesheet } from "#app/components/stylesheets.tsx";

const PATH = "/FloorPlan/videos";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, videos: site.infoPages.videos };
}

// Switching tabs changes only `?tab=`; the page's data stays the same.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function VideosPage({ loaderData }: Route.ComponentProps) {
  const { videos } = loaderData;
  const [searchParams] = useSearchParams();
  const active = videos.tabs.find((tab) => String(tab.id) === searchParams.get("tab")) ?? videos.tabs[0];
  return (
    <section className="info-page" aria-labelledby="videos-title">
      <VideosStylesheet />
      <SectionHeading section={videos} id="videos-title" />
      {active ? (
        <LinkTabs
          tabs={videos.tabs.map((tab) => ({ value: String(tab.id), label: tab.title }))}
          active={String(active.id)}
          label={videos.tabListLabel}
          idPrefix="video"
        >
          <div className="video-frame">
            <EmbedAfterPaint
              key={active.videoId}
              src={videoEmbedUrl(active.videoId)}
              title={active.title}
              width={1280}
              height={720}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        </LinkTabs>
      ) : null}
      <Notes notes={videos.notes} />
    </section>
  );
}
