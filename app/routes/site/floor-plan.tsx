import { data } from "react-router";
import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { requireSite } from "#app/.server/site.ts";
import { Notes, preloadMeta, ZoomLink } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import type { InfoPages, UnitType } from "#app/content/types.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { FloorPlansStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/floor-plan";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = requireSite(context).pack;
  const unit = site.units.find((candidate) => candidate.key.toLowerCase() === params.type.toLowerCase());
  if (!unit) throw data(null, { status: 404 });
  const path = `/FloorPlan/${unit.key}`;
  const { page } = requireInfoPage(request, context, path);
  return { page, path, unit, content: site.infoPages.floorPlan };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: loaderData?.path ?? "/FloorPlan",
    image: loaderData?.unit.floorPlan,
  }),
  ...(loaderData ? preloadMeta(loaderData.unit.floorPlan) : []),
];

export default function FloorPlanPage({ loaderData }: Route.ComponentProps) {
  const { unit, content } = loaderData;
  const [headline, ...points] = unit.features;
  return (
    <section className="info-page floor-plan" aria-labelledby="floor-plan-title">
      <FloorPlansStylesheet />
      <figure className="floor-plan__figure info-figure">
        <Picture image={unit.floorPlan} priority sizes="(max-width: 900px) 100vw, 760px" />
        <ZoomLink image={unit.floorPlan} label={content.zoomLabel} />
      </figure>
      <div className="floor-plan__info">
        <header className="info-heading">
          <p className="info-heading__eyebrow">{content.eyebrow}</p>
          <h2 id="floor-plan-title" className="info-heading__title">
            {headline ?? unit.label}
          </h2>
        </header>
        <AreaTable unit={unit} labels={content.table} />
        <h3 className="info-subtitle">{content.featuresTitle}</h3>
        <ul className="feature-list">
          {points.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <Notes notes={content.notes} />
      </div>
    </section>
  );
}

function AreaTable({ unit, labels }: { unit: UnitType; labels: InfoPages["floorPlan"]["table"] }) {
  const { area } = unit;
  const rows: [string, string, string][] = [
    [labels.exclusive, area.exclusiveM2, area.exclusivePyeong],
    [labels.supply, area.supplyM2, area.supplyPyeong],
  ];
  if (area.contractM2) rows.push([labels.contract, area.contractM2, area.contractPyeong ?? ""]);
  return (
    <table className="data-table area-table">
      <caption>{labels.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labels.area}</th>
          <th scope="col">{labels.squareMetres}</th>
          <th scope="col">{labels.pyeong}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, squareMetres, pyeong]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{squareMetres}</td>
            <td>{pyeong}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{unit.kind === "officetel" ? labels.officetelCount : labels.apartmentCount}</th>
          <td colSpan={2}>{area.unitCount}</td>
        </tr>
      </tbody>
    </table>
  );
}
