import { getFormProps } from "@conform-to/react";
import { useMemo } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { countAudience } from "#app/.server/campaigns/audience.ts";
import { createCampaign, listCampaigns } from "#app/.server/campaigns/campaigns.ts";
import { pricesOf, setPrices } from "#app/.server/campaigns/prices.ts";
import { textPack } from "#app/.server/content/site-settings.ts";
import { db } from "#app/.server/db.ts";
import { requireSite } from "#app/.server/site.ts";
import { campaignWrap } from "#app/.server/campaigns/text.ts";
import { STATUS_LABELS } from "#app/forms/admin.ts";
import {
  AUDIENCE_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_TITLE_MAX,
  campaignsPostSchema,
  formatWon,
  PRICE_MAX,
  unitPrice,
  type CampaignAudience,
} from "#app/forms/campaigns.ts";
import { composeText, smsLength, smsLengthLabel } from "#app/forms/lead-text.ts";
import { formatKst } from "#app/utils/kst.ts";
import { useTypedText } from "#app/utils/use-typed-text.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { LEAD_KINDS } from "#app/vocabulary.ts";
import { ErrorList, Field, SelectField, useConsoleForm } from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm } from "../submission.server.ts";
import type { Route } from "./+types/campaigns";

/**
 * Campaign texts (README "캠페인 문자"): the site's campaigns, a new one (who, what, 대상 확인), and
 * the office's unit prices. A campaign is sent from its own page (campaign.tsx).
 */

