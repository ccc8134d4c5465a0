import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import { BIN_DAYS } from "#app/forms/admin.ts";
import { can } from "#app/permissions.ts";
import { recordAccess, systemActor, type ChangeContext } from "../audit/records.ts";
import { db, inSlices, queryRows, type Executor } from "../db.ts";
import { admins, customers, leads, marketingConsentEvents, smsOutbox } from "../schema.ts";
import { offerFreedPlacesAfter } from "../visits/waitlist.ts";
import { letGoOfWhatItHeld } from "./let-go.ts";
import type { LeadChange } from "./record.ts";

/**
 * The bin: a deleted lead waits here for BIN_DAYS, out of every list, count, export and text,
 * where an owner or manager can restore it; after that it is destroyed with everything that names
 * the person (docs/decisions/015). Destruction is recorded by lead id only.
 */

const BIN_MS = BIN_DAYS * 24 * 60 * 60_000;

/** When a lead moved to the bin at `deletedAt` will be destroyed. */
export function destroyedAfter(deletedAt: Date) {
  return new Date(deletedAt.getTime() + BIN_MS);
}

/**
 * Moves a lead to the bin, and with it what it was holding: its live unit holds are let go and its
 * visits still to come are cancelled (their places offered to the waitlists), in the same
 * transaction and access record. A restore brings back neither: the unit or the place may have gone
 * to someone else meanwhile.
 */
export async function moveLeadToBin(change: ChangeContext, leadId: number, now = new Date()): Promise<LeadChange> {
  if (!can(change.actor.role, "leads.delete")) return "forbidden";
  let freedSlots: number[] = [];
  const outcome = await db().transaction(async (tx) => {
    const moved = await tx
      .update(leads)
      .set({ deletedAt: now, deletedBy: change.actor.id })
      .where(and(eq(leads.id, leadId), eq(leads.site, change.site), sql`${leads.deletedAt} is null`))
      .returning({ id: leads.id });
    if (moved.length === 0) return "not-found" as const;
    const letGo = await letGoOfWhatItHeld(tx, change, leadId, "lead-deleted", now);
    freedSlots = letGo.freedSlots;
    await recordAccess({ ...change, action: "lead.delete", leadIds: [leadId], detail: letGo.detail }, { executor: tx, now });
    return "done" as const;
  });
  if (freedSlots.length > 0) await offerFreedPlacesAfter(freedSlots, now);
  return outcome;
}

export async function restoreLead(change: ChangeContext, leadId: number, now = new Date()): Promise<LeadChange> {
  if (!can(change.actor.role, "leads.delete")) return "forbidden";
  return db().transaction(async (tx) => {
    const restored = await tx
      .update(leads)
      .set({ deletedAt: null, deletedBy: null })
      .where(and(eq(leads.id, leadId), eq(leads.site, change.site), isNotNull(leads.deletedAt)))
      .returning({ id: leads.id });
    if (restored.length === 0) return "not-found";
    await recordAccess({ ...change, action: "lead.restore", leadIds: [leadId] }, { executor: tx, now });
    return "done";
  });
}

/** The bin of a site, most recently deleted first. */
export async function listBin(site: string) {
  const rows = await db()
    .select({
      id: leads.id,
      kind: leads.kind,
      name: leads.name,
      phone: leads.phone,
      createdAt: leads.createdAt,
      deletedAt: leads.deletedAt,
      deletedBy: admins.email,
    })
    .from(leads)
    .leftJoin(admins, eq(admins.id, leads.deletedBy))
    .where(and(eq(leads.site, site), isNotNull(leads.deletedAt)))
    .orderBy(desc(leads.deletedAt), desc(leads.id));
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt!, destroyedAfter: destroyedAfter(row.deletedAt!) }));
}

/**
 * Destroys these leads of one site with their notes, status history and bookings (by cascade) and
 * their text messages, and records the destruction (ids and why, nothing else) in the same
 * transaction.
 */
