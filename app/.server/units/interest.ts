import { and, eq, ne } from "drizzle-orm";
import { unitLabel } from "#app/forms/units.ts";
import { db } from "../db.ts";
import { units } from "../schema.ts";
import { sitePack } from "../site.ts";

/**
 * What a lead form says about the unit a visitor wants: a type the site sells, and a unit of the
 * site that is not 비공개 (its type then wins). Anything else is dropped, not refused: the visitor
 * asked for a consultation, and a stale link must not stop that.
 */
export async function unitInterest(site: string, typed: { unitType?: string; unitId?: number }) {
  const unit = typed.unitId === undefined ? undefined : await publicUnit(site, typed.unitId);
  const typeKey = unit?.typeKey ?? sitePack(site).units.find((type) => type.key === typed.unitType)?.key;
  return { unitType: typeKey, unitId: unit?.id };
}

/** A unit a public link may name (any but 비공개), with its label. */
export async function publicUnit(site: string, unitId: number) {
  const [unit] = await db()
    .select({ id: units.id, building: units.building, floor: units.floor, line: units.line, typeKey: units.typeKey })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.site, site), ne(units.status, "hidden")));
  return unit ? { id: unit.id, typeKey: unit.typeKey, label: unitLabel(unit) } : null;
}
