import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useMemo, useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { SMS_PURPOSE_LABELS } from "#app/forms/admin.ts";
import { composeText, leadTextFormSchema, smsLength, smsLengthLabel, type AdvertisingWrap } from "#app/forms/lead-text.ts";
import { formatKst } from "#app/utils/kst.ts";
import { withParticle } from "#app/utils/particles.ts";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { useTypedText } from "#app/utils/use-typed-text.ts";
import { ErrorList, useConsoleForm, type ConsoleFormAnswer } from "../forms.tsx";
import { OutboxStatus, TestModeNotice } from "../outbox-parts.tsx";
import type { OutboxStatus as OutboxStatusValue, SmsPurpose } from "#app/vocabulary.ts";

/**
 * A lead's texts (the outbox rows of the lead) and, for whoever works the lead, the form that
 * texts the customer (posted to /admin/leads/:id/text) and the button that records their
 * opt-out from advertising. Shared by the lead's page and the text route's own page, which a
 * refused post without JavaScript lands on.
 */

export interface LeadTextsPanel {
  testMode: boolean;
  messages: {
    id: number;
    status: OutboxStatusValue;
    purpose: SmsPurpose;
    recipient: string;
    body: string | null;
    attempts: number;
    advertising: boolean;
    loggedOnly: boolean;
    answer: string | null;
    sendsAt: Date | null;
    sentAt: Date | null;
    createdAt: Date;
  }[];
  form: {
    templates: { key: string; label: string; text: string; advertising: boolean }[];
    wrap: AdvertisingWrap;
    standing: "consented" | "no-consent" | "opted-out" | null;
  } | null;
}

const FLASH: Record<string, string> = {
  queued: "문자를 발송 대기열에 넣었습니다.",
  later: "광고성 문자는 21:00~08:00에 보낼 수 없어 08:00에 보냅니다.",
  held: "사이트의 시간당 문자 한도를 넘어 보내지 않고 보류했습니다.",
  "opted-out": "이 고객의 광고 문자 수신 거부를 기록하고 처리 안내 문자를 보냈습니다. 보내기 전인 광고 문자는 취소했습니다.",
  "already-opted-out": "이미 광고 문자 수신을 거부한 고객입니다. 새로 기록하거나 보낸 것은 없습니다.",
};

const STANDING_LABELS = {
  consented: "광고성 정보 수신에 동의한 고객입니다.",
  "no-consent": "광고성 정보 수신에 동의하지 않은 고객입니다. 광고 문자는 보낼 수 없습니다.",
  "opted-out": "광고 문자 수신을 거부한 고객입니다. 광고 문자는 보낼 수 없습니다.",
} as const;

