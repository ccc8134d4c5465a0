import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { lockPerson, withdrawOtherNumbers } from "../consent/ledger.ts";
import { db } from "../db.ts";
import { customers, leads } from "../schema.ts";
import { recordLeadEvent } from "./events.ts";

/**
 * Two customers of a site who turn out to be one person (two phone numbers): a manager merges one
 * into the other. Every lead of both ends up with the kept customer, each gets a "customer-merged"
 * entry, so both customers' history reads the merge; the merged customer stays as a pointer, so its
 * page and its number's next form lead to the kept one. A refusal of advertising by any of the
 * numbers then holds for all of them (decision 055). Customers of another site are not found.
 */

export type MergeOutcome = "done" | "not-found" | "forbidden" | "same-customer";

/** The site's customer with this number (digits), following a merge to the customer kept. */
export async function customerIdByPhone(site: string, phone: string) {
  const [row] = await db()
    .select({ id: customers.id, mergedIntoId: customers.mergedIntoId })
    .from(customers)
    .where(and(eq(customers.site, site), eq(customers.phone, phone)));
  return row ? (row.mergedIntoId ?? row.id) : null;
}

/** The customer a customer id stands for now: itself, or the one it was merged into; null when not on the site. */
export async function keptCustomerOf(site: string, customerId: number) {
  const [row] = await db()
    .select({ id: customers.id, mergedIntoId: customers.mergedIntoId })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.site, site)));
  return row ? (row.mergedIntoId ?? row.id) : null;
}

export async function mergeCustomers(change: ChangeContext, keepId: number, otherId: number, now = new Date()): Promise<MergeOutcome> {
  if (!can(change.actor.role, "leads.assign")) return "forbidden";
  if (keepId === otherId) return "same-customer";
  return db().transaction(async (tx) => {
    // Both people's records locked in id order, as a withdrawal locks them, so two changes to one
    // person at once queue instead of deadlocking.
    await lockPerson(tx, change.site, [keepId, otherId]);
    const both = await tx
      .select({ id: customers.id, mergedIntoId: customers.mergedIntoId })
      .from(customers)
      .where(and(inArray(customers.id, [keepId, otherId]), eq(customers.site, change.site)));
    const keep = both.find((row) => row.id === keepId);
    const other = both.find((row) => row.id === otherId);
    if (!keep || !other || keep.mergedIntoId !== null || other.mergedIntoId !== null) return "not-found";
    const moved = await tx
      .update(leads)
      .set({ customerId: keepId })
      .where(and(eq(leads.customerId, otherId), eq(leads.site, change.site)))
      .returning({ id: leads.id });
    // Whoever pointed at the merged customer now points at the kept one.
    await tx.update(customers).set({ mergedIntoId: keepId }).where(eq(customers.mergedIntoId, otherId));
    await tx.update(customers).set({ mergedIntoId: keepId }).where(eq(customers.id, otherId));
    // A refusal of advertising by any of the person's numbers now holds for all of them.
    const [refusal] = await tx
      .select({ phone: customers.phone, at: customers.marketingOptOutAt })
      .from(customers)
      .where(
        and(
          eq(customers.site, change.site),
          or(eq(customers.id, keepId), eq(customers.mergedIntoId, keepId)),
          isNotNull(customers.marketingOptOutAt),
        ),
      )
      .orderBy(desc(customers.marketingOptOutAt))
      .limit(1);
    if (refusal) await withdrawOtherNumbers(tx, change.site, keepId, { phone: refusal.phone, at: refusal.at! }, now);
    const all = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.customerId, keepId), eq(leads.site, change.site), isNull(leads.deletedAt)))
      .orderBy(asc(leads.id));
    for (const lead of all) {
      await recordLeadEvent(
        tx,
        { leadId: lead.id, kind: "customer-merged", actor: change.actor, detail: { fromId: otherId, intoId: keepId } },
        now,
      );
    }
    await recordAccess(
      {
        ...change,
        action: "customer.merge",
        leadIds: all.map((lead) => lead.id),
        detail: { kept: keepId, merged: otherId, moved: moved.length },
      },
      { executor: tx, now },
    );
    return "done";
  });
}
