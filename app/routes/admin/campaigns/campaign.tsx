import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { controlCampaign, getCampaign, ownMobile, sendCampaign, sendTestText } from "#app/.server/campaigns/campaigns.ts";
import { requireSite } from "#app/.server/site.ts";
import { STATUS_LABELS } from "#app/forms/admin.ts";
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUS_LABELS,
  CampaignPostSchema,
  formatWon,
  RECIPIENT_STATE_LABELS,
  type CampaignAudience,
} from "#app/forms/campaigns.ts";
import { PHONE_HINT } from "#app/forms/lead.ts";
import { smsLengthLabel } from "#app/forms/lead-text.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { withParticle } from "#app/utils/particles.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { ErrorList, Field, SelectField, useConsoleForm } from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { requireWholeNumbers } from "../leads/numbers.server.ts";
import { OutboxStatus, TestModeNotice } from "../outbox-parts.tsx";
import { useRevalidateWhile } from "../popups/image-progress.tsx";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { campaignPage, notFound, requireCampaignId } from "./campaign.server.ts";
import type { Route } from "./+types/campaign";

/** One campaign: its text and audience, a test to oneself, send now or at a time, its progress, pause/resume/cancel. */

const DONE_MESSAGES = {
  created: "캠페인을 저장했습니다. 대상 수와 문구를 확인하고 시험 문자를 받아 본 뒤 보내 주세요.",
  test: "시험 문자를 보냈습니다.",
  "test-later": "시험 문자는 광고 문자라 08:00에 보냅니다.",
  sending: "보내기 시작했습니다. 묶음으로 나누어 차례로 보냅니다.",
  scheduled: "발송을 예약했습니다.",
  pause: "일시 정지했습니다. 아직 보내지 않은 문자는 캠페인으로 돌아왔습니다.",
  resume: "다시 보내기 시작했습니다.",
  cancel: "캠페인을 취소했습니다. 아직 보내지 않은 문자는 보내지 않습니다.",
} as const;

