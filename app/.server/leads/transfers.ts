import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { UNNAMED_ACCOUNT } from "#app/forms/assignment.ts";
import { can } from "#app/permissions.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db } from "../db.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { admins, leads, leadTransfers } from "../schema.ts";
import { sitePack } from "../site.ts";
import { findAssignee, textAssignee } from "./assignment.ts";
import { recordLeadEvent } from "./events.ts";

/**
 * A counsellor hands a customer to someone else: they ask, with a reason; a manager approves
 * (every lead of that customer the counsellor works moves, in one transaction) or declines. The
 * move is in the history of every lead moved, naming both people, and in the access records.
 */

export type TransferOutcome = "done" | "not-found" | "forbidden" | "pending" | "same-person" | "decided";

/** A counsellor asks to hand the lead (and its customer's other leads they work) to another person of the site. */
export async function requestTransfer(
  change: ChangeContext,
  leadId: number,
  { toId, reason }: { toId: number; reason: string },
  now = new Date(),
): Promise<TransferOutcome> {
  return db().transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, assigneeId: leads.assigneeId })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.site, change.site), isNull(leads.deletedAt)))
      .for("update");
    if (!lead) return "not-found";
    // Only whoever works the lead may hand it over; anyone else learns nothing of it.
    if (lead.assigneeId !== change.actor.id) return can(change.actor.role, "leads.all") ? "forbidden" : "not-found";
    if (toId === change.actor.id) return "same-person";
    if (!(await findAssignee(tx, change.site, toId))) return "not-found";
    const [open] = await tx
      .select({ id: leadTransfers.id })
      .from(leadTransfers)
      .where(and(eq(leadTransfers.leadId, leadId), eq(leadTransfers.status, "requested")));
    if (open) return "pending";
    const [made] = await tx
      .insert(leadTransfers)
      .values({ site: change.site, leadId, fromId: change.actor.id, toId, reason, createdAt: now })
      .returning({ id: leadTransfers.id });
    await recordAccess(
      { ...change, action: "lead.transfer", leadIds: [leadId], detail: { transfer: made!.id, step: "requested", to: toId } },
      { executor: tx, now },
    );
    return "done";
  });
}

/**
 * A manager approves (the leads move to the person asked for) or declines a request. Approval
 * moves the lead and every other lead of its customer still with the person who asked, records a
 * "transferred" entry on each, and texts the new person if they asked to be told of assignments.
 */
export async function decideTransfer(
  change: ChangeContext,
  transferId: number,
  approve: boolean,
  now = new Date(),
): Promise<TransferOutcome> {
  if (!can(change.actor.role, "leads.assign")) return "forbidden";
  const result = await db().transaction(async (tx): Promise<{ outcome: TransferOutcome; texted?: boolean }> => {
    const [transfer] = await tx
      .select()
      .from(leadTransfers)
      .where(and(eq(leadTransfers.id, transferId), eq(leadTransfers.site, change.site)))
      .for("update");
    if (!transfer) return { outcome: "not-found" };
    if (transfer.status !== "requested") return { outcome: "decided" };
    const decided = { decidedBy: change.actor.id, decidedAt: now };
    if (!approve) {
      await tx
        .update(leadTransfers)
        .set({ status: "declined", ...decided })
        .where(eq(leadTransfers.id, transferId));
      await recordAccess(
        { ...change, action: "lead.transfer", leadIds: [transfer.leadId], detail: { transfer: transferId, step: "declined" } },
        { executor: tx, now },
      );
      return { outcome: "done" };
    }
    const [lead] = await tx
      .select({ customerId: leads.customerId })
      .from(leads)
      .where(and(eq(leads.id, transfer.leadId), isNull(leads.deletedAt)));
    const to = transfer.toId === null ? undefined : await findAssignee(tx, change.site, transfer.toId);
    // The lead went to the bin, or the person asked for left: nothing can move.
    if (!lead || !to) return { outcome: "not-found" };
    const sameCustomer = lead.customerId === null ? eq(leads.id, transfer.leadId) : eq(leads.customerId, lead.customerId);
    const moving = await tx
      .select({ id: leads.id, name: leads.name, kind: leads.kind })
      .from(leads)
      .where(
        and(
          sameCustomer,
          eq(leads.site, change.site),
          isNull(leads.deletedAt),
          transfer.fromId === null ? isNull(leads.assigneeId) : eq(leads.assigneeId, transfer.fromId),
        ),
      )
      .orderBy(leads.id)
      .for("update");
    const [from] =
      transfer.fromId === null
        ? []
        : await tx.select({ name: admins.name, email: admins.email }).from(admins).where(eq(admins.id, transfer.fromId));
    if (moving.length > 0)
      await tx
        .update(leads)
        .set({ assigneeId: to.id })
        .where(
          inArray(
            leads.id,
            moving.map((row) => row.id),
          ),
        );
    for (const row of moving) {
      await recordLeadEvent(
        tx,
        {
          leadId: row.id,
          kind: "transferred",
          actor: change.actor,
          detail: {
            transferId,
            fromId: transfer.fromId,
            fromName: from ? from.name || from.email : null,
            assigneeId: to.id,
            assigneeName: to.name || to.email,
          },
        },
        now,
      );
    }
    await tx
      .update(leadTransfers)
      .set({ status: "approved", ...decided })
      .where(eq(leadTransfers.id, transferId));
    await recordAccess(
      {
        ...change,
        action: "lead.transfer",
        leadIds: moving.map((row) => row.id),
        detail: { transfer: transferId, step: "approved", from: transfer.fromId, to: to.id },
      },
      { executor: tx, now },
    );
    const texted = await textAssignee(tx, change.site, to, moving, sitePack(change.site).leads.textBudget, now);
    return { outcome: "done", texted };
  });
  if (result.texted) wakeOutboxWorker();
  return result.outcome;
}

