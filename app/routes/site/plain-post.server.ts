import { data, redirect } from "react-router";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import type { LeadSubmission } from "#app/.server/leads/submit.ts";

/**
 * A lead form posted without JavaScript: post/redirect/get on success, so a refresh never sends it
 * twice; otherwise the page again with the messages and what was typed — personal, so never stored
 * by a cache. Either way the browser gets its lead_client cookie.
 */
export function plainPostAnswer(submission: LeadSubmission, successPath: string) {
  const headers = new Headers({ "Cache-Control": CACHE_CONTROL.private });
  if (submission.setCookie) headers.append("Set-Cookie", submission.setCookie);
  if (submission.ok) return redirect(successPath, { status: 303, headers });
  return data(
    { message: submission.message, errors: submission.errors ?? {}, values: submission.values },
    { status: submission.status, headers },
  );
}