const NOT_ALLOWED = "지금 상태에서는 할 수 없는 요청입니다. 화면을 새로 고쳐 주세요.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const id = requireCampaignId(params.id);
  const campaign = await getCampaign(requireSite(context).slug, id);
  if (!campaign) throw notFound();
  const url = new URL(request.url);
  const { after } = requireWholeNumbers(url, ["after"]);
  const page = await campaignPage(campaign, { afterId: after });
  // The recipients' names and numbers are personal data on screen.
  await recordConsoleAccess(context, admin, "outbox.view", {
    leadIds: page.recipients.flatMap((recipient) => (recipient.leadId === null ? [] : [recipient.leadId])),
    detail: { campaignId: id },
  });
  const done = url.searchParams.get("done");
  const mobile = await ownMobile(admin.id);
  return {
    ...page,
    ownMobile: mobile ? formatPhone(mobile) : null,
    paged: after !== undefined,
    message: done && done in DONE_MESSAGES ? DONE_MESSAGES[done as keyof typeof DONE_MESSAGES] : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const id = requireCampaignId(params.id);
  const change = changeContext(context, admin);
  const parsed = parseConsoleForm(await request.formData(), CampaignPostSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const back = (done: keyof typeof DONE_MESSAGES) => redirect(`/admin/campaigns/${id}?done=${done}`, { status: 303 });
  const refuse = (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }, status = 400) =>
    refuseSubmission(parsed.submission, errors, { status, extra: { intent: post.intent } });
  switch (post.intent) {
    case "test": {
      const sent = await sendTestText(change, id, post.phone);
      if (sent.outcome !== "queued") {
        if (sent.outcome === "not-found") throw notFound();
        return refuse({ fieldErrors: { phone: [CAMPAIGN_MESSAGES.noPhone] } });
      }
      throw back(sent.sendsAt ? "test-later" : "test");
    }
    case "send": {
      const sent = await sendCampaign(change, id, post);
      switch (sent.outcome) {
        case "not-found":
          throw notFound();
        case "not-draft":
          return refuse({ formErrors: [CAMPAIGN_MESSAGES.notDraft] }, 409);
        case "past":
          return refuse({ fieldErrors: { time: [CAMPAIGN_MESSAGES.past] } });
        case "empty":
          return refuse({ formErrors: [CAMPAIGN_MESSAGES.emptyAudience] }, 409);
        case "count-changed":
          return refuse({ formErrors: [`${CAMPAIGN_MESSAGES.countChanged} (지금 ${sent.audienceCount.toLocaleString("ko-KR")}명)`] }, 409);
        case "sending":
        case "scheduled":
          throw back(sent.outcome);
      }
      throw data(NOT_ALLOWED, { status: 409 });
    }
    case "pause":
    case "resume":
    case "cancel": {
      const controlled = await controlCampaign(change, id, post.intent);
      if (controlled.outcome === "not-found") throw notFound();
      if (controlled.outcome === "not-allowed") return refuse({ formErrors: [NOT_ALLOWED] }, 409);
      throw back(post.intent);
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData ? `${loaderData.campaign.title} | 캠페인 문자 | 관리자` : "캠페인 문자 | 관리자",
    description: "캠페인 문자",
    path: loaderData ? `/admin/campaigns/${loaderData.campaign.id}` : "/admin/campaigns",
    robots: "noindex,nofollow",
  });

type LoaderData = Route.ComponentProps["loaderData"];
type Answer = Route.ComponentProps["actionData"];

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, progress, cost, message, testMode } = loaderData;
  // Until it is done or cancelled, the numbers move on their own.
  useRevalidateWhile(campaign.status === "sending" || campaign.status === "scheduled");
  const answerFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to="/admin/campaigns">← 캠페인 문자</Link>
      </p>
      <div className="admin-page__head">
        <h1 className="admin-title">{campaign.title}</h1>
        <span className={`campaign-status campaign-status--${campaign.status}`}>{CAMPAIGN_STATUS_LABELS[campaign.status]}</span>
      </div>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      {testMode ? <TestModeNotice /> : null}

      <section className="admin-card" aria-labelledby="campaign-summary-heading">
        <h2 id="campaign-summary-heading" className="admin-card__title">
          보내는 문자
        </h2>
        <pre className="template-text campaign-text" aria-label="고객이 받는 문자">
          {campaign.text}
        </pre>
        <p className="admin-muted">{smsLengthLabel(campaign.length)} · 광고 표시와 무료수신거부 안내는 자동으로 붙습니다.</p>
        <dl className="campaign-facts">
          <dt>받는 사람</dt>
          <dd>
            <strong>{campaign.audienceCount.toLocaleString("ko-KR")}명</strong> · {audienceWords(campaign.audience, loaderData.kindLabels)}
          </dd>
          {campaign.skippedCount > 0 ? (
            <>
              <dt>보낼 때 제외</dt>
              <dd>{campaign.skippedCount.toLocaleString("ko-KR")}명 (그사이 수신 동의를 철회했거나 차단된 번호)</dd>
            </>
          ) : null}
          {campaign.sendAt ? (
            <>
              <dt>보내는 때</dt>
              <dd>{formatKst(campaign.sendAt)}</dd>
            </>
          ) : null}
          <dt>예상 비용</dt>
          <dd>{cost.estimated === null ? "문자 단가를 넣으면 보여 드립니다" : formatWon(cost.estimated)}</dd>
          {cost.actual !== null ? (
            <>
              <dt>실제 비용</dt>
              <dd>
                {formatWon(cost.actual)} (SMS {progress.chargedSms.toLocaleString("ko-KR")}건 · LMS{" "}
                {progress.chargedLms.toLocaleString("ko-KR")}건)
              </dd>
            </>
          ) : null}
        </dl>
        {loaderData.pricesSet ? null : (
          <p className="admin-muted">
            <Link to="/admin/campaigns#campaign-prices-heading">문자 단가 넣기</Link>
          </p>
        )}
      </section>

      {campaign.status === "draft" ? (
        <>
          <TestForm ownMobile={loaderData.ownMobile} lastResult={answerFor("test")} />
          <SendForm count={campaign.audienceCount} lastResult={answerFor("send")} />
        </>
      ) : (
        <Progress loaderData={loaderData} />
      )}
      <Controls status={campaign.status} answer={actionData} />
      {campaign.status === "draft" ? null : <Recipients loaderData={loaderData} />}
    </div>
  );
}

