import { data } from "react-router";
import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { requireSite } from "#app/.server/site.ts";
import { Notes, preloadMeta } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { FloorPlansStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/interior";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = requireSite(context).pack;
  const { sets, ...content } = site.infoPages.interior;
  const set = sets.find((candidate) => candidate.key.toLowerCase() === params.type.toLowerCase());
  if (!set) throw data(null, { status: 404 });
  const path = `/Interior/${set.key}`;
  const { page } = requireInfoPage(request, context, path);
  return { page, path, set, content };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const first = loaderData?.set.images[0];
  return [
    ...seo(siteSeoFrom(matches), {
      title: loaderData?.page.title ?? "",
      description: loaderData?.page.description ?? "",
      path: loaderData?.path ?? "/Interior",
      image: first,
    }),
    ...(first ? preloadMeta(first) : []),
  ];
};

export default function InteriorPage({ loaderData }: Route.ComponentProps) {
  const { set, content } = loaderData;
  return (
    <section className="info-page" aria-labelledby="interior-title">
      <FloorPlansStylesheet />
      <header className="info-heading">
        <p className="info-heading__eyebrow">{content.eyebrow}</p>
        <h2 id="interior-title" className="info-heading__title">
          {set.label}
        </h2>
        {content.intro.map((paragraph) => (
          <p key={paragraph} className="info-heading__intro">
            {paragraph}
          </p>
        ))}
      </header>
      <div className="interior-gallery">
        {set.images.map((image, index) => (
          <figure key={image.src} className="info-figure">
            <Picture image={image} priority={index === 0} sizes="(max-width: 900px) 100vw, 1280px" />
          </figure>
        ))}
      </div>
      <Notes notes={content.notes} />
    </section>
  );
}
