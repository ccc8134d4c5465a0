import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { SalesStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/sales-subscription";

const PATH = "/SalesInfo/SubscriptionGuide";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, subscription: site.infoPages.subscription };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function SubscriptionGuidePage({ loaderData }: Route.ComponentProps) {
  const { subscription } = loaderData;
  return (
    <section className="info-page subscription" aria-labelledby="subscription-title">
      <SalesStylesheet />
      <div className="subscription__text">
        <SectionHeading section={subscription} id="subscription-title" />
        <ol className="steps">
          {subscription.steps.map((step, index) => (
            <li key={step.title}>
              <span className="steps__number" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <a className="button button--outline" href={subscription.link.href} target="_blank" rel="noopener noreferrer">
          {subscription.link.label}
          <span className="visually-hidden"> (새 창)</span>
        </a>
        <Notes notes={subscription.notes} />
      </div>
      <figure className="subscription__figure info-figure">
        <Picture image={subscription.image} sizes="(max-width: 900px) 100vw, 480px" />
      </figure>
    </section>
  );
}
