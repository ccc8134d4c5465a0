import type { SubmissionResult } from "@conform-to/react";
import { createCookie } from "react-router";
import { getEnv } from "#app/.server/env.ts";
import { getSessionSecret } from "#app/.server/secret.ts";

/**
 * A refused download's answer, carried from the CSV route back to the export page. The download
 * is a plain post to /admin/leads/export.csv (a file, not a page), so a refusal redirects to the
 * form, and the form shows every field's error with what was typed, without scripts too. The
 * answer rides in a short-lived signed cookie scoped to the form's path, not in the URL: a
 * reason may name people, and URLs reach history and logs. It is read once.
 */

const EXPORT_PATH = "/admin/leads/export";
/** Long enough for the redirect to be followed, short enough not to outlive it. */
const ANSWER_SECONDS = 120;

function answerCookie() {
  return createCookie("__export_answer", {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().NODE_ENV === "production",
    path: EXPORT_PATH,
    maxAge: ANSWER_SECONDS,
    secrets: [getSessionSecret()],
  });
}

/** The Set-Cookie of a refusal's answer. */
export function keepExportAnswer(answer: SubmissionResult<string[]>) {
  return answerCookie().serialize(answer);
}

/** The answer a refused download left for this page, if any, and the Set-Cookie that forgets it. */
export async function takeExportAnswer(request: Request) {
  const cookie = answerCookie();
  const header = request.headers.get("Cookie");
  if (!header?.includes("__export_answer=")) return null;
  const answer = (await cookie.parse(header)) as SubmissionResult<string[]> | null;
  const forget = await cookie.serialize("", { maxAge: 0 });
  return { answer: answer && typeof answer === "object" ? answer : null, forget };
}
