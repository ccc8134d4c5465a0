import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { SalesStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/sales-stamp-tax";

// Old links also spell it /SalesInfo/StampTax; the loader sends that spelling here.
const PATH = "/SalesInfo/stampTax";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, officetel: site.infoPages.officetel };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function StampTaxPage({ loaderData }: Route.ComponentProps) {
  const { officetel } = loaderData;
  const { stampTax } = officetel;
  return (
    <section className="info-page officetel" aria-labelledby="officetel-title">
      <SalesStylesheet />
      <div className="officetel__text">
        <SectionHeading section={officetel} id="officetel-title" />
        <dl className="facts-list">
          {officetel.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="info-subtitle">{stampTax.title}</h3>
        <table className="data-table">
          <caption className="visually-hidden">{stampTax.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{stampTax.headers[0]}</th>
              <th scope="col">{stampTax.headers[1]}</th>
            </tr>
          </thead>
          <tbody>
            {stampTax.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="info-note">{stampTax.note}</p>
      </div>
      <figure className="officetel__figure info-figure">
        <Picture image={officetel.image} sizes="(max-width: 900px) 100vw, 520px" />
        <figcaption>
          <Notes notes={officetel.notes} />
        </figcaption>
      </figure>
    </section>
  );
}
