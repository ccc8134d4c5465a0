import { routeContext } from "#tests/route-context.ts";
import crypto from "node:crypto";
import { issueFormToken } from "#app/.server/form-tokens.ts";
import type { NewLead } from "#app/.server/leads/create.ts";

import { action as inquiryJsonAction } from "#app/routes/actions/inquiry.ts";
import { action as interestAction } from "#app/routes/actions/interest.ts";
import { action as visitJsonAction } from "#app/routes/actions/visit.ts";
import { type LeadKind } from "#app/vocabulary.ts";

/** Real Requests into the lead forms' route modules, as browsers send them (integration tests). */

export const SITE_URL = "http://localhost:3000";

export const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

/**
 * A lead as `createLead` takes it, from a visitor's phone with the required consent (an interest
 * registration unless `kind` says otherwise): each test names only what differs.
 */
export function newLeadInput(overrides: Partial<NewLead> = {}): NewLead {
  return {
    kind: "interest",
    site: "daegu",
    submissionId: crypto.randomUUID(),
    name: "박서연",
    phone: uniquePhone(),
    message: "",
    consentVersion: "test",
    sourcePath: "/",
    attribution: { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null },
    userAgent: BROWSER,
    spamReason: null,
    clientId: crypto.randomUUID(),
    ...overrides,
  };
}

let phoneCounter = 0;
export function uniquePhone() {
  phoneCounter += 1;
  return `010${String(20_000_000 + phoneCounter * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
}

/** A form as a person fills it in: rendered three seconds ago, consent ticked, honeypot empty. */
export function filledForm(kind: LeadKind, fields: Record<string, string> = {}) {
  return {
    name: "김하늘",
    phone: uniquePhone(),
    ...(kind === "interest" ? {} : { message: "주말 오후 방문 희망합니다." }),
    consent: "yes",
    _gotcha: "",
    _token: issueFormToken("daegu", kind, Date.now() - 3_000),
    _submission: crypto.randomUUID(),
    ...fields,
  };
}

export function postArgs(
  path: string,
  body: BodyInit,
  { client = "203.0.113.7", headers = {} }: { client?: string; headers?: Record<string, string> } = {},
) {
  const request = new Request(new URL(path, SITE_URL), {
    method: "POST",
    body,
    headers: { "User-Agent": BROWSER, Referer: `${SITE_URL}/Brand/intro`, ...headers },
    // Streams need half duplex in Node's fetch implementation.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  const context = routeContext(request.url, { client });
  const [, site] = new URL(request.url).pathname.split("/");
  return { request, url: new URL(request.url), pattern: "", params: { site: site ?? "" }, context };
}

/** A GET to a route module, with the context the app gives it. */
export function getArgs(path: string) {
  const request = new Request(new URL(path, SITE_URL));
  return { request, url: new URL(request.url), pattern: "", params: {}, context: routeContext(request.url) };
}

export function post(path: string, fields: Record<string, string>, options?: Parameters<typeof postArgs>[2]) {
  return postArgs(path, new URLSearchParams(fields), options);
}

const JSON_ACTIONS = { interest: interestAction, visit: visitJsonAction, inquiry: inquiryJsonAction };
const JSON_PATHS = { interest: "/actions/interest", visit: "/actions/visit", inquiry: "/actions/inquiry" };

export async function submitJson(kind: LeadKind, fields: Record<string, string>, options?: Parameters<typeof postArgs>[2]) {
  const response = await JSON_ACTIONS[kind](post(JSON_PATHS[kind], fields, options));
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** The cookie pair a browser keeps from an answer (its lead_client id), to send with its next post. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A page action's answer: a redirect Response, or data() with a status. */
export async function pageOutcome(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: undefined };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, location: null, data: result.data };
  }
  throw new Error(`Unexpected result ${String(result)}`);
}
