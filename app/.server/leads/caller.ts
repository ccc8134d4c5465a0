import type { CallerValues } from "#app/forms/caller.ts";
import { sitePack } from "../site.ts";
import { writeContact, type NamedChange } from "./contacts.ts";
import { createLead } from "./create.ts";

/** Where a lead registered from a call says it came from (its source page). */
export const CALLER_SOURCE = "/admin/leads/new";

export type CallerOutcome =
  | { outcome: "registered"; leadId: number }
  /** The same person's lead of moments ago (a form they sent during the call, or a second tap): nothing new. */
  | { outcome: "already"; leadId: number }
  | { outcome: "unknown-type" };

/**
 * 전화 접수: someone who called the office becomes a lead of the site, as a form's would (their
 * customer record, receipt number, confirmation text, the staff's note), registered by whoever took
 * the call. It is theirs when they are a counsellor, unless someone already works the customer
 * (decision 060); an owner's or a manager's registration follows the site's rules. The call itself
 * is logged in the same transaction (전화 수신 · 통화 완료, with what was said), so the customer is
 * 연락 완료 and the team's figures count the first contact when it happened.
 */
export async function registerCaller(change: NamedChange, caller: CallerValues, now = new Date()): Promise<CallerOutcome> {
  const unit = caller.unitType ? sitePack(change.site).units.find((candidate) => candidate.key === caller.unitType) : undefined;
  if (caller.unitType && !unit) return { outcome: "unknown-type" };
  const result = await createLead(
    {
      name: caller.name,
      phone: caller.phone,
      message: caller.message,
      unitType: unit?.key,
      kind: "inquiry",
      site: change.site,
      submissionId: crypto.randomUUID(),
      sourcePath: CALLER_SOURCE,
      attribution: { utmSource: "phone", utmMedium: "call-in", utmCampaign: null, referrerHost: null },
      userAgent: "",
      spamReason: null,
      clientId: null,
    },
    {
      now,
      takenBy: change.actor.role === "counsellor" ? change.actor : undefined,
      onCreated: async (tx, lead) => {
        await writeContact(
          tx,
          change,
          { id: lead.id, status: "new" },
          { channel: "call-in", result: "reached", note: caller.message, nextContactAt: null },
          now,
        );
      },
    },
  );
  if (result.outcome === "created") return { outcome: "registered", leadId: result.leadId };
  if (result.outcome === "retried" || result.outcome === "folded") return { outcome: "already", leadId: result.leadId };
  // createLead answers "unavailable" only for a chosen visit slot, which a call never has.
  throw new Error(`A caller's lead was not stored: ${result.outcome}`);
}