const MESSAGES = { prices: "문자 단가를 저장했습니다." } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const [pack, campaigns, prices] = await Promise.all([textPack(site), listCampaigns(site), pricesOf(site)]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    campaigns,
    prices,
    wrap: campaignWrap(site, pack),
    kindLabels: pack.leads.kindLabels,
    message: done && done in MESSAGES ? MESSAGES[done as keyof typeof MESSAGES] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const change = changeContext(context, admin);
  const pack = await textPack(change.site);
  const parsed = parseConsoleForm(await request.formData(), campaignsPostSchema(campaignWrap(change.site, pack).counted));
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  switch (post.intent) {
    case "count": {
      const count = await countAudience(db(), change.site, audienceOf(post));
      return { result: parsed.submission.reply(), intent: post.intent, count };
    }
    case "create": {
      const id = await createCampaign(change, { title: post.title, body: post.body, audience: audienceOf(post) });
      throw redirect(`/admin/campaigns/${id}?done=created`, { status: 303 });
    }
    case "prices": {
      await setPrices(change, { smsPrice: post.smsPrice, lmsPrice: post.lmsPrice });
      throw redirect("/admin/campaigns?done=prices", { status: 303 });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

function audienceOf(post: CampaignAudience): CampaignAudience {
  const { kind, status, utmSource, utmCampaign, from, to, visited } = post;
  return { kind, status, utmSource, utmCampaign, from, to, visited };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "캠페인 문자 | 관리자",
    description: "캠페인 문자",
    path: "/admin/campaigns",
    robots: "noindex,nofollow",
  });

export default function CampaignsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaigns, prices, message } = loaderData;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">캠페인 문자</h1>
      </div>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      <p className="admin-muted">
        광고 문자는 수신 동의가 살아 있는 고객에게만, 번호마다 한 번 갑니다. 맨 앞의 (광고) 표시와, 맨 끝의 받는 분마다의 수신거부 링크와
        무료수신거부 번호는 자동으로 붙고, 21:00~08:00에는 보내지 않고 08:00까지 기다립니다.
      </p>

      <section className="admin-card" aria-labelledby="campaigns-list-heading">
        <h2 id="campaigns-list-heading" className="admin-card__title">
          캠페인 {campaigns.length}개
        </h2>
        {campaigns.length === 0 ? (
          <p className="admin-empty__text">아직 만든 캠페인이 없습니다. 아래에서 새 캠페인을 만들어 주세요.</p>
        ) : (
          <div className="admin-scroll">
            <table className="admin-table admin-table--compact">
              <thead>
                <tr>
                  <th scope="col">캠페인</th>
                  <th scope="col">상태</th>
                  <th scope="col">대상</th>
                  <th scope="col">보내는 때</th>
                </tr>
              </thead>
              <tbody>
                {campaigns.map((campaign) => (
                  <tr key={campaign.id}>
                    <th scope="row">
                      <Link to={`/admin/campaigns/${campaign.id}`}>{campaign.title}</Link>
                    </th>
                    <td>
                      <span className={`campaign-status campaign-status--${campaign.status}`}>
                        {CAMPAIGN_STATUS_LABELS[campaign.status]}
                      </span>
                    </td>
                    <td className="admin-num admin-nowrap">{campaign.audienceCount.toLocaleString("ko-KR")}명</td>
                    <td>{campaign.sendAt ? formatKst(campaign.sendAt) : "-"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <NewCampaign loaderData={loaderData} answer={actionData && actionData.intent !== "prices" ? actionData : undefined} prices={prices} />
      <PricesForm prices={prices} lastResult={actionData?.intent === "prices" ? actionData.result : undefined} />
    </div>
  );
}

type Answer = NonNullable<Route.ComponentProps["actionData"]>;

function NewCampaign({
  loaderData,
  answer,
  prices,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  answer?: Answer;
  prices: Route.ComponentProps["loaderData"]["prices"];
}) {
  const { wrap, kindLabels } = loaderData;
  const schema = useMemo(() => campaignsPostSchema(wrap.counted), [wrap]);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [form, fields] = useConsoleForm({
    id: "campaign-new",
    schema,
    lastResult: answer?.result,
    defaultValue: { intent: "count", kind: "", status: "", utmSource: "", utmCampaign: "", from: "", to: "", visited: "" },
  });
  const posted = (answer?.result.initialValue ?? {}) as { body?: unknown };
  const [body, setBody, bodyBox] = useTypedText<HTMLTextAreaElement>(typeof posted.body === "string" ? posted.body : "");
  const length = smsLength(composeText(body, true, wrap.counted));
  const count = answer && "count" in answer ? answer.count : null;
  const price = prices ? unitPrice(prices, length.type === "SMS" ? "sms" : "lms") : null;
  const kindOptions = [{ value: "", label: "전체" }, ...LEAD_KINDS.map((kind) => ({ value: kind, label: kindLabels[kind] }))];
  const statusOptions = [
    { value: "", label: "전체" },
    ...AUDIENCE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  ];
  const visitedOptions = [
    { value: "", label: "전체" },
    { value: "yes", label: "방문한 고객" },
    { value: "no", label: "방문하지 않은 고객" },
  ];
  return (
    <section className="admin-card" aria-labelledby="campaign-new-heading">
      <h2 id="campaign-new-heading" className="admin-card__title">
        새 캠페인
      </h2>
      <Form method="post" className="admin-form campaign-form" {...getFormProps(form)}>
        <Field meta={fields.title} label="캠페인 이름 (필수)" hint="고객에게는 보이지 않습니다." maxLength={CAMPAIGN_TITLE_MAX} />
        <div className="admin-field">
          <label htmlFor={fields.body.id}>보낼 내용 (필수)</label>
          {/* Controlled, for the live byte count; Conform's ids tie it to its errors. */}
          <textarea
            ref={bodyBox}
            id={fields.body.id}
            name={fields.body.name}
            rows={8}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-describedby={fields.body.errors ? `campaign-length ${fields.body.errorId}` : "campaign-length"}
            aria-invalid={fields.body.errors ? true : undefined}
          />
          <p id="campaign-length" className="admin-field__hint admin-texts__length" aria-live="polite">
            {smsLengthLabel(length)}
            {length.tooLong ? " · 너무 깁니다" : ""} · 광고 표시 포함. 맨 앞에 “{wrap.shown.prefix}”, 맨 끝에 받는 분마다의 수신거부 링크와
            무료수신거부 번호가 자동으로 붙습니다.
          </p>
          <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
        </div>
        <fieldset className="campaign-form__audience">
          <legend>받는 사람 (광고 수신 동의 고객 중)</legend>
          <SelectField meta={fields.kind} label="접수 종류" options={kindOptions} />
          <SelectField meta={fields.status} label="고객 상태" options={statusOptions} />
          <Field meta={fields.utmSource} label="유입 경로 (utm_source)" hint="예: naver. 비워 두면 전체" autoComplete="off" />
          <Field meta={fields.utmCampaign} label="캠페인 (utm_campaign)" hint="비워 두면 전체" autoComplete="off" />
          <Field meta={fields.from} type="date" label="접수일 시작" />
          <Field meta={fields.to} type="date" label="접수일 끝" />
          <SelectField meta={fields.visited} label="방문 여부" options={visitedOptions} />
        </fieldset>
        {count !== null ? (
          <p className="admin-notice campaign-count" role="status">
            <strong>대상 {count.toLocaleString("ko-KR")}명</strong> (수신 동의가 살아 있고 차단되지 않은 번호, 번호마다 한 명)
            {price !== null
              ? ` · 예상 비용 ${formatWon(count * price)} (${length.type} ${formatWon(price)} × ${count.toLocaleString("ko-KR")}건)`
              : ""}
          </p>
        ) : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" name="intent" value="count" className="admin-button" disabled={pending !== undefined}>
            {pending === "count" ? "세는 중…" : "대상 확인"}
          </button>
          <button
            type="submit"
            name="intent"
            value="create"
            className="admin-button admin-button--primary"
            disabled={pending !== undefined}
          >
            {pending === "create" ? "저장 중…" : "저장하고 발송 준비"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function PricesForm({ prices, lastResult }: { prices: { smsPrice: number; lmsPrice: number } | null; lastResult?: Answer["result"] }) {
  const schema = useMemo(() => campaignsPostSchema({ prefix: "", suffix: "" }), []);
  const [form, fields] = useConsoleForm({
    id: "campaign-prices",
    schema,
    lastResult,
    defaultValue: { intent: "prices", smsPrice: prices ? String(prices.smsPrice) : "", lmsPrice: prices ? String(prices.lmsPrice) : "" },
  });
  return (
    <section className="admin-card" aria-labelledby="campaign-prices-heading">
      <h2 id="campaign-prices-heading" className="admin-card__title">
        문자 단가
      </h2>
      <p className="admin-muted">
        {prices
          ? "문자 업체와 계약한 건당 가격입니다. 예상 비용과 실제 비용을 이 단가로 계산합니다(보낸 캠페인은 보낼 때의 단가로)."
          : "단가를 넣으면 캠페인마다 예상 비용과 실제 비용을 보여 줍니다. 문자 업체와 계약한 건당 가격을 넣어 주세요."}
      </p>
      <Form method="post" className="admin-form campaign-prices" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="prices" />
        <Field meta={fields.smsPrice} type="number" label="SMS 1건 (원)" min={0} max={PRICE_MAX} inputMode="numeric" />
        <Field meta={fields.lmsPrice} type="number" label="LMS 1건 (원)" min={0} max={PRICE_MAX} inputMode="numeric" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            단가 저장
          </button>
        </div>
      </Form>
    </section>
  );
}
