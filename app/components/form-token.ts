import { FORM_TOKEN_REFRESH_MS, MIN_FILL_MS } from "#app/forms/lead.ts";
import type { LeadKind } from "#app/vocabulary.ts";

/**
 * The browser's side of a lead form's token (app/.server/form-tokens.ts). A page from the server
 * carries a fresh token; a form drawn in the browser (after a client-side navigation, the popup)
 * or one left open for hours fetches a new one, first when the visitor starts filling it in.
 * After a success the server's answer brings the token for the next submission.
 */

const TOKEN_SHAPE = /^[0-9a-z]{1,11}\.[\w-]{16}\.[\w-]{22}$/;
const receivedAt = new WeakMap<HTMLInputElement, number>();
const fetching = new WeakMap<HTMLInputElement, Promise<void>>();

function tokenField(form: HTMLFormElement) {
  const field = form.elements.namedItem("_token");
  return field instanceof HTMLInputElement ? field : null;
}

/** A token the server put into the page was handed out before the page started loading. */
const ageOf = (field: HTMLInputElement) => Date.now() - (receivedAt.get(field) ?? performance.timeOrigin);

export function setFormToken(form: HTMLFormElement, token: string) {
  const field = tokenField(form);
  if (!field) return;
  field.value = token;
  receivedAt.set(field, Date.now());
}

/** Fetches a token when the form has none or an old one; a failed fetch leaves the decision to the server. */
export function prepareFormToken(kind: LeadKind, form: HTMLFormElement): Promise<void> {
  const field = tokenField(form);
  if (!field || (TOKEN_SHAPE.test(field.value) && ageOf(field) < FORM_TOKEN_REFRESH_MS)) return Promise.resolve();
  let pending = fetching.get(field);
  if (!pending) {
    pending = fetch(`/actions/token?form=${kind}`, { headers: { Accept: "application/json" } })
      .then((response) => response.json())
      .then((answer: unknown) => {
        if (answer && typeof answer === "object" && "token" in answer && typeof answer.token === "string") setFormToken(form, answer.token);
      })
      .catch(() => {})
      .finally(() => fetching.delete(field));
    fetching.set(field, pending);
  }
  return pending;
}

/** A token fetched a moment ago still needs the minimum fill time before the form may go. */
export async function waitForFillTime(form: HTMLFormElement) {
  const field = tokenField(form);
  const since = field && receivedAt.get(field);
  const rest = since === undefined || since === null ? 0 : MIN_FILL_MS - (Date.now() - since);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest + 100));
}
