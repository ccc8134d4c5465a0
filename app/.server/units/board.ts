import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { unitLabel } from "#app/forms/units.ts";
import { can } from "#app/permissions.ts";
import type { UnitStatus } from "#app/vocabulary.ts";
import { db, type Executor } from "../db.ts";
import { admins, leads, unitChanges, units } from "../schema.ts";
import { visibleTo, type Viewer } from "../leads/visibility.ts";

/**
 * The board as the team reads it. A hold runs out by itself: past `heldUntil` a held unit reads as
 * for sale, without a job or a write (a new hold takes it with its conditional UPDATE, holds.ts).
 */

/** A unit's status at `now`: a hold past its time reads as 분양 가능. */
export function statusAt(now: Date) {
  return sql<UnitStatus>`case when ${units.status} = 'held' and ${units.heldUntil} <= ${now} then 'available' else ${units.status} end`;
}

export interface BoardUnit {
  id: number;
  building: string;
  floor: number;
  line: number;
  typeKey: string;
  price: number | null;
  status: UnitStatus;
  leadId: number | null;
  leadName: string | null;
  heldBy: number | null;
  heldByName: string | null;
  heldUntil: Date | null;
}

/** Every unit of the site, by 동, floor (top first) and line; a hold's customer named only to whoever may see their lead. */
export async function unitBoard(site: string, viewer: Viewer, now = new Date()): Promise<BoardUnit[]> {
  const status = statusAt(now);
  const rows = await db()
    .select({
      id: units.id,
      building: units.building,
      floor: units.floor,
      line: units.line,
      typeKey: units.typeKey,
      price: units.price,
      status,
      leadId: units.leadId,
      heldBy: units.heldBy,
      heldByName: admins.name,
      heldUntil: units.heldUntil,
    })
    .from(units)
    .leftJoin(admins, eq(admins.id, units.heldBy))
    .where(eq(units.site, site))
    .orderBy(asc(units.building), sql`${units.floor} desc`, asc(units.line));
  const leadIds = [...new Set(rows.flatMap((row) => (row.leadId !== null && row.status !== "available" ? [row.leadId] : [])))];
  const names = new Map<number, string>();
  if (leadIds.length > 0) {
    const seen = await db()
      .select({ id: leads.id, name: leads.name })
      .from(leads)
      .where(and(inArray(leads.id, leadIds), eq(leads.site, site), visibleTo(viewer)));
    for (const lead of seen) names.set(lead.id, lead.name);
  }
  return rows.map((row) => {
    const active = row.status === "held" || row.status === "contracted";
    return {
      ...row,
      leadId: active ? row.leadId : null,
      leadName: active && row.leadId !== null ? (names.get(row.leadId) ?? null) : null,
      heldBy: row.status === "held" ? row.heldBy : null,
      heldByName: row.status === "held" ? row.heldByName : null,
      heldUntil: row.status === "held" ? row.heldUntil : null,
    };
  });
}

/** The most customers the hold form lists; anyone older is reached from their own page (`holdCandidate`). */
export const HOLDABLE_LISTED = 200;

/** Whom a person may hold a unit for: the site's leads they work (a manager: every lead), spam and the bin aside. */
function holdableBy(site: string, viewer: Viewer) {
  return and(
    eq(leads.site, site),
    eq(leads.spam, false),
    isNull(leads.deletedAt),
    can(viewer.role, "leads.all") ? undefined : eq(leads.assigneeId, viewer.id),
  );
}

/** The customers a person may hold a unit for, newest first, as many as the form lists. */
export async function holdableLeads(site: string, viewer: Viewer) {
  return db()
    .select({ id: leads.id, name: leads.name, receiptNumber: leads.receiptNumber })
    .from(leads)
    .where(holdableBy(site, viewer))
    .orderBy(sql`${leads.createdAt} desc`)
    .limit(HOLDABLE_LISTED);
}

/**
 * The customer a person came to the board to hold a unit for (from the customer's page), with the
 * type they asked about; null when this person may not hold for them, so the board shows its usual form.
 */
export async function holdCandidate(site: string, viewer: Viewer, leadId: number) {
  const [lead] = await db()
    .select({ id: leads.id, name: leads.name, receiptNumber: leads.receiptNumber, unitType: leads.unitType })
    .from(leads)
    .where(and(eq(leads.id, leadId), holdableBy(site, viewer)));
  return lead ?? null;
}

/** Whether any unit of the site is for sale now: a customer's page offers to hold one only then. */
export async function anyUnitForSale(site: string, now = new Date()) {
  const [row] = await db()
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.site, site), sql`${statusAt(now)} = 'available'`))
    .limit(1);
  return row !== undefined;
}

/** The units held for or sold to a lead now, and the one it asked about, for the lead's page. */
export async function unitsOfLead(site: string, lead: { id: number; unitId: number | null }, now = new Date()) {
  const status = statusAt(now);
  const rows = await db()
    .select({
      id: units.id,
      building: units.building,
      floor: units.floor,
      line: units.line,
      typeKey: units.typeKey,
      status,
      heldUntil: units.heldUntil,
      leadId: units.leadId,
    })
    .from(units)
    .where(
      and(
        eq(units.site, site),
        lead.unitId === null ? eq(units.leadId, lead.id) : sql`(${units.leadId} = ${lead.id} or ${units.id} = ${lead.unitId})`,
      ),
    );
  return rows
    .filter((row) => row.id === lead.unitId || ((row.status === "held" || row.status === "contracted") && row.leadId === lead.id))
    .map((row) => ({
      id: row.id,
      label: unitLabel(row),
      typeKey: row.typeKey,
      status: row.status,
      /** Held or sold for this lead (not only asked about). */
      forThisLead: row.leadId === lead.id && (row.status === "held" || row.status === "contracted"),
      heldUntil: row.status === "held" ? row.heldUntil : null,
    }));
}

/** The latest changes of the site's units, for the board's history. */
export async function recentUnitChanges(site: string, limit = 30) {
  return db()
    .select({
      id: unitChanges.id,
      kind: unitChanges.kind,
      fromStatus: unitChanges.fromStatus,
      toStatus: unitChanges.toStatus,
      actorEmail: unitChanges.actorEmail,
      actorName: admins.name,
      detail: unitChanges.detail,
      createdAt: unitChanges.createdAt,
      building: units.building,
      floor: units.floor,
      line: units.line,
    })
    .from(unitChanges)
    .innerJoin(units, eq(units.id, unitChanges.unitId))
    .leftJoin(admins, eq(admins.id, unitChanges.actorId))
    .where(and(eq(units.site, site), gt(unitChanges.id, 0)))
    .orderBy(sql`${unitChanges.id} desc`)
    .limit(limit);
}

/** Whether a unit of this site exists (for a 404 rather than a refusal). */
export async function unitExists(executor: Executor, site: string, unitId: number) {
  const [row] = await executor
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.site, site)));
  return row !== undefined;
}
