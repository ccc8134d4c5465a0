import { requireSite } from "#app/.server/site.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/privacy";
import "#app/styles/forms.css";

export async function loader({ context }: Route.LoaderArgs) {
  const site = requireSite(context).pack;
  return { policy: site.privacy, eyebrow: site.brand.nameEn };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.policy.page.title ?? "",
    description: loaderData?.policy.page.description ?? "",
    path: "/privacy",
  });

/** 개인정보처리방침: what the lead forms collect, why, for how long, who processes it, and the visitor's rights. */
export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { policy, eyebrow } = loaderData;
  const { headings, labels, officer } = policy;
  return (
    <>
      <PageBanner banner={policy.page.banner} eyebrow={eyebrow} />
      <article className="privacy-policy">
        <p className="privacy-policy__intro">{policy.intro}</p>

        <h2>{headings.purposes}</h2>
        <List items={policy.purposes} />

        <h2>{headings.items}</h2>
        <dl className="privacy-policy__pairs">
          <dt>{labels.collected}</dt>
          <dd>{policy.items.collected}</dd>
          <dt>{labels.how}</dt>
          <dd>{policy.items.how}</dd>
        </dl>

        <h2>{headings.retention}</h2>
        <List items={policy.retention} />

        <h2>{headings.destruction}</h2>
        <List items={policy.destruction} />

        <h2>{headings.processors}</h2>
        <table className="privacy-policy__table">
          <thead>
            <tr>
              <th scope="col">{labels.processorName}</th>
              <th scope="col">{labels.processorTask}</th>
            </tr>
          </thead>
          <tbody>
            {policy.processors.map((processor) => (
              <tr key={processor.name}>
                <td>{processor.name}</td>
                <td>{processor.task}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>{headings.thirdParties}</h2>
        <p>{policy.thirdParties}</p>

        <h2>{headings.rights}</h2>
        <List items={policy.rights} />

        <h2>{headings.safeguards}</h2>
        <List items={policy.safeguards} />

        <h2>{headings.officer}</h2>
        <dl className="privacy-policy__pairs">
          <dt>{officer.title}</dt>
          <dd>
            {officer.name} ({officer.department})
          </dd>
          <dt>{labels.phone}</dt>
          <dd>{officer.phone}</dd>
          <dt>{labels.email}</dt>
          <dd>
            <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </dd>
        </dl>

        <h2>{headings.remedies}</h2>
        <ul>
          {policy.remedies.map((remedy) => (
            <li key={remedy.name}>
              {remedy.name}: {remedy.contact}
            </li>
          ))}
        </ul>

        <h2>{headings.changes}</h2>
        <p>{policy.changes}</p>
        <p className="privacy-policy__meta">
          {policy.controller} · {labels.effective} {policy.effectiveDate}
        </p>
      </article>
    </>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
