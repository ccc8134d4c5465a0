import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useActionData, useLocation, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { $ZodType, input, output } from "zod/v4/core";

/**
 * The console's form pieces (docs/decisions/025-console-forms.md): one schema drives a form's
 * browser check, its constraints and the server's answer; each field ties its label, its input and
 * every error by id. The public lead forms keep their own small components.
 */

/** What a console action answers when a post is refused: Conform's reply, with every field's errors. */
export interface ConsoleFormAnswer {
  result: SubmissionResult<string[]>;
  /** The intent posted, so a page with several forms shows the answer beside the form that asked. */
  intent?: string | null;
}

type FormShape<Schema extends $ZodType> = Record<string, unknown> & input<Schema>;

/**
 * A console form driven by `schema`: the server checks every post (the browser adds only the
 * schema's constraints, `required` and lengths), and its answer (`lastResult`) is shown beside each
 * field with the values the person typed. A browser-side check with Conform's `onValidate` stopped
 * some hydrated forms (intent chosen by the submit button) without drawing their errors, so the
 * server is the one judge.
 */
export function useConsoleForm<Schema extends $ZodType>({
  id,
  schema,
  lastResult,
  defaultValue,
  navigates = true,
}: {
  id?: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<FormShape<Schema>>;
  /** False for a fetcher's form, which posts without a navigation and looks after itself once answered. */
  navigates?: boolean;
}) {
  const [form, fields] = useForm<FormShape<Schema>, output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(formObject(schema)),
  });
  useAfreshOnceThrough(navigates ? form.id : undefined);
  return [form, fields] as const;
}

/**
 * A form whose own post went through and redirected (the console's answer to a change made) starts
 * again from its defaults: an earlier refusal's errors go, and so does what was typed (the note just
 * added). The page stays mounted across the redirect back to it, so Conform would keep both. A post
 * answered with data (a refusal, a preview, a question), a search (GET) and another form's post
 * leave the form as it is.
 */
function useAfreshOnceThrough(formId: string | undefined) {
  const navigation = useNavigation();
  const answered = useActionData() !== undefined;
  const submitted = useRef(false);
  const posting = useRef(false);
  useEffect(() => {
    if (formId === undefined) return;
    const heard = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.id === formId) submitted.current = true;
    };
    document.addEventListener("submit", heard);
    return () => document.removeEventListener("submit", heard);
  }, [formId]);
  useEffect(() => {
    if (navigation.state !== "idle") {
      // This navigation is the form's own post only if the form was submitted just before it.
      if (submitted.current) posting.current = navigation.state === "submitting";
      submitted.current = false;
      return;
    }
    if (!posting.current) return;
    posting.current = false;
    // The form's own reset: each control back to the default the page now draws it with, and
    // Conform, hearing it, forgets the form's errors.
    const element = document.getElementById(formId!);
    if (!answered && element instanceof HTMLFormElement) element.reset();
  }, [navigation.state, answered, formId]);
}

/**
 * A page's last action answer, kept while the page's data reloads: React Router forgets `actionData`
 * on every revalidation, and live alerts revalidate the inbox and a lead's page (live-alerts.tsx),
 * which took away a question being asked (mark as spam?) or a number just revealed while the person
 * read it. Conform's forms keep their errors themselves; answers drawn straight from the action's
 * data need this. The answer is kept for the location it is shown at (it arrives a render before
 * the post's new location does) and goes when the person moves on: a link, a redirect.
 */
export function useKeptAnswer<Answer>(actionData: Answer | undefined): Answer | undefined {
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, answer: actionData });
  // Adjusted while rendering (not in an effect), so the page never draws a frame without it.
  if (actionData !== undefined && (actionData !== kept.answer || key !== kept.key)) setKept({ key, answer: actionData });
  else if (actionData === undefined && kept.key !== key && kept.answer !== undefined) setKept({ key, answer: undefined });
  return actionData ?? (kept.key === key ? kept.answer : undefined);
}

/**
 * A page whose posts can be refused with 409 reads its data again after one: the post was refused
 * because what the page showed has changed meanwhile (a visit marked at the door, a status changed by
 * a colleague, a lead taken), so the page draws what is true beside the answer that says so. React
 * Router reads nothing again after a 4xx by default.
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/** The object a form's fields come from: Conform reads constraints from it, not from a transform after it. */
function formObject(schema: $ZodType): $ZodType {
  let object = schema;
  while (object._zod.def.type === "pipe") object = (object._zod.def as unknown as { in: $ZodType }).in;
  return object;
}

type ListOfErrors = ReadonlyArray<string | null | undefined> | null | undefined;

/**
 * What a console form answered, on the page the answer drew: the first of an error summary, a
 * field marked invalid, a form's error list, or a success notice, in the page's order. Alerts and
 * notices are answers by their role; `data-console-answer` marks any other.
 */
const ANSWERS = ["[data-console-answer]", '[aria-invalid="true"]', '[role="alert"]', '.admin-notice[role="status"]']
  .map((selector) => `#admin-main ${selector}`)
  .join(", ");

/**
 * Brings a form's answer into view once a post has settled, whether the action answered the page
 * (a refusal, 400) or redirected to it (a success notice): scrolled to the middle of the screen and
 * focused, so a person at the bottom of a long form, or on a phone, sees what happened and a screen
 * reader reads it. The frame calls it once for every console form. Without JavaScript the answer
 * arrives as a new page, scrolled to its top, where the summaries and notices sit.
 */
