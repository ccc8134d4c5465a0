import type { RouterContextProvider } from "react-router";
import { formValues, parseLeadForm, storedLeadFields } from "#app/forms/lead-schema.ts";
import { LEAD_MESSAGES } from "#app/forms/lead.ts";
import type { FieldErrors, FormValues, LeadFormValues } from "#app/forms/lead-schema.ts";
import { VISIT_MESSAGES, type VisitDay } from "#app/forms/visit.ts";
import { VISIT_REFUSALS } from "#app/forms/visit-refusals.ts";
import { readAttribution } from "../attribution.ts";
import { getClientAddress } from "../client-address.ts";
import { createLead, type CreateLeadOutcome } from "./create.ts";
import { requireSite } from "../site.ts";
import { alternativesText, listBookableSchedule, slotLabel } from "../visits/schedule.ts";
import { spendFormToken } from "../form-tokens.ts";
import { classifySubmission, clientKey, leadPolicy, textBudgetOf, type LeadPolicy } from "../spam.ts";
import { leadClient } from "./client.ts";
import { logError } from "../log.ts";
import { withoutBookingKey } from "../personal-pages.ts";
import { consumeRateLimit } from "../rate-limit.ts";
import { unitInterest } from "../units/interest.ts";
import { maxPartySizeOf } from "../visits/settings.ts";
import type { LeadKind } from "#app/vocabulary.ts";

/**
 * The one server path of the three lead forms, whichever route received them (the popup's and
 * inline forms' JSON endpoints, or a page's plain form post without JavaScript).
 */

export const MAX_BODY_BYTES = 32 * 1024;

export type LeadSubmission = (
  | {
      status: 200;
      ok: true;
      outcome: Exclude<CreateLeadOutcome["outcome"], "unavailable">;
      spam: boolean;
      /** The booked time, "11월 24일 (화) 14:00", when a visit slot was booked. */
      booked: { slotId: number; label: string } | null;
      /** "DG-20261125-0042", the lead's receipt number (the one it folded into, for a repeat). */
      receiptNumber: string | null;
    }
  /** 409: the chosen visit slot was taken, closed or past; the message names the alternatives. */
  | { status: 400 | 409; ok: false; message: string; errors: FieldErrors; values: FormValues }
  | { status: 413 | 429 | 500; ok: false; message: string; errors?: undefined; values: FormValues; retryAfterSeconds?: number }
) & {
  /** The lead_client cookie for a browser that had none (leads/client.ts). */
  setCookie?: string;
};

