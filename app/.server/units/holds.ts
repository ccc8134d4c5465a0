import { and, desc, eq, inArray, lte, or } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { unitLabel } from "#app/forms/units.ts";
import type { LeadStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { db, type Executor } from "../db.ts";
import { recordLeadEvent } from "../leads/events.ts";
import { lockLead, writeLeadStatus } from "../leads/record.ts";
import { maySee, mayWork } from "../leads/visibility.ts";
import { unitChanges, units } from "../schema.ts";
import { recordUnitChange } from "./changes.ts";
import { heldAt } from "./release.ts";
import { unitSettingsOf } from "./settings.ts";

/**
 * Holds and sales. A counsellor holds a unit for one of their customers for the site's hold
 * length; the hold is taken by one conditional UPDATE (for sale, or a hold past its time), so of
 * any number of counsellors asking at once exactly one gets it, on PGlite and PostgreSQL alike. A
 * manager sells a held unit (계약 완료): the unit and its lead's status change in one transaction,
 * and undoing the sale puts both back. Every verb writes the unit's history, the lead's history,
 * the content version (the public counts) and the access record in its own transaction.
 */

export type UnitOutcome =
  "done" | "not-found" | "taken" | "not-your-lead" | "spam-lead" | "not-held" | "not-holder" | "not-contracted" | "forbidden";

const forSaleAt = (now: Date) => or(eq(units.status, "available"), and(eq(units.status, "held"), lte(units.heldUntil, now)));

async function unitRow(tx: Executor, site: string, unitId: number) {
  const [row] = await tx
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.site, site)));
  return row;
}

export async function holdUnit(
  change: ChangeContext,
  unitId: number,
  leadId: number,
  now = new Date(),
): Promise<{ outcome: UnitOutcome; until?: Date }> {
  const { holdHours } = await unitSettingsOf(change.site);
  const until = new Date(now.getTime() + holdHours * 3_600_000);
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, change.site, leadId);
    // Another site's lead does not exist here; one of this site the person may not work is refused.
    if (!lead) return { outcome: "not-found" as const };
    if (!maySee(change.actor, lead) || !mayWork(change.actor, lead)) return { outcome: "not-your-lead" as const };
    // The board offers no one marked spam; a post naming one is refused too.
    if (lead.spam) return { outcome: "spam-lead" as const };
    const [held] = await tx
      .update(units)
      .set({ status: "held", leadId, heldBy: change.actor.id, heldUntil: until, updatedAt: now })
      .where(and(eq(units.id, unitId), eq(units.site, change.site), forSaleAt(now)))
      .returning({ id: units.id, building: units.building, floor: units.floor, line: units.line });
    if (!held) return { outcome: (await unitRow(tx, change.site, unitId)) ? ("taken" as const) : ("not-found" as const) };
    const label = unitLabel(held);
    await recordUnitChange(
      tx,
      change,
      { unitId, kind: "held", from: "available", to: "held", leadId, detail: { until: until.toISOString() } },
      now,
    );
    await recordLeadEvent(
      tx,
      { leadId, kind: "unit", actor: change.actor, detail: { unitId, unit: label, change: "held", until: until.toISOString() } },
      now,
    );
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess(
      { ...change, action: "units.change", leadIds: [leadId], detail: { unitId, kind: "held", until: until.toISOString() } },
      { executor: tx, now },
    );
    return { outcome: "done" as const, until };
  });
}

/** Lets a live hold go: its holder, or a manager. */
export async function releaseUnit(change: ChangeContext, unitId: number, now = new Date()): Promise<UnitOutcome> {
  const managing = can(change.actor.role, "units.manage");
  return db().transaction(async (tx) => {
    const before = await unitRow(tx, change.site, unitId);
    const [released] = await tx
      .update(units)
      .set({ status: "available", leadId: null, heldBy: null, heldUntil: null, updatedAt: now })
      .where(and(eq(units.id, unitId), eq(units.site, change.site), heldAt(now), managing ? undefined : eq(units.heldBy, change.actor.id)))
      .returning({ id: units.id });
    if (!released || !before) {
      if (!before) return "not-found";
      return before.status === "held" && before.heldUntil && before.heldUntil > now ? "not-holder" : "not-held";
    }
    await recordUnitChange(tx, change, { unitId, kind: "released", from: "held", to: "available", leadId: before.leadId }, now);
    if (before.leadId !== null)
      await recordLeadEvent(
        tx,
        { leadId: before.leadId, kind: "unit", actor: change.actor, detail: { unitId, unit: unitLabel(before), change: "released" } },
        now,
      );
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess(
      { ...change, action: "units.change", leadIds: before.leadId === null ? [] : [before.leadId], detail: { unitId, kind: "released" } },
      { executor: tx, now },
    );
    return "done";
  });
}

