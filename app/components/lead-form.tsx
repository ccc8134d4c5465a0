import { useCallback, useEffect, useId, useRef, useState } from "react";
import {
  LEAD_FORM_TEXT,
  LEAD_MESSAGES,
  MESSAGE_MAX,
  NAME_HINT,
  NAME_MAX,
  NAME_PATTERN_ATTRIBUTE,
  PHONE_HINT,
  PHONE_PATTERN_ATTRIBUTE,
  LEAD_ENDPOINTS,
  formTokenSlot,
} from "#app/forms/lead.ts";
import type { ErrorField, FieldErrors, FormValues } from "#app/forms/lead-schema.ts";
import { reportLeadConversion } from "#app/utils/analytics.ts";
import { prepareFormToken, setFormToken, waitForFillTime } from "./form-token.ts";
import { FormsStylesheet } from "./stylesheets.tsx";
import type { LeadKind } from "#app/vocabulary.ts";

/**
 * What the three lead forms share: browser-side checks with the server's schema, posting to
 * the kind's JSON endpoint, one submission id per filled-in form (kept across a retry so the
 * server makes one lead), and the spec's result messages.
 */

export type SubmissionState =
  | { state: "editing"; message?: undefined }
  | { state: "submitting"; message?: undefined }
  | { state: "done"; message: string }
  | { state: "failed"; message: string };

/** The validator is fetched the first time someone submits, not with every page. */
function loadSchema() {
  return import("#app/forms/lead-schema.ts");
}

const noCheck = (): FieldErrors => ({});

export function useLeadSubmission(
  kind: LeadKind,
  initialErrors: FieldErrors = {},
  /** A check of what the schema can't see (the visit form's time choice), run before sending. */
  check: (form: HTMLFormElement) => FieldErrors = noCheck,
) {
  const [status, setStatus] = useState<SubmissionState>({ state: "editing" });
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const submissionId = useRef<string | null>(null);

  /** Checks the form; with problems, shows them and focuses the first one. Resolves true once stored. */
  const submit = useCallback(
    async (form: HTMLFormElement): Promise<boolean> => {
      const formData = new FormData(form);
      const parsed = (await loadSchema()).parseLeadForm(kind, formData);
      const problems = { ...(parsed.ok ? {} : parsed.errors), ...check(form) };
      if (Object.keys(problems).length > 0) {
        setErrors(problems);
        focusFirstInvalid(form, problems);
        return false;
      }
      setErrors({});
      submissionId.current ??= newSubmissionId();
      setStatus({ state: "submitting" });
      await prepareFormToken(kind, form);
      await waitForFillTime(form);
      const body = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === "string") body.append(key, value);
      body.set("_submission", submissionId.current);
      let response: Response;
      try {
        response = await fetch(LEAD_ENDPOINTS[kind], { method: "POST", body, headers: { Accept: "application/json" } });
      } catch {
        setStatus({ state: "failed", message: LEAD_MESSAGES.networkError });
        return false;
      }
      const answer = await readAnswer(response);
      if (answer?.token) setFormToken(form, answer.token);
      if (response.ok && answer?.ok) {
        submissionId.current = null;
        setStatus({ state: "done", message: answer.message ?? LEAD_MESSAGES.success });
        reportLeadConversion();
        return true;
      }
      // 400: a field the server refused; 409: the chosen visit time was taken meanwhile.
      if ((response.status === 400 || response.status === 409) && answer?.errors && Object.keys(answer.errors).length > 0) {
        setErrors(answer.errors);
        setStatus({ state: "editing" });
        focusFirstInvalid(form, answer.errors);
        return false;
      }
      const known = response.status === 413 || response.status === 429;
      setStatus({ state: "failed", message: known && answer?.message ? answer.message : LEAD_MESSAGES.failed });
      return false;
    },
    [kind, check],
  );

  /** After a first attempt, re-checks as the visitor types so fixed fields lose their message. */
  const revalidate = useCallback(
    async (form: HTMLFormElement) => {
      const { parseLeadForm } = await loadSchema();
      setErrors((current) => {
        if (Object.keys(current).length === 0) return current;
        const parsed = parseLeadForm(kind, new FormData(form));
        const problems = { ...(parsed.ok ? {} : parsed.errors), ...check(form) };
        return Object.keys(problems).length > 0 ? problems : {};
      });
    },
    [kind, check],
  );

  const reset = useCallback(() => {
    setStatus({ state: "editing" });
    setErrors({});
  }, []);

  /** For the form's onFocus: a form that needs a token starts fetching it while the visitor types. */
  const prepare = useCallback((form: HTMLFormElement) => void prepareFormToken(kind, form), [kind]);

  return { status, errors, submit, revalidate, reset, prepare };
}

/**
 * Brings a form's answer (success or failure) to the middle of the screen and gives it the focus,
 * each time a new one arrives: on a phone the answer sits above a form that may have emptied, out
 * of sight, and a screen reader starts reading there. `answer` is the hook's status object while it
 * holds a result, else null.
 */