const fromPerson = alias(admins, "transfer_from");
const toPerson = alias(admins, "transfer_to");
const decider = alias(admins, "transfer_decider");

/** The site's transfer requests: those waiting first, then the latest decided (for the settings page). */
export async function listTransfers(site: string, { decided = 10 }: { decided?: number } = {}) {
  const columns = {
    id: leadTransfers.id,
    leadId: leadTransfers.leadId,
    reason: leadTransfers.reason,
    status: leadTransfers.status,
    createdAt: leadTransfers.createdAt,
    decidedAt: leadTransfers.decidedAt,
    fromName: fromPerson.name,
    fromEmail: fromPerson.email,
    toName: toPerson.name,
    toEmail: toPerson.email,
    deciderName: decider.name,
    deciderEmail: decider.email,
  };
  const query = () =>
    db()
      .select(columns)
      .from(leadTransfers)
      .leftJoin(fromPerson, eq(fromPerson.id, leadTransfers.fromId))
      .leftJoin(toPerson, eq(toPerson.id, leadTransfers.toId))
      .leftJoin(decider, eq(decider.id, leadTransfers.decidedBy));
  const [waiting, done] = await Promise.all([
    query()
      .where(and(eq(leadTransfers.site, site), eq(leadTransfers.status, "requested")))
      .orderBy(leadTransfers.createdAt),
    query()
      .where(and(eq(leadTransfers.site, site), inArray(leadTransfers.status, ["approved", "declined"])))
      .orderBy(desc(leadTransfers.decidedAt))
      .limit(decided),
  ]);
  const named = (name: string | null, email: string | null) => name || email || UNNAMED_ACCOUNT;
  const shape = (row: (typeof waiting)[number]) => ({
    id: row.id,
    leadId: row.leadId,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    from: named(row.fromName, row.fromEmail),
    to: named(row.toName, row.toEmail),
    decider: row.deciderEmail ? named(row.deciderName, row.deciderEmail) : null,
  });
  return { waiting: waiting.map(shape), decided: done.map(shape) };
}

/** The request waiting on a lead, if any (the lead page says so instead of offering another). */
export async function pendingTransferOf(leadId: number) {
  const [row] = await db()
    .select({
      id: leadTransfers.id,
      toId: leadTransfers.toId,
      toName: admins.name,
      toEmail: admins.email,
      createdAt: leadTransfers.createdAt,
    })
    .from(leadTransfers)
    .leftJoin(admins, eq(admins.id, leadTransfers.toId))
    .where(and(eq(leadTransfers.leadId, leadId), eq(leadTransfers.status, "requested")));
  return row ? { id: row.id, to: row.toName || row.toEmail || UNNAMED_ACCOUNT, createdAt: row.createdAt } : null;
}
