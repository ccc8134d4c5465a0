import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { WalkInValues } from "#app/forms/door.ts";
import { can } from "#app/permissions.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { createLead } from "../leads/create.ts";
import { leads, leadStatusChanges } from "../schema.ts";
import { sitePack } from "../site.ts";

/**
 * 현장 등록: a visitor who came to the model house without a booking becomes a lead at the desk (or
 * on the desk's kiosk). The lead is stored like a form's (its customer, receipt number, consent and
 * confirmation text, assignment by the site's rules: leads/create.ts), and in the same transaction
 * marked 방문 완료 with the person who registered it in its history and the access record.
 */

/** Where walk-in leads say they came from: the conversion page counts them as a form of their own. */
export const WALK_IN_SOURCE = "/admin/door";

export type WalkIn =
  | { outcome: "registered"; leadId: number; receiptNumber: string }
  /** The same phone registered moments ago: nothing new (a double tap, or twice at the desk). */
  | { outcome: "already"; leadId: number; receiptNumber: string | null }
  | { outcome: "unknown-type" }
  | { outcome: "forbidden" };

export async function registerWalkIn(
  change: ChangeContext,
  walkIn: WalkInValues,
  { now = new Date(), kiosk = false }: { now?: Date; kiosk?: boolean } = {},
): Promise<WalkIn> {
  if (!can(change.actor.role, "visits.view")) return { outcome: "forbidden" };
  const pack = sitePack(change.site);
  const unit = walkIn.unitType ? pack.units.find((candidate) => candidate.key === walkIn.unitType) : undefined;
  if (walkIn.unitType && !unit) return { outcome: "unknown-type" };
  const message = [`현장 방문 ${walkIn.partySize}명`, unit ? `관심 타입: ${unit.label}` : ""].filter(Boolean).join("\n");
  const result = await createLead(
    {
      name: walkIn.name,
      phone: walkIn.phone,
      message,
      // An interest registration: its confirmation text says the registration is done, not that a visit is booked.
      kind: "interest",
      site: change.site,
      submissionId: crypto.randomUUID(),
      consentVersion: pack.leads.consent.version,
      sourcePath: WALK_IN_SOURCE,
      attribution: { utmSource: "walk-in", utmMedium: kiosk ? "kiosk" : "desk", utmCampaign: null, referrerHost: null },
      userAgent: "",
      spamReason: null,
      clientId: null,
      marketingConsent: walkIn.marketing,
    },
    {
      now,
      onCreated: async (tx, lead) => {
        await tx.update(leads).set({ status: "visited" }).where(eq(leads.id, lead.id));
        await tx.insert(leadStatusChanges).values({
          leadId: lead.id,
          fromStatus: "new",
          toStatus: "visited",
          authorId: change.actor.id,
          authorEmail: change.actor.email,
          createdAt: now,
        });
        await recordAccess(
          { ...change, action: "visits.change", leadIds: [lead.id], detail: { walkIn: true, kiosk, partySize: walkIn.partySize } },
          { executor: tx, now },
        );
      },
    },
  );
  if (result.outcome === "created") return { outcome: "registered", leadId: result.leadId, receiptNumber: result.receiptNumber };
  if (result.outcome === "retried" || result.outcome === "folded")
    return { outcome: "already", leadId: result.leadId, receiptNumber: result.receiptNumber };
  // createLead answers "unavailable" only for a chosen visit slot, which a walk-in never has.
  throw new Error(`A walk-in lead was not stored: ${result.outcome}`);
}