export async function submitLeadForm(
  kind: LeadKind,
  request: Request,
  context: Readonly<RouterContextProvider>,
  { policy = leadPolicy(), now = new Date() }: { policy?: LeadPolicy; now?: Date } = {},
): Promise<LeadSubmission> {
  const site = requireSite(context).pack;
  const fields = await readFormFields(request);
  if (fields === "too-large") return { status: 413, ok: false, message: LEAD_MESSAGES.tooLarge, values: {} };
  const values = formValues(kind, fields);

  const parsed = parseLeadForm(kind, fields);
  const schedule = kind === "visit" ? await listBookableSchedule(site.slug, now) : [];
  const slotError = parsed.ok ? visitSlotError(parsed.values, schedule) : null;
  const maxPartySize = maxPartySizeOf(site);
  const partySize = parsed.ok ? (parsed.values.partySize ?? 1) : 1;
  const partySizeError = partySize < 1 || partySize > maxPartySize ? VISIT_MESSAGES.partySize(maxPartySize) : null;
  if (!parsed.ok || slotError || partySizeError) {
    const errors = parsed.ok
      ? { ...(slotError ? { visitSlot: slotError } : {}), ...(partySizeError ? { partySize: partySizeError } : {}) }
      : parsed.errors;
    return { status: 400, ok: false, message: LEAD_MESSAGES.invalid, errors, values };
  }

  const classified = classifySubmission({
    site: site.slug,
    kind,
    token: fields._token,
    honeypot: fields._gotcha,
    submissionId: fields._submission,
    policy,
    now: now.getTime(),
  });

  const sourceKey = clientKey(getClientAddress(context));
  const limit = await consumeRateLimit(`lead:${site.slug}:${kind}:${sourceKey}`, policy.rateLimits, now);
  if (!limit.allowed) {
    return { status: 429, ok: false, message: LEAD_MESSAGES.tooMany, values, retryAfterSeconds: limit.retryAfterSeconds };
  }

  const { submissionId, tokenId } = classified;
  let spam = classified.spam;
  // A token makes one lead: the same token from another submission is a replay (a script that
  // copied a page's token), whatever else it looks like.
  if (tokenId && (await spendFormToken(tokenId, submissionId, now)) === "replayed" && policy.requireToken) spam ??= "replayed";
  const client = await leadClient(request);
  const setCookie = client.setCookie ?? undefined;

  try {
    const result = await createLead(
      {
        ...storedLeadFields(parsed.values),
        ...(await unitInterest(site.slug, parsed.values)),
        kind,
        site: site.slug,
        submissionId,
        sourcePath: sourcePath(request),
        attribution: readAttribution(request),
        userAgent: request.headers.get("User-Agent") ?? "",
        spamReason: spam,
        clientId: client.clientId,
        sourceKey,
        visitSlotId: parsed.values.visitSlot,
        visitPartySize: partySize,
        marketingConsent: parsed.values.marketing === true,
      },
      { now, textBudget: textBudgetOf(site.slug, policy), bookingBursts: policy.bookingBursts },
    );
    if (result.outcome === "unavailable") {
      // The schedule read before booking may still show the refused time as open: read it again.
      const current = await listBookableSchedule(site.slug, now);
      // A phone's second booking of a day is not about room: the other times would not take it either.
      const message =
        result.reason === "booked-that-day"
          ? VISIT_REFUSALS[result.reason]
          : `${VISIT_REFUSALS[result.reason]} ${alternativesText(current, result.day)}`;
      return { status: 409, ok: false, message, errors: { visitSlot: message }, values: { ...values, visitSlot: undefined }, setCookie };
    }
    const booked = result.booking && {
      slotId: result.booking.slot.id,
      label: slotLabel(result.booking.slot.day, result.booking.slot.startsAt),
    };
    return { status: 200, ok: true, outcome: result.outcome, spam: spam !== null, booked, receiptNumber: result.receiptNumber, setCookie };
  } catch (error) {
    logError(`Could not save a ${kind} lead`, error);
    return { status: 500, ok: false, message: LEAD_MESSAGES.failed, values };
  }
}

/**
 * With an open schedule a visit needs a slot, on the day the form shows as chosen (without
 * JavaScript a time picked under another day stays checked when the visitor changes the day).
 */
function visitSlotError(values: LeadFormValues, schedule: VisitDay[]): string | null {
  if (schedule.length === 0) return null;
  if (values.visitSlot === undefined) return VISIT_MESSAGES.chooseSlot;
  const day = schedule.find((entry) => entry.slots.some((slot) => slot.id === values.visitSlot));
  if (day && values.visitDate && day.day !== values.visitDate) return VISIT_MESSAGES.slotNotOnDate;
  return null;
}

/** The fields of a urlencoded or multipart body, or "too-large" past MAX_BODY_BYTES (whatever Content-Length claimed). */
async function readFormFields(request: Request): Promise<Record<string, string> | "too-large"> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return "too-large";
  const bytes = await readLimited(request, MAX_BODY_BYTES);
  if (bytes === "too-large") return bytes;
  const contentType = request.headers.get("Content-Type") ?? "";
  let form: URLSearchParams | FormData;
  if (contentType.startsWith("multipart/form-data")) {
    try {
      form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return {};
    }
  } else {
    form = new URLSearchParams(new TextDecoder().decode(bytes));
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}

async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancel(): React Router's Node adapter answers that by destroying the socket, so the
      // visitor would get a reset instead of the 413. server/app.ts drops the rest of the body.
      reader.releaseLock();
      return "too-large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The page the form was on: the same-origin Referer's path (a booking's key left out), else the path that received the post. */
function sourcePath(request: Request): string {
  const own = new URL(request.url);
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === own.host) return withoutBookingKey(from.pathname);
    } catch {
      // A malformed Referer says nothing.
    }
  }
  return own.pathname;
}