export async function destroyLeads(tx: Executor, site: string, leadIds: number[], reason: "bin" | "retention", now = new Date()) {
  if (leadIds.length === 0) return 0;
  await tx.delete(smsOutbox).where(inArray(smsOutbox.leadId, leadIds));
  const deleted = await tx.delete(leads).where(inArray(leads.id, leadIds)).returning({ id: leads.id });
  if (deleted.length > 0) {
    await recordAccess(
      {
        site,
        actor: systemActor(reason === "bin" ? "bin" : "retention"),
        clientAddress: "-",
        action: "lead.destroy",
        leadIds: deleted.map((row) => row.id),
        detail: { reason },
      },
      { executor: tx, now },
    );
  }
  return deleted.length;
}

/**
 * What a site keeps of the people none of whose leads is left (decision 056): their customer records
 * (the phone numbers) and their consent ledger are destroyed, as the leads they came with were. A
 * number that refused advertising keeps its record and its withdrawals (the number and when, so a
 * refusal outlives the leads), standing alone: the customer a merge pointed it to may be gone.
 * Answers how many customer records were destroyed.
 */
export async function forgetCustomersWithoutLeads(tx: Executor, site: string): Promise<number> {
  const candidates = await numbersWithoutLeads(tx, site);
  // Locked in id order, as a withdrawal and a merge lock a person's records (lockPerson), so they
  // queue; then read again: a lead or a refusal that came meanwhile is seen, and none can come now
  // (a new lead of a number waits on its record's lock) until the purge commits.
  for (const slice of inSlices(candidates)) {
    const ids = slice.map((number) => number.id);
    await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids)).orderBy(asc(customers.id)).for("update");
  }
  const locked = new Set(candidates.map((number) => number.id));
  const gone = (await numbersWithoutLeads(tx, site)).filter((number) => locked.has(number.id));
  let destroyed = 0;
  for (const slice of inSlices(gone)) {
    const forgotten = slice.filter((number) => !number.refused);
    const refused = slice.filter((number) => number.refused);
    if (forgotten.length > 0) {
      const phones = forgotten.map((number) => number.phone);
      const ids = forgotten.map((number) => number.id);
      await tx
        .delete(marketingConsentEvents)
        .where(and(eq(marketingConsentEvents.site, site), inArray(marketingConsentEvents.phone, phones)));
      destroyed += (await tx.delete(customers).where(inArray(customers.id, ids)).returning({ id: customers.id })).length;
    }
    if (refused.length > 0) {
      const phones = refused.map((number) => number.phone);
      const ids = refused.map((number) => number.id);
      const notRefusals = ne(marketingConsentEvents.kind, "withdrawal");
      await tx
        .delete(marketingConsentEvents)
        .where(and(eq(marketingConsentEvents.site, site), inArray(marketingConsentEvents.phone, phones), notRefusals));
      await tx.update(customers).set({ mergedIntoId: null }).where(inArray(customers.id, ids));
    }
  }
  return destroyed;
}

/** The site's customer records whose person (the record kept by a merge and those merged into it) has no lead, in id order. */
function numbersWithoutLeads(tx: Executor, site: string) {
  return queryRows<{ id: number; phone: string; refused: boolean }>(
    tx,
    sql`with numbers as (
          select id, phone, marketing_opt_out_at is not null as refused, coalesce(merged_into_id, id) as person
          from customers where site = ${site}
        ),
        with_leads as (select distinct numbers.person from numbers join leads on leads.customer_id = numbers.id)
        select id, phone, refused from numbers where person not in (select person from with_leads) order by id`,
  );
}

/** Leads whose time in the bin is over, by site. */
export async function expiredBinLeads(tx: Executor, now = new Date()) {
  const rows = await tx
    .select({ id: leads.id, site: leads.site })
    .from(leads)
    .where(lt(leads.deletedAt, new Date(now.getTime() - BIN_MS)));
  const bySite = new Map<string, number[]>();
  for (const row of rows) bySite.set(row.site, [...(bySite.get(row.site) ?? []), row.id]);
  return bySite;
}
