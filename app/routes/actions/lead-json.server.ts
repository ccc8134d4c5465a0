import type { RouterContextProvider } from "react-router";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { submitLeadForm } from "#app/.server/leads/submit.ts";
import { successMessage } from "#app/forms/visit.ts";
import type { LeadKind } from "#app/vocabulary.ts";

/** The JSON answer of the fetch endpoints (app/routes/actions/*): status, message and field errors. */
export async function leadJsonResponse(kind: LeadKind, request: Request, context: Readonly<RouterContextProvider>) {
  const submission = await submitLeadForm(kind, request, context);
  const headers = new Headers({ "Cache-Control": CACHE_CONTROL.private });
  if (submission.status === 429 && submission.retryAfterSeconds) headers.set("Retry-After", String(submission.retryAfterSeconds));
  const body = submission.ok
    ? { ok: true, message: successMessage(kind, submission.booked) }
    : { ok: false, message: submission.message, errors: submission.errors ?? {} };
  return Response.json(body, { status: submission.status, headers });
}
