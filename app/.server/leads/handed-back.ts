import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import type { Executor } from "../db.ts";
import { admins, leads } from "../schema.ts";
import { recordLeadEvents, type LeadEventDetails } from "./events.ts";

/** A lead someone is still working: not in the bin, not spam, neither contracted nor closed. */
export const stillWorked = and(isNull(leads.deletedAt), eq(leads.spam, false), notInArray(leads.status, ["contracted", "closed", "spam"]));

/** These leads back to the unassigned inbox (their history rows are the caller's). */
export async function unassign(tx: Executor, leadIds: number[]) {
  await tx.update(leads).set({ assigneeId: null }).where(inArray(leads.id, leadIds));
}

/** Open leads handed back: on the site whose console made the change, and on the person's other sites. */
export interface HandedBack {
  here: number;
  elsewhere: number;
}

/**
 * A person who can no longer work a site's leads (their account disabled, or they were taken off the
 * site) hands their open leads back to the unassigned inbox, in the transaction of that change: left
 * assigned, nobody else could see them and their callbacks would reach nobody. Contracted and closed
 * leads keep their counsellor, as the recycling does (leads/recycling.ts). Each lead's history says
 * why, and each site's access records name its own leads handed back. `sites` null: every site.
 */
export async function handBackLeadsOf(
  tx: Executor,
  change: ChangeContext,
  personId: number,
  sites: readonly string[] | null,
  why: LeadEventDetails["handed-back"]["why"],
  now: Date,
): Promise<HandedBack> {
  const open = await tx
    .select({ id: leads.id, site: leads.site })
    .from(leads)
    .where(and(eq(leads.assigneeId, personId), sites === null ? undefined : inArray(leads.site, [...sites]), stillWorked))
    .orderBy(leads.id)
    .for("update", { of: leads });
  if (open.length === 0) return { here: 0, elsewhere: 0 };
  const [from] = await tx.select({ name: admins.name }).from(admins).where(eq(admins.id, personId));
  await unassign(
    tx,
    open.map((lead) => lead.id),
  );
  await recordLeadEvents(
    tx,
    open.map((lead) => ({
      leadId: lead.id,
      kind: "handed-back" as const,
      actor: change.actor,
      detail: { fromId: personId, fromName: from?.name || null, why },
    })),
    now,
  );
  for (const site of [...new Set(open.map((lead) => lead.site))].sort()) {
    await recordAccess(
      {
        ...change,
        site,
        action: "lead.assign",
        leadIds: open.filter((lead) => lead.site === site).map((lead) => lead.id),
        detail: { to: null, how: "handed-back", why, from: [personId] },
      },
      { executor: tx, now },
    );
  }
  const here = open.filter((lead) => lead.site === change.site).length;
  return { here, elsewhere: open.length - here };
}
