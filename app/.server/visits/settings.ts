import type { SitePack } from "#app/content/types.ts";
import { DEFAULT_MAX_PARTY_SIZE } from "#app/forms/visit.ts";
import { eq, sql, type SQL } from "drizzle-orm";
import type { CapacityUnit } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { db, forgetTransactionRead, keepTransactionRead, readOncePerTransaction, type Executor } from "../db.ts";
import { visitSettings } from "../schema.ts";

/** How a site's visit schedule counts places, holds a waitlist's offers and reminds on the day (/admin/visits). */
export interface VisitSettings {
  capacityUnit: CapacityUnit;
  holdMinutes: number;
  sameDayReminderHours: number;
}

/** Until the office sets them: each booking one place, a freed place held 30 minutes, a reminder 2 hours before. */
export const VISIT_SETTING_DEFAULTS: VisitSettings = { capacityUnit: "groups", holdMinutes: 30, sameDayReminderHours: 2 };

/** The row's columns by the names VisitSettings gives them: the one list both reads below select. */
const SETTING_COLUMNS = {
  capacityUnit: visitSettings.capacityUnit,
  holdMinutes: visitSettings.holdMinutes,
  sameDayReminderHours: visitSettings.sameDayReminderHours,
} satisfies Record<keyof VisitSettings, unknown>;

/** Read once per transaction: a booking's claim and its waiting line both count places by them. */
export function visitSettingsOf(site: string, executor: Executor = db()): Promise<VisitSettings> {
  return readOncePerTransaction(executor, visitSettingsReadKey(site), async () => {
    const [row] = await executor.select(SETTING_COLUMNS).from(visitSettings).where(eq(visitSettings.site, site));
    return row ?? VISIT_SETTING_DEFAULTS;
  });
}

/** The site's settings as one JSON value (null: no row), for a statement that reads other things too (visits/booking.ts). */
export function visitSettingsJson(site: string): SQL {
  const pairs = Object.entries(SETTING_COLUMNS).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`);
  return sql`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${visitSettings} where ${visitSettings.site} = ${site})`;
}

const visitSettingsReadKey = (site: string) => `visit-settings:${site}`;

/** The settings row as a larger statement read it in a transaction (null: no row, the defaults): visitSettingsOf answers from it for the rest of the transaction. */
export function keepVisitSettingsRead(tx: Executor, site: string, row: VisitSettings | null): VisitSettings {
  const settings = row ?? VISIT_SETTING_DEFAULTS;
  keepTransactionRead(tx, visitSettingsReadKey(site), settings);
  return settings;
}

/** The places a booking or a waiting party takes: one, or one per visitor when the site counts people. */
export function placesOf(unit: CapacityUnit, partySize: number) {
  return unit === "people" ? partySize : 1;
}

/** Saves the settings with their access record; the public pages' places change with the unit, so the content version moves. */
export async function saveVisitSettings(change: ChangeContext, values: VisitSettings, now = new Date()) {
  await db().transaction(async (tx) => {
    await tx
      .insert(visitSettings)
      .values({ site: change.site, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: visitSettings.site, set: { ...values, updatedAt: now } });
    forgetTransactionRead(tx, visitSettingsReadKey(change.site));
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess({ ...change, action: "visits.change", detail: { intent: "visit-settings", ...values } }, { executor: tx, now });
  });
}

/** 방문 인원 a booking may bring: 1 to the pack's most (DEFAULT_MAX_PARTY_SIZE when it names none). */
export function maxPartySizeOf(site: SitePack) {
  return site.leads.visits.maxPartySize ?? DEFAULT_MAX_PARTY_SIZE;
}