function audienceWords(audience: CampaignAudience, kindLabels: LoaderData["kindLabels"]) {
  const words = [
    audience.kind ? kindLabels[audience.kind] : "모든 접수",
    audience.status ? STATUS_LABELS[audience.status] : null,
    audience.utmSource ? `유입 ${audience.utmSource}` : null,
    audience.utmCampaign ? `캠페인 ${audience.utmCampaign}` : null,
    audience.from || audience.to ? `접수일 ${audience.from || "처음"} ~ ${audience.to || "오늘"}` : null,
    audience.visited === "yes" ? "방문한 고객" : audience.visited === "no" ? "방문하지 않은 고객" : null,
  ];
  return `${words.filter(Boolean).join(" · ")} 중 광고 수신 동의 고객`;
}

function TestForm({ ownMobile, lastResult }: { ownMobile: string | null; lastResult: NonNullable<Answer>["result"] | undefined }) {
  const [form, fields] = useConsoleForm({
    id: "campaign-test",
    schema: CampaignPostSchema,
    lastResult,
    defaultValue: { intent: "test", phone: "" },
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "test";
  return (
    <section className="admin-card" aria-labelledby="campaign-test-heading">
      <h2 id="campaign-test-heading" className="admin-card__title">
        시험 발송
      </h2>
      <Form method="post" className="admin-form campaign-inline" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="test" />
        <Field
          meta={fields.phone}
          type="tel"
          label="받을 번호"
          hint={
            ownMobile
              ? `비워 두면 내 계정의 휴대전화 ${withParticle(ownMobile, "으로/로")} 보냅니다.`
              : `내 휴대전화 번호를 넣어 주세요. ${PHONE_HINT}`
          }
          autoComplete="tel"
          inputMode="tel"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={busy}>
            {busy ? "보내는 중…" : "나에게 시험 문자 보내기"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function SendForm({ count, lastResult }: { count: number; lastResult: NonNullable<Answer>["result"] | undefined }) {
  const [form, fields] = useConsoleForm({
    id: "campaign-send",
    schema: CampaignPostSchema,
    lastResult,
    defaultValue: { intent: "send", when: "now", day: "", time: "", expectedCount: String(count) },
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  return (
    <section className="admin-card" aria-labelledby="campaign-send-heading">
      <h2 id="campaign-send-heading" className="admin-card__title">
        보내기
      </h2>
      <p className="admin-muted">
        보낼 때 대상을 다시 확인해 그사이 수신을 거부한 사람은 빼고 보냅니다. 21:00~08:00에 보내거나 예약하면 08:00에 보냅니다.
      </p>
      <Form method="post" className="admin-form campaign-inline" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="expectedCount" value={count} />
        <SelectField
          meta={fields.when}
          label="언제"
          options={[
            { value: "now", label: "지금 보내기" },
            { value: "later", label: "예약하기" },
          ]}
        />
        <Field meta={fields.day} type="date" label="예약 날짜" hint="예약할 때만" />
        <Field meta={fields.time} type="time" label="예약 시각" hint="예약할 때만 (한국 시간)" />
        <ErrorList id={fields.expectedCount.errorId} errors={fields.expectedCount.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={busy || count === 0}>
            {busy ? "보내는 중…" : `${count.toLocaleString("ko-KR")}명에게 보내기`}
          </button>
        </div>
      </Form>
    </section>
  );
}

function Progress({ loaderData }: { loaderData: LoaderData }) {
  const { progress } = loaderData;
  const finished = progress.total - progress.remaining;
  return (
    <section className="admin-card" aria-labelledby="campaign-progress-heading">
      <h2 id="campaign-progress-heading" className="admin-card__title">
        발송 현황
      </h2>
      <progress
        className="campaign-progress"
        max={Math.max(progress.total, 1)}
        value={finished}
        aria-label={`${progress.total.toLocaleString("ko-KR")}명 중 ${finished.toLocaleString("ko-KR")}명 처리`}
      />
      <ul className="campaign-counts">
        <li>
          발송 <strong data-count="sent">{progress.sent.toLocaleString("ko-KR")}</strong>
        </li>
        <li>
          수신 <strong data-count="delivered">{progress.delivered.toLocaleString("ko-KR")}</strong>
        </li>
        <li>
          실패 <strong data-count="failed">{progress.failed.toLocaleString("ko-KR")}</strong>
        </li>
        <li>
          남음 <strong data-count="remaining">{progress.remaining.toLocaleString("ko-KR")}</strong>
        </li>
        {progress.skipped > 0 ? (
          <li>
            제외 <strong data-count="skipped">{progress.skipped.toLocaleString("ko-KR")}</strong>
          </li>
        ) : null}
        {progress.cancelled > 0 ? (
          <li>
            취소 <strong data-count="cancelled">{progress.cancelled.toLocaleString("ko-KR")}</strong>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

const CONTROLS = {
  draft: ["cancel"],
  scheduled: ["pause", "cancel"],
  sending: ["pause", "cancel"],
  paused: ["resume", "cancel"],
  done: [],
  cancelled: [],
} as const;

const CONTROL_LABELS = { pause: "일시 정지", resume: "다시 보내기", cancel: "캠페인 취소" } as const;

function Controls({ status, answer }: { status: keyof typeof CONTROLS; answer: Answer }) {
  const controls = CONTROLS[status];
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  if (controls.length === 0) return null;
  const refused = answer && controls.some((control) => control === answer.intent) ? answer.result.error?.[""] : undefined;
  return (
    <Form method="post" className="admin-actions campaign-controls">
      {controls.map((control) => (
        <button
          key={control}
          type="submit"
          name="intent"
          value={control}
          className={control === "cancel" ? "admin-button admin-button--ghost" : "admin-button"}
          disabled={pending !== undefined}
        >
          {CONTROL_LABELS[control]}
        </button>
      ))}
      <ErrorList errors={refused} />
    </Form>
  );
}

function Recipients({ loaderData }: { loaderData: LoaderData }) {
  const { recipients, nextAfterId, paged, campaign } = loaderData;
  return (
    <section className="admin-card" aria-labelledby="campaign-recipients-heading">
      <h2 id="campaign-recipients-heading" className="admin-card__title">
        받는 사람별 결과
      </h2>
      {recipients.length === 0 ? (
        <p className="admin-empty__text">받는 사람이 없습니다.</p>
      ) : (
        <ul className="campaign-recipients">
          {recipients.map((recipient) => (
            <li key={recipient.id} className="campaign-recipient">
              {recipient.leadId && recipient.leadName ? (
                <Link to={`/admin/leads/${recipient.leadId}#texts`}>{recipient.leadName}</Link>
              ) : (
                <span className="admin-muted">접수 없음</span>
              )}
              <span className="admin-nowrap">{formatPhone(recipient.phone)}</span>
              {recipient.message ? (
                <span className="campaign-recipient__state">
                  <OutboxStatus message={recipient.message} />
                </span>
              ) : (
                <span className="admin-muted">{RECIPIENT_STATE_LABELS[recipient.state]}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <nav className="admin-pager" aria-label="받는 사람 페이지">
        {paged ? (
          <Link to={`/admin/campaigns/${campaign.id}`} className="admin-button admin-button--ghost">
            처음으로
          </Link>
        ) : null}
        {nextAfterId ? (
          <Link to={`/admin/campaigns/${campaign.id}?after=${nextAfterId}`} className="admin-button">
            다음 50명
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
