import { requireInfoPage } from "#app/.server/info-pages.ts";
import { Notes, SectionHeading, ZoomLink } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/complex-intro";
import "#app/styles/pages.css";

const PATH = "/ComplexGuide/intro";

export async function loader({ request }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, PATH);
  return { page, section: site.infoPages.complexLayout };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    image: loaderData?.section.image,
  });

// The plan fades in once loaded (Picture), so it is not marked as a priority image.
export default function ComplexLayoutPage({ loaderData }: Route.ComponentProps) {
  const { section } = loaderData;
  return (
    <section className="info-page" aria-labelledby="complexLayout-title">
      <SectionHeading section={section} id="complexLayout-title" />
      <figure className="info-figure">
        <Picture image={section.image} sizes="(max-width: 900px) 100vw, 1280px" />
        <ZoomLink image={section.image} label={section.zoomLabel} />
      </figure>
      <Notes notes={section.notes} />
    </section>
  );
}
