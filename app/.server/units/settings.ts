import { eq } from "drizzle-orm";
import type { UnitSettingsForm } from "#app/forms/units.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { db, type Executor } from "../db.ts";
import { unitSettings } from "../schema.ts";

/** A site's inventory settings; a site that never saved them keeps the office's typed line (as before the board). */
export type UnitSettings = Omit<typeof unitSettings.$inferSelect, "site" | "updatedBy" | "updatedAt">;

export const DEFAULT_UNIT_SETTINGS: UnitSettings = {
  holdHours: 24,
  remainingSource: "manual",
  publicPage: false,
  publicUnitNumbers: true,
  publicPrices: false,
};

export async function unitSettingsOf(site: string, executor: Executor = db()): Promise<UnitSettings> {
  const [row] = await executor
    .select({
      holdHours: unitSettings.holdHours,
      remainingSource: unitSettings.remainingSource,
      publicPage: unitSettings.publicPage,
      publicUnitNumbers: unitSettings.publicUnitNumbers,
      publicPrices: unitSettings.publicPrices,
    })
    .from(unitSettings)
    .where(eq(unitSettings.site, site));
  return row ?? DEFAULT_UNIT_SETTINGS;
}

/** Saves the settings; the public pages show the change at once (the content version), recorded with before and after. */
export async function changeUnitSettings(change: ChangeContext, form: UnitSettingsForm, now = new Date()) {
  await db().transaction(async (tx) => {
    const before = await unitSettingsOf(change.site, tx);
    const values = { ...form, updatedBy: change.actor.id, updatedAt: now };
    await tx
      .insert(unitSettings)
      .values({ site: change.site, ...values })
      .onConflictDoUpdate({ target: unitSettings.site, set: values });
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess({ ...change, action: "units.settings", detail: { before, after: form } }, { executor: tx, now });
  });
}
