import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { businessDisclosures, DISCLOSURES_CAPTION } from "#app/forms/disclosures.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/business-intro";

const PATH = "/BusinessGuide/intro";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  const { pack, settings } = await effectivePack(site);
  return { page, business: site.infoPages.business, disclosures: businessDisclosures(pack, settings) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function BusinessIntroPage({ loaderData }: Route.ComponentProps) {
  const { business, disclosures } = loaderData;
  return (
    <section className="info-page info-page--narrow" aria-labelledby="business-title">
      <SectionHeading section={business} id="business-title" />
      <table className="facts-table">
        <caption className="visually-hidden">{business.caption}</caption>
        <tbody>
          {business.facts.map((fact) => (
            <tr key={fact.label}>
              <th scope="row">{fact.label}</th>
              <td>{fact.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="facts-table facts-table--disclosures">
        <caption>{DISCLOSURES_CAPTION}</caption>
        <tbody>
          {disclosures.map((disclosure) => (
            <tr key={disclosure.label}>
              <th scope="row">{disclosure.label}</th>
              <td>{disclosure.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Notes notes={business.notes} />
    </section>
  );
}
