import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/location-intro";

const PATH = "/LocationEnvironment/intro";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, location: site.infoPages.location };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    image: loaderData?.location.maps[0]?.image,
  });

export default function LocationIntroPage({ loaderData }: Route.ComponentProps) {
  const { location } = loaderData;
  return (
    <section className="info-page" aria-labelledby="location-title">
      <SectionHeading section={location} id="location-title" />
      <ol className="highlights">
        {location.highlights.map((highlight, index) => (
          <li key={highlight.title}>
            <span className="highlights__number" aria-hidden="true">
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3>{highlight.title}</h3>
            <p>{highlight.text}</p>
          </li>
        ))}
      </ol>
      <div className="location-maps">
        {location.maps.map((map) => (
          <figure key={map.image.src} className="info-figure">
            <Picture image={map.image} sizes="(max-width: 900px) 100vw, 640px" />
            <figcaption className="info-figure__label">{map.label}</figcaption>
          </figure>
        ))}
      </div>
      <Notes notes={location.notes} />
    </section>
  );
}
