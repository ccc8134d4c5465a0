import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { heldTextsSummary, listOutboxPage, outboxCounts, retryFailedMessage, textsAreNotSent } from "#app/.server/outbox/console.ts";
import { requireSite } from "#app/.server/site.ts";
import { OUTBOX_VIEWS, RETRY_MESSAGES, RetryFormSchema, SMS_PURPOSE_LABELS, type OutboxView } from "#app/forms/admin.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatKst } from "#app/utils/kst.ts";
import { signedInAdmin } from "./guard.server.ts";
import { HeldTextsNotice, LOGGED_ONLY_LABEL, OutboxStatus, TestModeNotice } from "./outbox-parts.tsx";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { ErrorList, useConsoleForm } from "./forms.tsx";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/notifications";
import { requireWholeNumbers } from "./leads/numbers.server.ts";

const VIEW_LABELS: Record<OutboxView, string> = { pending: "대기", sent: "발송 완료", failed: "실패", held: "보류" };
/** While texts only go to the server log, "sent" is not what happened to them. */
const TEST_MODE_VIEW_LABELS: Record<OutboxView, string> = { ...VIEW_LABELS, sent: LOGGED_ONLY_LABEL };

function parseView(value: string | null): OutboxView | undefined {
  return OUTBOX_VIEWS.find((view) => view === value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const params = new URL(request.url).searchParams;
  const view = parseView(params.get("view"));
  const beforeId = requireWholeNumbers(new URL(request.url), ["before"]).before;
  const site = requireSite(context);
  const [page, counts, held] = await Promise.all([
    listOutboxPage({ site: site.slug, view, beforeId }),
    outboxCounts(site.slug),
    heldTextsSummary(site.slug),
  ]);
  await recordConsoleAccess(context, admin, "outbox.view", {
    leadIds: page.messages.flatMap((message) => (message.leadId === null ? [] : [message.leadId])),
    detail: { view: view ?? "all", paged: Boolean(beforeId) },
  });
  return {
    view: view ?? null,
    paged: Boolean(beforeId),
    ...page,
    counts,
    held,
    kindLabels: site.pack.leads.kindLabels,
    testMode: textsAreNotSent(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const form = await request.formData();
  // The answer goes beside the retry button of the text it was about.
  const about = { extra: { id: String(form.get("id") ?? "") } };
  const parsed = parseConsoleForm(form, RetryFormSchema);
  if (!parsed.ok) return refuseSubmission(parsed.submission, {}, about);
  const post = parsed.value;
  switch (post.intent) {
    case "retry": {
      const queued = await retryFailedMessage(requireSite(context).slug, post.id, admin);
      if (!queued) return refuseSubmission(parsed.submission, { formErrors: [RETRY_MESSAGES.notFailed] }, { ...about, status: 409 });
      return redirect(`/admin/notifications${new URL(request.url).search}`, { status: 303 });
    }
    default:
      post.intent satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "문자 발송 | 관리자",
    description: "문자 발송 현황",
    path: "/admin/notifications",
    robots: "noindex,nofollow",
  });

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, paged, messages, nextBeforeId, counts, held, kindLabels, testMode } = loaderData;
  const viewLabels = testMode ? TEST_MODE_VIEW_LABELS : VIEW_LABELS;
  const navigation = useNavigation();
  const retrying = navigation.state === "submitting" ? navigation.formData?.get("id") : undefined;
  const viewQuery = view ? `view=${view}` : "";
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">문자 발송</h1>
      </div>
      <nav className="admin-tabs" aria-label="발송 상태">
        <Link to="/admin/notifications" className="admin-tabs__tab" aria-current={view === null ? "page" : undefined}>
          전체
        </Link>
        {OUTBOX_VIEWS.map((item) => (
          <Link
            key={item}
            to={`/admin/notifications?view=${item}`}
            className={`admin-tabs__tab admin-tabs__tab--${item}`}
            aria-current={view === item ? "page" : undefined}
          >
            {viewLabels[item]} <span className="admin-tabs__count">{counts[item].toLocaleString("ko-KR")}</span>
          </Link>
        ))}
      </nav>
      {testMode ? <TestModeNotice /> : null}
      <HeldTextsNotice held={held} />
      {actionData && !messages.some((message) => String(message.id) === actionData.id) ? (
        // A text no longer on this page (another person sent it again, or the list moved on).
        <ErrorList errors={Object.values(actionData.result.error ?? {}).flat()} />
      ) : null}
      {messages.length === 0 ? (
        <p className="admin-card admin-empty__text">표시할 문자가 없습니다.</p>
      ) : (
        <ul className="admin-messages admin-messages--outbox">
          {messages.map((message) => (
            <li key={message.id} className="admin-card admin-message">
              <div className="admin-message__head">
                <OutboxStatus message={message} />
                <strong>{SMS_PURPOSE_LABELS[message.purpose]}</strong>
                {message.advertising ? <span className="admin-sms admin-sms--advertising">광고</span> : null}
                <span className="admin-nowrap">{message.recipient}</span>
                {message.leadId && message.leadName ? (
                  <Link to={`/admin/leads/${message.leadId}`}>
                    {message.leadName}
                    {message.leadKind ? ` · ${kindLabels[message.leadKind]}` : ""}
                  </Link>
                ) : (
                  <span className="admin-muted">연결된 접수 없음</span>
                )}
              </div>
              <p className="admin-message__meta admin-muted">
                #{message.id} · {formatKst(message.createdAt)} 접수
                {message.sentAt ? ` · ${formatKst(message.sentAt)} ${message.loggedOnly ? "기록" : "발송"}` : ""}
                {message.sendsAt ? ` · ${formatKst(message.sendsAt)} 발송 예정` : ""}
                {message.status === "pending" && message.attempts > 0 ? ` · 다음 시도 ${formatKst(message.nextAttemptAt)}` : ""} · 시도{" "}
                {message.attempts}회{message.provider ? ` · ${message.provider}` : ""}
                {message.providerMessageId ? ` · 접수번호 ${message.providerMessageId}` : ""}
              </p>
              <p className="admin-message__response">
                <span className="admin-muted">발송 결과: </span>
                {message.answer ?? "아직 없음"}
              </p>
              {message.body === null ? null : (
                <details>
                  <summary>문자 내용</summary>
                  <pre className="admin-message__body">{message.body}</pre>
                </details>
              )}
              {message.status === "failed" ? (
                <RetryForm
                  id={message.id}
                  sending={retrying === String(message.id)}
                  lastResult={actionData?.id === String(message.id) ? actionData.result : undefined}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <nav className="admin-pager" aria-label="페이지">
        {paged ? (
          <Link to={`/admin/notifications${viewQuery ? `?${viewQuery}` : ""}`} className="admin-button admin-button--ghost">
            처음으로
          </Link>
        ) : null}
        {nextBeforeId ? (
          <Link to={`/admin/notifications?${[viewQuery, `before=${nextBeforeId}`].filter(Boolean).join("&")}`} className="admin-button">
            이전 문자 더 보기
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

/** A failed text's "다시 보내기", with the answer to it (a text already sent again) right beside it. */
function RetryForm({ id, sending, lastResult }: { id: number; sending: boolean; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useConsoleForm({
    id: `retry-${id}`,
    schema: RetryFormSchema,
    lastResult,
    defaultValue: { intent: "retry", id: String(id) },
  });
  const { key: _key, defaultValue: _posted, ...idProps } = getInputProps(fields.id, { type: "hidden" });
  return (
    <Form method="post" className="admin-message__retry" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="retry" />
      <input {...idProps} value={id} />
      <button
        type="submit"
        className="admin-button admin-button--primary"
        disabled={sending}
        aria-describedby={form.errors ? form.errorId : undefined}
      >
        {sending ? "다시 보내는 중…" : "다시 보내기"}
      </button>
      <ErrorList id={fields.id.errorId} errors={fields.id.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
