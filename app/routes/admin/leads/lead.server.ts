import { data } from "react-router";
import { FORBIDDEN_MESSAGE } from "#app/.server/auth/sign-in.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";

/** A lead's id from the URL; anything else is a 404 (never a database error). */
export function requireLeadId(value: string | undefined): number {
  const id = readWholeNumber(value);
  if (id === undefined) throw notFound();
  return id;
}

export function notFound() {
  return data("없는 고객 정보입니다.", { status: 404 });
}

/**
 * A lead verb's outcome, past the refusals every lead page answers alike: a lead the person may not
 * see does not exist (404), one they see but may not change is a 403. Throws those; answers the rest.
 */
export function unlessRefused<Outcome>(outcome: Outcome): Exclude<Outcome, "not-found" | "forbidden"> {
  if (outcome === "not-found") throw notFound();
  if (outcome === "forbidden") throw data(FORBIDDEN_MESSAGE, { status: 403 });
  return outcome as Exclude<Outcome, "not-found" | "forbidden">;
}
