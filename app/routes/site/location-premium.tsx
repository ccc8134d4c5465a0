import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, preloadMeta, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { LocationStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/location-premium";

// The old site's spelling ("primium") is the published address.
const PATH = "/LocationEnvironment/primium";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, premium: site.infoPages.premium };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    image: loaderData?.premium.image,
  }),
  ...(loaderData ? preloadMeta(loaderData.premium.image) : []),
];

export default function PremiumPage({ loaderData }: Route.ComponentProps) {
  const { premium } = loaderData;
  return (
    <section className="info-page" aria-labelledby="premium-title">
      <LocationStylesheet />
      <SectionHeading section={premium} id="premium-title" />
      <figure className="info-figure">
        <Picture image={premium.image} priority sizes="(max-width: 900px) 100vw, 1280px" />
      </figure>
      <ul className="premium-points">
        {premium.points.map((point) => (
          <li key={point.title}>
            <h3>{point.title}</h3>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
      <Notes notes={premium.notes} />
    </section>
  );
}
