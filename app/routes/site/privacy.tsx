import { analyticsTagsOf, effectivePack } from "#app/.server/content/site-settings.ts";
import { processorsOf } from "#app/.server/privacy.ts";
import { requireSite } from "#app/.server/site.ts";
import { PRIVACY_MESSAGES } from "#app/forms/privacy.ts";
import { toolsInUse } from "#app/utils/analytics.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { FormsStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const { pack: site, settings } = await effectivePack(requireSite(context).pack);
  // The ad and analytics tools the office switched on are named here as soon as they run.
  const tools = toolsInUse(analyticsTagsOf(settings)).map(({ tool }) => ({
    name: tool.name,
    company: tool.company,
  }));
  const { retention, version } = site.leads.consent;
  return { policy: site.privacy, eyebrow: site.brand.nameEn, tools, processors: processorsOf(settings), retention, version };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.policy.page.title ?? "",
    description: loaderData?.policy.page.description ?? "",
    path: "/privacy",
  });

/** 개인정보처리방침: what the lead forms collect, why, for how long, who processes it, and the visitor's rights. */
export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { policy, eyebrow, tools, processors, retention, version } = loaderData;
  const { headings, labels, officer } = policy;
  return (
    <>
      <FormsStylesheet />
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
        <List items={[retention, ...policy.retention]} />

        <h2>{headings.destruction}</h2>
        <List items={policy.destruction} />

        <h2>{headings.processors}</h2>
        {/* Generated from the configuration (app/.server/privacy.ts): exactly who gets the data today. */}
        {processors.length > 0 ? (
          <table className="privacy-policy__table privacy-policy__processors">
            <thead>
              <tr>
                <th scope="col">{labels.processorName}</th>
                <th scope="col">{labels.processorTask}</th>
              </tr>
            </thead>
            <tbody>
              {processors.map((processor) => (
                <tr key={`${processor.name} ${processor.task}`}>
                  <td>{processor.name}</td>
                  <td>{processor.task}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="privacy-policy__processors">{PRIVACY_MESSAGES.noProcessors}</p>
        )}

        <h2>{headings.thirdParties}</h2>
        <p>{policy.thirdParties}</p>

        {tools.length > 0 ? <BehaviouralData tools={tools} /> : null}

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
          {policy.controller} · {labels.effective} {policy.effectiveDate} · {PRIVACY_MESSAGES.version} {version}
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

/** 행태정보: what the ad and analytics tools in use collect, and how a visitor refuses it. */
function BehaviouralData({ tools }: { tools: { name: string; company: string }[] }) {
  return (
    <>
      <h2>행태정보의 수집·이용 및 거부</h2>
      <p>
        이 사이트는 방문 통계와 광고 효과 측정을 위해 아래 도구를 사용합니다. 이 도구들은 쿠키 등으로 방문한 페이지, 방문 시각, 기기와
        브라우저 정보, 관심고객 등록 여부를 수집하며, 성함이나 연락처 등 입력하신 개인정보는 전달하지 않습니다.
      </p>
      <table className="privacy-policy__table">
        <thead>
          <tr>
            <th scope="col">도구</th>
            <th scope="col">운영사</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={tool.name}>
              <td>{tool.name}</td>
              <td>{tool.company}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>브라우저 설정에서 쿠키 저장을 거부하거나 삭제하면 수집을 거부할 수 있습니다. 이 경우에도 사이트 이용에는 제한이 없습니다.</p>
    </>
  );
}
