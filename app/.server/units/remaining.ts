import { and, count, eq, inArray, sql } from "drizzle-orm";
import { PUBLIC_UNITS_PATH, REMAINING_UNITS_WORDS } from "#app/content/units-page.ts";
import { remainingPhrase } from "#app/forms/units.ts";
import type { SiteSettingValues } from "#app/forms/site-settings.ts";
import { db, type Executor } from "../db.ts";
import { units } from "../schema.ts";
import { sitePack } from "../site.ts";
import { unitSettingsOf, type UnitSettings } from "./settings.ts";

/**
 * What the public pages say about units left (docs/decisions/030-unit-inventory.md). A held unit is
 * still for sale to the public (the customer has not signed), a sold one is not, a 비공개 unit is
 * not counted at all. None of these depends on the time, so a hold running out changes nothing a
 * cached page says, and every change that does goes through a verb that bumps the content version.
 */

export interface TypeCount {
  typeKey: string;
  /** Units the public may still buy (for sale or held). */
  remaining: number;
  /** Every unit of the type on the board, sold ones included (비공개 not). */
  total: number;
}

/** Remaining and total per type, in the pack's order; types with no unit on the board are left out. */
export async function remainingByType(site: string, executor: Executor = db()): Promise<TypeCount[]> {
  const rows = await executor
    .select({
      typeKey: units.typeKey,
      total: count(),
      remaining: sql<number>`count(*) filter (where ${units.status} in ('available', 'held'))`.mapWith(Number),
    })
    .from(units)
    .where(and(eq(units.site, site), inArray(units.status, ["available", "held", "contracted"])))
    .groupBy(units.typeKey);
  const order = sitePack(site).units.map((unit) => unit.key);
  return rows
    .map((row) => ({ typeKey: row.typeKey, remaining: row.remaining, total: row.total }))
    .sort((a, b) => order.indexOf(a.typeKey) - order.indexOf(b.typeKey));
}

/** "84A 3세대 · 84B 잔여 없음", or null when the board has no public unit. */
export function boardLine(counts: readonly TypeCount[]): string | null {
  if (counts.length === 0) return null;
  return counts.map((count) => remainingPhrase(count.typeKey, count.remaining)).join(" · ");
}

export interface RemainingUnits {
  /** The line the header, the home and the texts show ("잔여세대 84A 3세대 · 84B 잔여 없음", or the office's own), or null: nothing claims a count. */
  line: string | null;
  /** Where the public 잔여세대 page is, when the office turned it on. */
  pagePath: string | null;
}

/** The site's remaining-units line from the source the office chose: the board, its typed line, or none. */
export async function remainingUnits(site: string, settings: SiteSettingValues, executor: Executor = db()): Promise<RemainingUnits> {
  const chosen: UnitSettings = await unitSettingsOf(site, executor);
  const pagePath = chosen.publicPage ? PUBLIC_UNITS_PATH : null;
  if (chosen.remainingSource === "off") return { line: null, pagePath };
  if (chosen.remainingSource === "manual") return { line: settings.remainingUnitsLine ?? null, pagePath };
  const line = boardLine(await remainingByType(site, executor));
  return { line: line && `${REMAINING_UNITS_WORDS.pill} ${line}`, pagePath };
}

export interface PublicBuilding {
  building: string;
  types: { typeKey: string; remaining: number; total: number }[];
  /** The units still for sale, when the office lists them by number. */
  units: { id: number; floor: number; line: number; typeKey: string; price: number | null }[];
}

/** The public 잔여세대 page's data: per type, per 동 and type, and (if the office chose) the units themselves. */
export async function publicUnitsPage(site: string) {
  const settings = await unitSettingsOf(site);
  if (!settings.publicPage) return null;
  const [byType, rows] = await Promise.all([
    remainingByType(site),
    db()
      .select({
        id: units.id,
        building: units.building,
        floor: units.floor,
        line: units.line,
        typeKey: units.typeKey,
        price: units.price,
        status: units.status,
      })
      .from(units)
      .where(and(eq(units.site, site), inArray(units.status, ["available", "held", "contracted"])))
      .orderBy(units.building, units.floor, units.line),
  ]);
  const order = sitePack(site).units.map((unit) => unit.key);
  const buildings = new Map<string, PublicBuilding>();
  for (const row of rows) {
    const building = buildings.get(row.building) ?? { building: row.building, types: [], units: [] };
    buildings.set(row.building, building);
    let type = building.types.find((entry) => entry.typeKey === row.typeKey);
    if (!type) building.types.push((type = { typeKey: row.typeKey, remaining: 0, total: 0 }));
    type.total++;
    const forSale = row.status !== "contracted";
    if (forSale) type.remaining++;
    if (forSale && settings.publicUnitNumbers)
      building.units.push({
        id: row.id,
        floor: row.floor,
        line: row.line,
        typeKey: row.typeKey,
        price: settings.publicPrices ? row.price : null,
      });
  }
  for (const building of buildings.values()) building.types.sort((a, b) => order.indexOf(a.typeKey) - order.indexOf(b.typeKey));
  return {
    byType,
    buildings: [...buildings.values()].sort((a, b) => a.building.localeCompare(b.building, "ko", { numeric: true })),
    showsUnits: settings.publicUnitNumbers,
    showsPrices: settings.publicPrices,
  };
}
