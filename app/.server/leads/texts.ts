import { and, eq, isNull } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { NAME_PATTERN } from "#app/forms/lead.ts";
import { composeText, type LeadTextForm, type ManualTextPlaceholder } from "#app/forms/lead-text.ts";
import { withoutControlCharacters } from "#app/forms/text.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { fill } from "#app/utils/template.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Executor } from "../db.ts";
import { presentOutboxMessage, textsAreNotSent, type OutboxRow } from "../outbox/console.ts";
import { enqueueOneSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { recordWithdrawal } from "../consent/ledger.ts";
import { leads } from "../schema.ts";
import { siteSettingsOf, textPack } from "../content/site-settings.ts";
import { remainingUnits } from "../units/remaining.ts";
import { advertisingSendTime, advertisingWrap, marketingStanding, type MarketingStanding } from "../sms/advertising.ts";
import { recordLeadEvent } from "./events.ts";
import { maySee, mayWork, type Viewer } from "./visibility.ts";

/**
 * Texts from the team to a customer, from their lead's page: through the outbox (purpose
 * "manual"), in the lead's history and the access records in the same transaction. Advertising
 * follows app/.server/sms/advertising.ts: consent, quiet hours, "(광고)" and the opt-out line.
 */

export type TextOutcome =
  | { outcome: "queued"; outboxId: number; sendsAt: Date | null; held: boolean }
  | { outcome: "not-found" | "forbidden" | "no-consent" | "opted-out" };

/** The lead, locked for the text, if it is on this site and out of the bin. */
async function lockLead(tx: Executor, site: string, leadId: number) {
  const [lead] = await tx
    .select({ id: leads.id, assigneeId: leads.assigneeId, name: leads.name, phone: leads.phone })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.site, site), isNull(leads.deletedAt)))
    .for("update");
  return lead;
}

/**
 * The customer's own name for a text to them. It passed the lead form's name rule when typed; a
 * name that somehow does not (an old row) is left out rather than sent unchecked.
 */
function safeName(name: string) {
  const cleaned = withoutControlCharacters(name).trim();
  return NAME_PATTERN.test(cleaned) ? cleaned : "";
}

/** The pack's templates filled in for this customer, as the form offers them. */
export function filledTemplates(
  site: SitePack,
  { customerName, staffName, remainingUnits = null }: { customerName: string; staffName: string; remainingUnits?: string | null },
) {
  const values: Record<ManualTextPlaceholder, string> = {
    remainingUnits: remainingUnits ?? "",
    customerName: safeName(customerName),
    senderName: site.leads.sms.senderName,
    modelHouseAddress: site.modelHouse.address,
    modelHouseHours: site.modelHouse.hours,
    salesPhone: formatPhone(site.phone),
    staffName: safeName(staffName) || "상담실",
  };
  // Without a remaining-units line (the office turned it off, or the board is empty) no text claims a count.
  const usable = site.leads.sms.templates.filter((template) => remainingUnits !== null || !template.text.includes("{remainingUnits}"));
  return usable.map((template) => ({
    key: template.key,
    label: template.label,
    advertising: template.advertising === true,
    // Without a name, "{customerName} 고객님" reads "고객님".
    text: fill(template.text, values).replace(/^ +/gm, ""),
  }));
}

/** What the texts section of a lead's page shows: the texts, and for whoever works the lead, the form. */
export async function leadTextsPanel(
  viewer: Viewer & { name: string },
  site: SitePack,
  lead: { name: string; phone: string; assigneeId: number | null },
  messages: OutboxRow[],
) {
  const works = mayWork(viewer, lead);
  const standing: MarketingStanding | null = works ? await marketingStanding(db(), site.slug, lead.phone) : null;
  return {
    testMode: textsAreNotSent(),
    // Texts carry the customer's number and booking link: shown whole only to whoever works the lead.
    messages: messages.map((message) => presentOutboxMessage(message, { reveal: works })),
    form: works
      ? {
          templates: filledTemplates(site, {
            customerName: lead.name,
            staffName: viewer.name,
            remainingUnits: (await remainingUnits(site.slug, await siteSettingsOf(site.slug))).line,
          }),
          wrap: advertisingWrap(site),
          standing,
        }
      : null,
  };
}

export async function textLead(change: ChangeContext, leadId: number, form: LeadTextForm, now = new Date()): Promise<TextOutcome> {
  const site = await textPack(change.site);
  const result = await db().transaction(async (tx): Promise<TextOutcome> => {
    const lead = await lockLead(tx, change.site, leadId);
    if (!lead || !maySee(change.actor, lead)) return { outcome: "not-found" };
    if (!mayWork(change.actor, lead)) return { outcome: "forbidden" };
    if (form.advertising) {
      const standing = await marketingStanding(tx, change.site, lead.phone);
      if (standing !== "consented") return { outcome: standing };
    }
    const sendsAt = form.advertising ? advertisingSendTime(now) : now;
    const { id, held } = await enqueueOneSms(
      tx,
      {
        site: change.site,
        leadId,
        purpose: "manual",
        recipient: lead.phone,
        body: composeText(form.body, form.advertising, advertisingWrap(site)),
        advertising: form.advertising,
        sentBy: change.actor.id,
        nextAttemptAt: sendsAt,
      },
      { budget: site.leads.textBudget, now },
    );
    await recordLeadEvent(
      tx,
      { leadId, kind: "text-sent", actor: change.actor, detail: { outboxId: id, advertising: form.advertising } },
      now,
    );
    await recordAccess(
      {
        ...change,
        action: "lead.text",
        leadIds: [leadId],
        detail: { outboxId: id, advertising: form.advertising, template: form.template ?? null },
      },
      { executor: tx, now },
    );
    return { outcome: "queued", outboxId: id, sendsAt: sendsAt > now ? sendsAt : null, held: held !== null };
  });
  if (result.outcome === "queued" && !result.sendsAt && !result.held) wakeOutboxWorker();
  return result;
}

/**
 * The customer told the office to stop advertising texts: a withdrawal in the consent ledger
 * (consent/ledger.ts: the customer's standing, their unsent advertising withdrawn, the confirmation
 * text queued), recorded by this person. Already withdrawn, nothing new is recorded or sent.
 */
export async function recordMarketingOptOut(change: ChangeContext, leadId: number, now = new Date()) {
  const result = await db().transaction(async (tx) => {
    const lead = await lockLead(tx, change.site, leadId);
    if (!lead || !maySee(change.actor, lead)) return "not-found" as const;
    if (!mayWork(change.actor, lead)) return "forbidden" as const;
    const withdrawal = await recordWithdrawal(
      tx,
      { site: change.site, phone: lead.phone, via: "console", at: now, actorId: change.actor.id },
      { now },
    );
    if (withdrawal.outcome === "withdrawn") {
      await recordAccess(
        {
          ...change,
          action: "consent.withdraw",
          leadIds: [leadId],
          detail: { via: "console", outboxId: withdrawal.outboxId, withdrawn: withdrawal.withdrawnTexts },
        },
        { executor: tx, now },
      );
    }
    return withdrawal.outcome;
  });
  if (result === "withdrawn") wakeOutboxWorker();
  return result;
}
