import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, preloadMeta, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { LocationStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/complex-community";

const PATH = "/ComplexGuide/community";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, community: site.infoPages.community };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    image: loaderData?.community.image,
  }),
  ...(loaderData ? preloadMeta(loaderData.community.image) : []),
];

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const { community } = loaderData;
  return (
    <section className="info-page" aria-labelledby="community-title">
      <LocationStylesheet />
      <SectionHeading section={community} id="community-title" />
      <figure className="info-figure">
        <Picture image={community.image} priority sizes="(max-width: 900px) 100vw, 1280px" />
      </figure>
      <ol className="highlights highlights--five">
        {community.facilities.map((facility, index) => (
          <li key={facility.title}>
            <span className="highlights__number" aria-hidden="true">
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3>{facility.title}</h3>
            <p>{facility.text}</p>
          </li>
        ))}
      </ol>
      <Notes notes={community.notes} />
    </section>
  );
}
