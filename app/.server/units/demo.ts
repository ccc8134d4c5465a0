import { count, eq } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import type { UnitStatus } from "#app/vocabulary.ts";
import type { Executor } from "../db.ts";
import { units, unitSettings } from "../schema.ts";

/**
 * A plausible board for a demo site, once: three 동 of the pack's apartment types, two types per
 * 동 on two lines each, the low floors mostly sold, a few units 비공개 (the office's reserve), and
 * prices rising with the floor; its public 잔여세대 page on. The remaining-units line stays the
 * office's until it chooses the board as its source (app/.server/units/settings.ts).
 */
export async function seedDemoUnits(tx: Executor, pack: SitePack) {
  const [row] = await tx.select({ value: count() }).from(units).where(eq(units.site, pack.slug));
  if ((row?.value ?? 0) > 0) return;
  const types = pack.units.filter((unit) => unit.kind === "apartment").map((unit) => unit.key);
  if (types.length === 0) return;
  const rows: (typeof units.$inferInsert)[] = [];
  for (let index = 0; index < 3; index++) {
    const building = String(101 + index);
    const floors = 15 + index * 3;
    const pair = [types[(index * 2) % types.length]!, types[(index * 2 + 1) % types.length]!];
    for (let floor = 1; floor <= floors; floor++)
      for (let line = 1; line <= 4; line++) {
        const typeKey = pair[line === 1 || line === 4 ? 0 : 1]!;
        const base = typeKey.startsWith("59") ? 420_000_000 : 540_000_000;
        const seed = (floor * 7 + line * 13 + index * 5) % 17;
        const status: UnitStatus = floor <= 2 && line === 1 ? "hidden" : seed < 10 ? "contracted" : "available";
        rows.push({ site: pack.slug, building, floor, line, typeKey, status, price: base + Math.min(floor, 20) * 3_000_000 });
      }
  }
  await tx.insert(units).values(rows);
  // The demo shows the public 잔여세대 page; the remaining-units line stays the office's until it chooses the board.
  await tx.insert(unitSettings).values({ site: pack.slug, publicPage: true }).onConflictDoNothing();
}
