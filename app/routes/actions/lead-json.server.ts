import type { RouterContextProvider } from "react-router";
import { CROSS_SITE_MESSAGE, postSource } from "#app/.server/csrf.ts";
import { issueFormToken } from "#app/.server/form-tokens.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { submitLeadForm } from "#app/.server/leads/submit.ts";
import { requireSite } from "#app/.server/site.ts";
import { successMessage } from "#app/forms/visit.ts";
import type { LeadKind } from "#app/vocabulary.ts";

/**
 * The JSON answer of the fetch endpoints (app/routes/actions/*): status, message, field errors,
 * and the token the form uses for its next submission (each token makes one lead).
 */
export async function leadJsonResponse(kind: LeadKind, request: Request, context: Readonly<RouterContextProvider>) {
  const headers = new Headers({ "Cache-Control": CACHE_CONTROL.private });
  // Another site's page posting through its visitors' browsers: refused before the body is read.
  if (postSource(request, requireSite(context).origins) === "cross-site")
    return Response.json({ ok: false, message: CROSS_SITE_MESSAGE, errors: {} }, { status: 403, headers });
  const submission = await submitLeadForm(kind, request, context);
  if (submission.setCookie) headers.append("Set-Cookie", submission.setCookie);
  if (submission.status === 429 && submission.retryAfterSeconds) headers.set("Retry-After", String(submission.retryAfterSeconds));
  const token = issueFormToken(requireSite(context).slug, kind);
  const body = submission.ok
    ? { ok: true, message: successMessage(kind, submission.booked, submission.receiptNumber), token }
    : { ok: false, message: submission.message, errors: submission.errors ?? {}, token };
  return Response.json(body, { status: submission.status, headers });
}
