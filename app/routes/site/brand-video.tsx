import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { videoEmbedUrl } from "#app/utils/video.ts";
import type { Route } from "./+types/brand-video";
import { EmbedAfterPaint } from "#app/components/embed-after-paint.tsx";
import { VideosStylesheet } from "#app/components/stylesheets.tsx";

const PATH = "/Brand/video";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, brandVideo: site.infoPages.brandVideo };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function BrandVideoPage({ loaderData }: Route.ComponentProps) {
  const { brandVideo } = loaderData;
  return (
    <section className="info-page brand-video" aria-labelledby="brand-video-title">
      <VideosStylesheet />
      <SectionHeading section={brandVideo} id="brand-video-title" />
      <div className="video-frame video-frame--brand">
        <EmbedAfterPaint
          src={videoEmbedUrl(brandVideo.video.videoId)}
          title={brandVideo.video.title}
          width={1300}
          height={500}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
      <Notes notes={brandVideo.notes} />
    </section>
  );
}
