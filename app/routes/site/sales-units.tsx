import { data, Link } from "react-router";
import { requireCanonicalPath } from "#app/.server/content/info-pages.ts";
import { requireSite } from "#app/.server/site.ts";
import { publishedPriceSheet } from "#app/.server/prices/price-sheets.ts";
import { publicUnitsPage } from "#app/.server/units/remaining.ts";
import { PRICE_PATH } from "#app/content/price-words.ts";
import { PUBLIC_UNITS_PATH, REMAINING_UNITS_WORDS as WORDS, unitsPageInfo } from "#app/content/units-page.ts";
import { formatPrice, unitNumber } from "#app/utils/unit-labels.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { bandOfFloor, priceFor, type PriceSheet } from "#app/utils/payment-plan.ts";
import { SalesStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/sales-units";

/**
 * 잔여세대: the units left per type and 동, from the console's board, while the office has the page
 * on (a 404 otherwise). Rendered on the server and cached like every public page: any change to a
 * unit bumps the site's content version, so every instance drops its copy within a second.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCanonicalPath(request, PUBLIC_UNITS_PATH);
  const site = requireSite(context).pack;
  const units = await publicUnitsPage(site.slug);
  if (!units) throw data(null, { status: 404 });
  const info = unitsPageInfo(site);
  const sheet = await publishedPriceSheet(site.slug);
  return {
    page: { title: info.title, description: info.description },
    units: { ...units, buildings: units.buildings.map((building) => ({ ...building, units: building.units.map(withCalculator(sheet)) })) },
  };
}

/** A unit the published 분양가 table prices gets a link to the payment calculator on its type and floor band. */
function withCalculator(sheet: PriceSheet | null) {
  return <Unit extends { typeKey: string; floor: number }>(unit: Unit) => {
    const band = sheet ? bandOfFloor(sheet, unit.floor) : -1;
    const priced = sheet !== null && band >= 0 && priceFor(sheet, unit.typeKey, unit.floor) !== null;
    return { ...unit, calculatorHref: priced ? `${PRICE_PATH}?type=${encodeURIComponent(unit.typeKey)}&band=${band}#calculator` : null };
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PUBLIC_UNITS_PATH,
  });

const count = (remaining: number) => (remaining > 0 ? `${remaining}${WORDS.households}` : WORDS.none);

export default function SalesUnitsPage({ loaderData }: Route.ComponentProps) {
  const { byType, buildings, showsUnits } = loaderData.units;
  if (byType.length === 0)
    return (
      <section className="info-page info-page--narrow">
        <SalesStylesheet />
        <p>{WORDS.empty}</p>
      </section>
    );
  return (
    <section className="info-page units-public" aria-labelledby="units-by-type">
      <SalesStylesheet />
      <h2 id="units-by-type" className="info-subtitle">
        {WORDS.byType}
      </h2>
      <ul className="units-public__types">
        {byType.map((type) => (
          <li key={type.typeKey} className={type.remaining > 0 ? undefined : "is-sold-out"}>
            <span className="units-public__type">{type.typeKey}</span>
            <strong className="units-public__count">{count(type.remaining)}</strong>
            <span className="units-public__total">
              {WORDS.total} {type.total}
              {WORDS.households}
            </span>
          </li>
        ))}
      </ul>
      <h2 className="info-subtitle">{WORDS.byBuilding}</h2>
      {buildings.map((building) => (
        <div key={building.building} className="units-public__building">
          <h3>{building.building}동</h3>
          <table className="data-table">
            <caption className="visually-hidden">
              {building.building}동 {WORDS.byType}
            </caption>
            <thead>
              <tr>
                <th scope="col">타입</th>
                <th scope="col">{WORDS.remaining}</th>
                <th scope="col">{WORDS.total}</th>
              </tr>
            </thead>
            <tbody>
              {building.types.map((type) => (
                <tr key={type.typeKey}>
                  <th scope="row">{type.typeKey}</th>
                  <td>{count(type.remaining)}</td>
                  <td>
                    {type.total}
                    {WORDS.households}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {showsUnits && building.units.length > 0 ? (
            // Folded: a 동 can have a hundred units left; the counts above answer most visitors.
            <details className="units-public__more">
              <summary>{WORDS.unitsOf(building.building, building.units.length)}</summary>
              <ul className="units-public__units">
                {building.units.map((unit) => (
                  <li key={unit.id}>
                    <span>{`${unitNumber(unit.floor, unit.line)}호 · ${unit.typeKey}${unit.price !== null ? ` · ${formatPrice(unit.price)}` : ""}`}</span>
                    <Link
                      to={`/Promotion/Customer?unit=${unit.id}`}
                      aria-label={`${building.building}동 ${unitNumber(unit.floor, unit.line)}호 ${WORDS.ask}`}
                    >
                      {WORDS.ask}
                    </Link>
                    {unit.calculatorHref ? (
                      <Link
                        to={unit.calculatorHref}
                        aria-label={`${building.building}동 ${unitNumber(unit.floor, unit.line)}호 ${WORDS.calculate}`}
                      >
                        {WORDS.calculate}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ))}
      <p className="info-note">{WORDS.note}</p>
    </section>
  );
}
