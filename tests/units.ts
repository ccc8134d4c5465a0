import { db } from "#app/.server/db.ts";
import { customers, leads, units } from "#app/.server/schema.ts";
import type { UnitStatus } from "#app/vocabulary.ts";

/** Test records for the unit inventory (app/.server/units/). */

/** One 동 of units: `floors` floors × `lines` lines, types by line (line 1 the first type, …), all for sale. */
export async function addBuilding({
  site = "daegu",
  building = "101",
  floors = 3,
  lines = 2,
  types = ["84A", "84B"],
  price = null as number | null,
} = {}) {
  const rows = [];
  for (let floor = 1; floor <= floors; floor++)
    for (let line = 1; line <= lines; line++)
      rows.push({ site, building, floor, line, typeKey: types[(line - 1) % types.length]!, price, status: "available" as UnitStatus });
  return db().insert(units).values(rows).returning({ id: units.id, floor: units.floor, line: units.line, typeKey: units.typeKey });
}

/** A lead of the site (and its customer), assigned to `assigneeId` when given. */
export async function addUnitLead({
  site = "daegu",
  assigneeId = null as number | null,
  name = "김하늘",
  phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
} = {}) {
  const [customer] = await db().insert(customers).values({ site, phone }).returning({ id: customers.id });
  const [lead] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "visit",
      site,
      name,
      phone,
      consentVersion: "test",
      consentedAt: new Date(),
      sourcePath: "/",
      customerId: customer!.id,
      assigneeId,
    })
    .returning({ id: leads.id });
  return lead!.id;
}

export interface ProbeUnits {
  free: number;
  held: number;
  sold: number;
}

/** The authorization table's units (tests/console-probes.ts): one for sale, one the counsellor holds for `mine`, one sold to `theirs`. */
export async function addProbeUnits({
  mine,
  theirs,
  counsellorId,
}: {
  mine: number;
  theirs: number;
  counsellorId: number;
}): Promise<ProbeUnits> {
  const heldUntil = new Date(Date.now() + 24 * 3_600_000);
  const rows = await db()
    .insert(units)
    .values([
      { site: "daegu", building: "101", floor: 1, line: 1, typeKey: "84A" },
      { site: "daegu", building: "101", floor: 1, line: 2, typeKey: "84B", status: "held", leadId: mine, heldBy: counsellorId, heldUntil },
      { site: "daegu", building: "101", floor: 2, line: 1, typeKey: "84A", status: "contracted", leadId: theirs },
    ])
    .returning({ id: units.id });
  return { free: rows[0]!.id, held: rows[1]!.id, sold: rows[2]!.id };
}
