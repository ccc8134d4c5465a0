import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { siteDocument } from "#app/.server/content/uploads.ts";
import { publishedPriceSheet } from "#app/.server/prices/price-sheets.ts";
import { ComingSoon } from "#app/components/pages/coming-soon.tsx";
import { SectionHeading } from "#app/components/pages/info.tsx";
import { PaymentCalculator, readChoice } from "#app/components/pages/payment-calculator.tsx";
import { bandLabel, dueText, manwonFigure, paymentLabel, PRICE_PATH, PRICE_WORDS } from "#app/content/price-words.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { PriceSheet } from "#app/utils/payment-plan.ts";
import { SalesStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/sales-price";

/**
 * The 분양가 table and 납부 일정 the office published (/admin/prices), and a payment calculator.
 * Before it publishes one, the page says the prices are to be announced and claims nothing. The
 * calculator is a GET form the server answers too, so it works without scripts; with them it
 * answers as the buyer types, from the same module (app/utils/payment-plan.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PRICE_PATH);
  const published = await publishedPriceSheet(site.slug);
  if (!published) return { page, sheet: null, upcoming: { label: site.infoPages.comingSoon.label } };
  // Only the pack's types, with its labels: a type dropped from the pack since is not offered.
  const labels = new Map(site.units.map((unit) => [unit.key, unit.label]));
  const sheet: PriceSheet = { ...published, types: published.types.filter((type) => labels.has(type)) };
  const uploaded = await siteDocument(site.slug, "announcement");
  return {
    page,
    sheet,
    typeLabels: Object.fromEntries(sheet.types.map((type) => [type, labels.get(type)!])),
    choice: readChoice(sheet, new URL(request.url).searchParams),
    noticeHref: uploaded?.href ?? site.infoPages.announcement.pdf.href,
    upcoming: null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PRICE_PATH,
  });

export default function SalesPricePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.sheet === null) {
    return (
      <ComingSoon
        label={loaderData.upcoming.label}
        section={{ eyebrow: "PRICE", title: PRICE_WORDS.upcomingLabel, intro: [PRICE_WORDS.upcomingText] }}
      />
    );
  }
  const { sheet, typeLabels, choice, noticeHref } = loaderData;
  return (
    <section className="info-page info-page--narrow sale-price" aria-labelledby="sale-price-title">
      <SalesStylesheet />
      <SectionHeading section={{ eyebrow: "PRICE", title: PRICE_WORDS.pageTitle, intro: [PRICE_WORDS.estimate] }} id="sale-price-title" />
      <p className="sale-price__notice">
        <a href={noticeHref} target="_blank" rel="noreferrer" className="button button--outline">
          {PRICE_WORDS.notice}
        </a>
      </p>
      <h3 className="info-subtitle">{PRICE_WORDS.tableTitle}</h3>
      <PriceTable sheet={sheet} typeLabels={typeLabels} />
      <h3 className="info-subtitle">{PRICE_WORDS.scheduleTitle}</h3>
      <ScheduleTable sheet={sheet} />
      <p className="sale-price__loan">
        {PRICE_WORDS.loanLine(sheet.loan.kind, sheet.loan.share)} {PRICE_WORDS.loanKindNote[sheet.loan.kind]}{" "}
        {PRICE_WORDS.moveIn(sheet.moveInOn)}
      </p>
      <PaymentCalculator sheet={sheet} typeLabels={typeLabels} initial={choice} />
      <p className="sale-price__rounding">{PRICE_WORDS.rounding}</p>
    </section>
  );
}

/** Prices in 만원 as the notice prints them; a type not sold on a band shows a dash. */
function PriceTable({ sheet, typeLabels }: { sheet: PriceSheet; typeLabels: Record<string, string> }) {
  return (
    <div className="sale-price__scroll" tabIndex={0} role="region" aria-label={PRICE_WORDS.tableCaption}>
      <table className="data-table sale-price__table">
        <caption>{PRICE_WORDS.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{PRICE_WORDS.floorColumn}</th>
            {sheet.types.map((type) => (
              <th key={type} scope="col">
                {typeLabels[type]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.bands.map((band) => (
            <tr key={band.from}>
              <th scope="row">{bandLabel(band)}</th>
              {sheet.types.map((type) => {
                const won = band.prices[type];
                return <td key={type}>{won == null ? PRICE_WORDS.notSold : manwonFigure(won)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ScheduleTable({ sheet }: { sheet: PriceSheet }) {
  const rounds = (stage: string) => sheet.payments.filter((payment) => payment.stage === stage).length;
  return (
    <table className="data-table sale-price__schedule">
      <thead>
        <tr>
          <th scope="col">{PRICE_WORDS.scheduleColumns.payment}</th>
          <th scope="col">{PRICE_WORDS.scheduleColumns.due}</th>
          <th scope="col">{PRICE_WORDS.scheduleColumns.percent}</th>
        </tr>
      </thead>
      <tbody>
        {sheet.payments.map((payment) => (
          <tr key={`${payment.stage}-${payment.round}`}>
            <th scope="row">{paymentLabel(payment.stage, payment.round, rounds(payment.stage))}</th>
            <td>{dueText(payment.dueOn)}</td>
            <td>{`${payment.percent}%`}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{PRICE_WORDS.total}</th>
          <td />
          <td>100%</td>
        </tr>
      </tfoot>
    </table>
  );
}