export function useAnswerInView() {
  const navigation = useNavigation();
  const posting = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") posting.current = true;
      return;
    }
    if (!posting.current) return;
    posting.current = false;
    // After the frame's paint, and after Conform's own focus on the first invalid field: the page's
    // summary, when it has one, comes before that field and wins.
    const frame = requestAnimationFrame(() => bringAnswerIntoView());
    return () => cancelAnimationFrame(frame);
  }, [navigation.state, navigation.formMethod]);
}

/**
 * A post that redirects back to its own page (a note added, a visit marked, a status chosen) leaves the
 * page where it was. React Router starts a redirect's page at its top, which took a person on a phone
 * away from the row or the note they had just changed. A redirect to another page, or to a place on the
 * page (`#call-sheet`), still goes where it says, and an answer the page shows is still brought into
 * view (useAnswerInView, after this). The router scrolls in the root's layout effect, after the
 * console's in the same commit, so the place is put back in a microtask: after that, before the paint.
 */
export function usePlaceKeptAfterPost() {
  const location = useLocation();
  const navigation = useNavigation();
  const posted = useRef<{ pathname: string; y: number } | null>(null);
  useLayoutEffect(() => {
    if (navigation.state === "submitting") {
      posted.current ??= { pathname: location.pathname, y: window.scrollY };
      return;
    }
    const from = posted.current;
    if (navigation.state !== "idle" || from === null) return;
    posted.current = null;
    const redirected = (location.state as { _isRedirect?: boolean } | null)?._isRedirect === true;
    if (redirected && location.pathname === from.pathname && !location.hash) queueMicrotask(() => window.scrollTo(0, from.y));
  }, [location, navigation.state]);
}

/** Scrolls the page's answer (see ANSWERS) to the middle of the screen and focuses it. */
export function bringAnswerIntoView() {
  const answer = [...document.querySelectorAll<HTMLElement>(ANSWERS)].find(
    (element) => element.textContent?.trim() !== "" || element.matches("input, select, textarea"),
  );
  if (!answer) return;
  if (!answer.matches("a, button, input, select, textarea, [tabindex]")) answer.tabIndex = -1;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  answer.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  answer.focus({ preventScroll: true });
}

/** A field's (or the form's) errors, all of them, under the id its control names in aria-describedby. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = (errors ?? []).filter((error): error is string => Boolean(error));
  if (shown.length === 0) return null;
  return (
    <ul id={id} className="admin-field__errors" role="alert">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** The field's hint, when it has one, stays in aria-describedby beside any error. */
function hintOf(meta: FieldMetadata<unknown>, hint: ReactNode | undefined) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const element = hint ? (
    <p id={hintId} className="admin-muted admin-field__hint">
      {hint}
    </p>
  ) : null;
  return { hintId, element };
}

type FieldShell = { meta: FieldMetadata<unknown>; label: ReactNode; hint?: ReactNode; className?: string };

export function Field({
  meta,
  label,
  hint,
  className,
  type = "text",
  ...inputProps
}: FieldShell & { type?: "text" | "email" | "password" | "date" | "time" | "datetime-local" | "number" | "tel" | "url" | "search" } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "defaultValue" | "form"
  >) {
  const { hintId, element } = hintOf(meta, hint);
  const { key, ...controlProps } = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className={className ? `admin-field ${className}` : "admin-field"}>
      <label htmlFor={meta.id}>{label}</label>
      <input key={key} {...controlProps} {...inputProps} />
      {element}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...textareaProps
}: FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "form">) {
  const { hintId, element } = hintOf(meta, hint);
  const { key, ...controlProps } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <div className={className ? `admin-field ${className}` : "admin-field"}>
      <label htmlFor={meta.id}>{label}</label>
      <textarea key={key} {...controlProps} {...textareaProps} />
      {element}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  meta,
  label,
  hint,
  className,
  options,
  groups = [],
  ...selectProps
}: FieldShell & {
  options: ReadonlyArray<SelectOption>;
  /** Options under headings after `options` (a day's times under the day), as a phone's picker shows them. */
  groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<SelectOption> }>;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "form">) {
  const { hintId, element } = hintOf(meta, hint);
  const { key, ...controlProps } = getSelectProps(meta, { ariaDescribedBy: hintId });
  const optionsOf = (list: ReadonlyArray<SelectOption>) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  return (
    <div className={className ? `admin-field ${className}` : "admin-field"}>
      <label htmlFor={meta.id}>{label}</label>
      <select key={key} {...controlProps} {...selectProps}>
        {optionsOf(options)}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {optionsOf(group.options)}
          </optgroup>
        ))}
      </select>
      {element}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A checkbox whose label follows it; checked when the schema's value is "on" (Conform's boolean). */
export function CheckboxField({
  meta,
  label,
  hint,
  className,
  ...inputProps
}: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultChecked" | "form">) {
  const { hintId, element } = hintOf(meta, hint);
  const { key, ...controlProps } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId });
  return (
    <div className={className ? `admin-field ${className}` : "admin-field"}>
      <label className="admin-check" htmlFor={meta.id}>
        <input key={key} {...controlProps} {...inputProps} />
        {label}
      </label>
      {element}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
