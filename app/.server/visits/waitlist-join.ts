import type { RouterContextProvider } from "react-router";
import { WaitlistFormSchema } from "#app/forms/lead-schema.ts";
import { LEAD_MESSAGES } from "#app/forms/lead.ts";
import { VISIT_MESSAGES } from "#app/forms/visit.ts";
import { WAITLIST_REFUSALS } from "#app/forms/visit-refusals.ts";
import { getClientAddress } from "../client-address.ts";
import { consumeRateLimit } from "../rate-limit.ts";
import { requireSite } from "../site.ts";
import { clientKey, leadPolicy, type LeadPolicy } from "../spam.ts";
import { maxPartySizeOf } from "./settings.ts";
import { joinWaitlist } from "./waitlist.ts";

/**
 * The waitlist form's one server path (/{site}/waitlist, with or without scripts): the lead forms'
 * honeypot and per-address limit, then joinWaitlist, which caps what one phone can be sent (one
 * entry per time, WAITLIST_PER_PHONE times at once). No form token: a refused post re-renders the
 * form in place, and a spent token would make the corrected one look like a replay. A post the
 * honeypot catches is answered like a real one and stores nothing.
 */

export type WaitlistFieldErrors = Partial<Record<"name" | "phone" | "consent" | "partySize" | "visitSlot", string>>;

export type WaitlistSubmission =
  | { status: 200; ok: true; position: number; slotId: number }
  | { status: 400 | 409 | 429; ok: false; message: string; errors: WaitlistFieldErrors; values: Record<string, string> };

export async function submitWaitlistForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { policy = leadPolicy(), now = new Date() }: { policy?: LeadPolicy; now?: Date } = {},
): Promise<WaitlistSubmission> {
  const site = requireSite(context).pack;
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && !(key in fields)) fields[key] = value;
  const values = { name: fields.name ?? "", phone: fields.phone ?? "", partySize: fields.partySize ?? "1" };
  const parsed = WaitlistFormSchema.safeParse(fields);
  const errors: WaitlistFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof WaitlistFieldErrors;
      if (["name", "phone", "consent", "partySize", "visitSlot"].includes(field)) errors[field] ??= issue.message;
    }
  }
  const maxPartySize = maxPartySizeOf(site);
  // The pack's range, checked with the other fields so one post shows every problem.
  const partySize = Number(fields.partySize ?? "1");
  if (!errors.partySize && (partySize < 1 || partySize > maxPartySize)) errors.partySize = VISIT_MESSAGES.partySize(maxPartySize);
  if (parsed.success && parsed.data.visitSlot === undefined) errors.visitSlot = VISIT_MESSAGES.chooseSlot;
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { status: 400, ok: false, message: LEAD_MESSAGES.invalid, errors, values };
  }
  const { name, phone, marketing, visitSlot } = parsed.data;
  const slotId = visitSlot!;

  const sourceKey = clientKey(getClientAddress(context));
  const limit = await consumeRateLimit(`waitlist:${site.slug}:${sourceKey}`, policy.rateLimits, now);
  if (!limit.allowed) return { status: 429, ok: false, message: LEAD_MESSAGES.tooMany, errors: {}, values };
  // A filled honeypot is a robot's: answered like anyone, nothing kept, nothing sent.
  if ((fields._gotcha ?? "").trim() !== "") return { status: 200, ok: true, position: 1, slotId };

  const joined = await joinWaitlist(
    {
      site: site.slug,
      slotId,
      name,
      phone,
      partySize,
      consentVersion: site.leads.consent.version,
      marketingConsent: marketing === true,
      sourceKey,
    },
    { now },
  );
  if (!joined.ok) {
    const message = WAITLIST_REFUSALS[joined.reason];
    const field = joined.reason === "too-many" || joined.reason === "booked-that-day" ? "phone" : "visitSlot";
    return { status: 409, ok: false, message, errors: { [field]: message }, values };
  }
  return { status: 200, ok: true, position: joined.position, slotId };
}