export function LeadTexts({
  leadId,
  panel,
  outboxLink,
  answer,
}: {
  leadId: number;
  panel: LeadTextsPanel;
  outboxLink: boolean;
  answer?: SubmissionResult<string[]>;
}) {
  const [params] = useSearchParams();
  const flash = FLASH[params.get("text") ?? ""];
  return (
    <section id="texts" className="admin-card admin-texts" aria-labelledby="lead-sms-title">
      <h2 id="lead-sms-title" className="admin-card__title">
        문자
      </h2>
      {panel.testMode ? <TestModeNotice /> : null}
      {flash ? (
        <p className="admin-notice" role="status">
          {flash}
        </p>
      ) : null}
      {panel.form ? (
        <TextForm leadId={leadId} form={panel.form} answer={answer} key={params.toString()} />
      ) : (
        <p className="admin-muted">담당으로 배정된 고객에게만 문자를 보낼 수 있습니다.</p>
      )}
      <h3 className="admin-texts__subtitle">보낸 문자</h3>
      {panel.messages.length === 0 ? (
        <p className="admin-empty__text">이 접수로 보낸 문자가 없습니다.</p>
      ) : (
        <ul className="admin-messages">
          {panel.messages.map((message) => (
            <li key={message.id} className="admin-message">
              <p className="admin-message__head">
                <OutboxStatus message={message} />
                <strong>{SMS_PURPOSE_LABELS[message.purpose]}</strong>
                {message.advertising ? <span className="admin-sms admin-sms--advertising">광고</span> : null}
                <span className="admin-nowrap">{message.recipient}</span>
                <span className="admin-muted">
                  {message.sentAt
                    ? `${formatKst(message.sentAt)} ${message.loggedOnly ? "기록" : "발송"}`
                    : `${formatKst(message.createdAt)} 접수`}{" "}
                  · 시도 {message.attempts}회
                </span>
              </p>
              {message.answer ? <p className="admin-message__response">{message.answer}</p> : null}
              {message.body === null ? null : (
                <details>
                  <summary>문자 내용</summary>
                  <pre className="admin-message__body">{message.body}</pre>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {outboxLink ? (
        <Link to="/admin/notifications" className="admin-link">
          문자 발송 현황 전체 보기
        </Link>
      ) : null}
    </section>
  );
}

function TextForm({
  leadId,
  form,
  answer,
}: {
  leadId: number;
  form: NonNullable<LeadTextsPanel["form"]>;
  answer?: SubmissionResult<string[]>;
}) {
  const [params] = useSearchParams();
  const fetcher = useFetcher<ConsoleFormAnswer>();
  const lastResult = fetcher.data?.result ?? answer;
  const schema = useMemo(
    () =>
      leadTextFormSchema({
        wrap: form.wrap,
        advertisingTemplates: form.templates.filter((template) => template.advertising).map((template) => template.key),
      }),
    [form],
  );
  const [conform, fields] = useConsoleForm({ id: `lead-text-${leadId}`, schema, lastResult, navigates: false });
  // What was posted comes back with the answer; the body and template stay as typed.
  const posted = (lastResult?.initialValue ?? {}) as { body?: unknown; template?: unknown; advertising?: unknown };
  const chosen = form.templates.find(
    (template) => template.key === (typeof posted.template === "string" ? posted.template : params.get("template")),
  );
  const [template, setTemplate] = useState(chosen);
  const [body, setBody, bodyBox] = useTypedText<HTMLTextAreaElement>(typeof posted.body === "string" ? posted.body : (chosen?.text ?? ""));
  const [ticked, setTicked] = useState(posted.advertising === "yes");
  // Until the page's script runs, choosing a template takes the 불러오기 button (a GET with ?template=).
  const hydrated = useHydrated();
  const advertising = ticked || template?.advertising === true;
  const length = smsLength(composeText(body, advertising, form.wrap));
  const busy = fetcher.state !== "idle";
  const action = `/admin/leads/${leadId}/text`;
  const bodyErrors = fields.body.errors;
  const advertisingErrors = fields.advertising.errors;
  return (
    <div className="admin-texts__compose">
      <Form method="get" className="admin-texts__template" preventScrollReset>
        <div className="admin-field">
          <label htmlFor="text-template">문구</label>
          <select
            id="text-template"
            name="template"
            value={template?.key ?? ""}
            onChange={(event) => {
              const next = form.templates.find((each) => each.key === event.target.value);
              setTemplate(next);
              setBody(next?.text ?? "");
            }}
          >
            <option value="">직접 작성</option>
            {form.templates.map((each) => (
              <option key={each.key} value={each.key}>
                {each.label}
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <button type="submit" className="admin-button">
            불러오기
          </button>
        )}
      </Form>
      <fetcher.Form method="post" action={action} className="admin-form" {...getFormProps(conform)}>
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="template" value={template?.key ?? ""} />
        <div className="admin-field">
          <label htmlFor={fields.body.id}>보낼 내용</label>
          {/* Controlled, for the live length; Conform's ids tie it to its errors. */}
          <textarea
            ref={bodyBox}
            id={fields.body.id}
            name={fields.body.name}
            rows={7}
            required
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-describedby={bodyErrors ? `text-length ${fields.body.errorId}` : "text-length"}
            aria-invalid={bodyErrors ? true : undefined}
          />
          <p id="text-length" className="admin-field__hint admin-texts__length" aria-live="polite">
            {smsLengthLabel(length)}
            {length.tooLong ? " · 너무 깁니다" : ""}
            {advertising ? " · 광고 표시 포함" : ""}
          </p>
          <ErrorList id={fields.body.errorId} errors={bodyErrors} />
        </div>
        <div className="admin-texts__advertising">
          <label>
            <input
              type="checkbox"
              name="advertising"
              value="yes"
              aria-invalid={advertisingErrors ? true : undefined}
              aria-describedby={advertisingErrors ? fields.advertising.errorId : undefined}
              checked={advertising}
              disabled={template?.advertising === true}
              onChange={(event) => setTicked(event.target.checked)}
            />{" "}
            광고성 문자 (분양 소식·잔여세대·이벤트 안내)
          </label>
          {template?.advertising ? <input type="hidden" name="advertising" value="yes" /> : null}
          <p className="admin-field__hint">
            광고성 문자는 맨 앞에 “{form.wrap.prefix}”, 맨 끝에 {withParticle(`“${form.wrap.suffix}”`, "이/가")} 붙고, 21:00~08:00에는
            08:00까지 기다렸다 보냅니다.
            {form.standing ? ` ${STANDING_LABELS[form.standing]}` : ""}
          </p>
          <ErrorList id={fields.advertising.errorId} errors={advertisingErrors} />
        </div>
        <ErrorList id={conform.errorId} errors={conform.errors} />
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? "보내는 중…" : "문자 보내기"}
        </button>
      </fetcher.Form>
      {form.standing === "opted-out" ? null : (
        <Form method="post" action={action} className="admin-texts__opt-out">
          <input type="hidden" name="intent" value="opt-out" />
          <p className="admin-field__hint">고객이 광고 문자를 그만 받겠다고 하면 기록해 주세요. 이후 광고 문자는 보내지 않습니다.</p>
          <button type="submit" className="admin-button admin-button--small">
            광고 수신 거부 처리
          </button>
        </Form>
      )}
    </div>
  );
}