export function useAnswerInView(ref: React.RefObject<HTMLElement | null>, answer: SubmissionState | null) {
  useEffect(() => {
    const element = ref.current;
    if (!answer || !element) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    element.focus({ preventScroll: true });
  }, [ref, answer]);
}

/** The hook's status while it holds an answer to show (for useAnswerInView). */
export const answerOf = (status: SubmissionState) => (status.state === "done" || status.state === "failed" ? status : null);

function newSubmissionId() {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function readAnswer(response: Response): Promise<{ ok?: boolean; message?: string; errors?: FieldErrors; token?: string } | null> {
  try {
    const parsed: unknown = await response.json();
    return parsed && typeof parsed === "object" ? parsed : null;
  } catch {
    return null;
  }
}

/** Focuses the first field, in the form's own order, that has a problem. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = [...form.elements].find(
    (element): element is HTMLInputElement =>
      "name" in element && typeof element.name === "string" && Boolean(errors[element.name as keyof FieldErrors]),
  );
  // A time is chosen under the chosen day: focus that day (its times are the ones on screen).
  const target = first?.name === "visitSlot" ? (form.querySelector<HTMLElement>('input[name="visitDate"]:checked') ?? first) : first;
  target?.focus();
}

type Labelled = ErrorField & keyof typeof LEAD_FORM_TEXT;
type TextFieldName = {
  [Field in Labelled]: (typeof LEAD_FORM_TEXT)[Field] extends { label: string; placeholder: string } ? Field : never;
}[Labelled];

export function TextField({
  name,
  error,
  hint,
  required,
  multiline,
  ...input
}: {
  /** A field of the lead schemas that has a label and placeholder in LEAD_FORM_TEXT. */
  name: TextFieldName;
  error?: string;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const id = useId();
  const text = LEAD_FORM_TEXT[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name,
    required,
    placeholder: input.placeholder ?? text.placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: "lead-field__control",
  };
  return (
    <div className={`lead-field${error ? " lead-field--invalid" : ""}`}>
      <label className="lead-field__label" htmlFor={id}>
        {text.label}
        <span className={required ? "lead-field__badge" : "lead-field__badge lead-field__badge--optional"}>
          {required ? LEAD_FORM_TEXT.required : LEAD_FORM_TEXT.optional}
        </span>
      </label>
      {multiline ? <textarea {...input} {...shared} /> : <input {...input} {...shared} />}
      {hint ? (
        <p id={`${id}-hint`} className="lead-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="lead-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Name and mobile number, as every lead form asks for them (the visit form also shows the number's format). */
export function ContactFields({ errors, values, phoneHint = false }: { errors: FieldErrors; values?: FormValues; phoneHint?: boolean }) {
  return (
    <>
      <FormsStylesheet />
      <TextField
        name="name"
        required
        autoComplete="name"
        maxLength={NAME_MAX}
        pattern={NAME_PATTERN_ATTRIBUTE}
        title={NAME_HINT}
        defaultValue={values?.name}
        error={errors.name}
      />
      <TextField
        name="phone"
        type="tel"
        required
        autoComplete="tel"
        inputMode="tel"
        pattern={PHONE_PATTERN_ATTRIBUTE}
        hint={phoneHint ? PHONE_HINT : undefined}
        defaultValue={values?.phone}
        error={errors.phone}
      />
    </>
  );
}

export function MessageField({ error, value, placeholder }: { error?: string; value?: string; placeholder?: string }) {
  return (
    <TextField name="message" multiline rows={5} maxLength={MESSAGE_MAX} defaultValue={value} error={error} placeholder={placeholder} />
  );
}

/**
 * The form token (when the form was rendered) and the honeypot: a field people never see or
 * reach, which only form-filling robots complete.
 */
/** The honeypot and the form token (filled in per response by the server, or by form-token.ts). */
export function SpamGuardFields({ kind }: { kind: LeadKind }) {
  const id = useId();
  return (
    <>
      {/* Raw HTML, so hydration never writes the rendered placeholder over the token the server put in. */}
      <span hidden dangerouslySetInnerHTML={{ __html: `<input type="hidden" name="_token" value="${formTokenSlot(kind)}">` }} />
      <div className="lead-honeypot" aria-hidden="true">
        <label htmlFor={id}>{LEAD_FORM_TEXT.honeypot}</label>
        <input id={id} type="text" name="_gotcha" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}

export function SubmitButton({ kind, busy }: { kind: LeadKind; busy: boolean }) {
  return (
    <button type="submit" className="lead-submit" disabled={busy}>
      {busy ? LEAD_FORM_TEXT.busy[kind] : LEAD_FORM_TEXT.submit[kind]}
    </button>
  );
}

/**
 * A result message, after a check mark when `checkMark` is set (the inquiry's success, as the
 * spec shows it). The mark is drawn, not an emoji, so every device shows the same one.
 */
export function ResultText({ message, checkMark = false }: { message: string; checkMark?: boolean }) {
  if (!checkMark) return <>{message}</>;
  return (
    <>
      <span className="lead-result__check" data-testid="check-mark">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="10" fill="currentColor" />
          <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      {message}
    </>
  );
}