/** A manager marks a held unit 계약 완료: the unit sold to the hold's customer, whose lead becomes 계약 완료 with it. */
export async function contractUnit(change: ChangeContext, unitId: number, now = new Date()): Promise<UnitOutcome> {
  if (!can(change.actor.role, "units.manage")) return "forbidden";
  return db().transaction(async (tx) => {
    const [sold] = await tx
      .update(units)
      .set({ status: "contracted", heldUntil: null, updatedAt: now })
      .where(and(eq(units.id, unitId), eq(units.site, change.site), heldAt(now)))
      .returning({ id: units.id, building: units.building, floor: units.floor, line: units.line, leadId: units.leadId });
    if (!sold) return (await unitRow(tx, change.site, unitId)) ? "not-held" : "not-found";
    let leadStatusBefore: LeadStatus | null = null;
    if (sold.leadId !== null) {
      const lead = await lockLead(tx, change.site, sold.leadId);
      if (lead) {
        leadStatusBefore = lead.status;
        if (lead.status !== "contracted") await writeLeadStatus(tx, change, lead.id, lead.status, "contracted", now);
        await recordLeadEvent(
          tx,
          { leadId: lead.id, kind: "unit", actor: change.actor, detail: { unitId, unit: unitLabel(sold), change: "contracted" } },
          now,
        );
      }
    }
    await recordUnitChange(
      tx,
      change,
      { unitId, kind: "contracted", from: "held", to: "contracted", leadId: sold.leadId, detail: { leadStatusBefore } },
      now,
    );
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess(
      {
        ...change,
        action: "units.change",
        leadIds: sold.leadId === null ? [] : [sold.leadId],
        detail: { unitId, kind: "contracted", leadStatusBefore },
      },
      { executor: tx, now },
    );
    return "done";
  });
}

/**
 * Undoes a sale: the unit is for sale again, and its lead goes back to the status the sale replaced
 * (unless the lead has another unit sold to it, or someone changed its status since).
 */
export async function undoContract(change: ChangeContext, unitId: number, now = new Date()): Promise<UnitOutcome> {
  if (!can(change.actor.role, "units.manage")) return "forbidden";
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(units)
      .where(and(eq(units.id, unitId), eq(units.site, change.site)))
      .for("update");
    if (!before) return "not-found";
    if (before.status !== "contracted") return "not-contracted";
    await tx
      .update(units)
      .set({ status: "available", leadId: null, heldBy: null, heldUntil: null, updatedAt: now })
      .where(eq(units.id, unitId));
    let restored: LeadStatus | null = null;
    if (before.leadId !== null) {
      const lead = await lockLead(tx, change.site, before.leadId);
      const [sale] = await tx
        .select({ detail: unitChanges.detail })
        .from(unitChanges)
        .where(and(eq(unitChanges.unitId, unitId), eq(unitChanges.kind, "contracted")))
        .orderBy(desc(unitChanges.id))
        .limit(1);
      const statusBefore = (sale?.detail.leadStatusBefore ?? null) as LeadStatus | null;
      const [otherSale] = await tx
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.leadId, before.leadId), inArray(units.status, ["contracted"])))
        .limit(1);
      if (lead && lead.status === "contracted" && statusBefore && statusBefore !== "contracted" && !otherSale) {
        await writeLeadStatus(tx, change, lead.id, "contracted", statusBefore, now);
        restored = statusBefore;
      }
      if (lead)
        await recordLeadEvent(
          tx,
          { leadId: lead.id, kind: "unit", actor: change.actor, detail: { unitId, unit: unitLabel(before), change: "contract-undone" } },
          now,
        );
    }
    await recordUnitChange(
      tx,
      change,
      {
        unitId,
        kind: "contract-undone",
        from: "contracted",
        to: "available",
        leadId: before.leadId,
        detail: { leadStatusRestored: restored },
      },
      now,
    );
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess(
      {
        ...change,
        action: "units.change",
        leadIds: before.leadId === null ? [] : [before.leadId],
        detail: { unitId, kind: "contract-undone", leadStatusRestored: restored },
      },
      { executor: tx, now },
    );
    return "done";
  });
}
