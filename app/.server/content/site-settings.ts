import { and, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { createContext } from "react-router";
import type { SitePack } from "#app/content/types.ts";
import {
  SITE_SETTING_FIELDS,
  SITE_SETTING_NAMES,
  type SiteSettingField,
  type SiteSettingName,
  type SiteSettingValues,
} from "#app/forms/site-settings.ts";
import type { ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "./content-version.ts";
import { recordAdCopyConfirmation, type AdCopyConfirmation } from "./ad-copy.ts";
import { db, forgetTransactionRead, keepTransactionRead, readOncePerTransaction, type Executor } from "../db.ts";
import type { AnalyticsTags } from "#app/utils/analytics.ts";
import { siteSettingChanges, siteSettings } from "../schema.ts";
import { sitePack } from "../site.ts";
import { effectiveConsent } from "../privacy.ts";

/**
 * The office's overrides of its content pack (app/forms/site-settings.ts names them). Public pages
 * read them on every request (one indexed read) so a change shows on every instance at once.
 */

/**
 * The site's overrides, each checked again: a value stored before a rule tightened falls back to
 * the pack's. Read once per transaction (a lead's texts, booking and messages all consult them).
 */
export function siteSettingsOf(site: string, executor: Executor = db()): Promise<SiteSettingValues> {
  return readOncePerTransaction(executor, settingsReadKey(site), async () => {
    const [row] = await executor.select({ values: siteSettings.values }).from(siteSettings).where(eq(siteSettings.site, site));
    return validSettings(row?.values ?? {});
  });
}

const settingsReadKey = (site: string) => `site-settings:${site}`;

/**
 * The settings row's stored values (null: no row), read in a transaction by a statement that reads
 * other things too (a lead's first read after its phone's lock, leads/create.ts): siteSettingsOf
 * answers from it for the rest of the transaction instead of reading again.
 */
export function keepSiteSettingsRead(tx: Executor, site: string, stored: Record<string, unknown> | null) {
  keepTransactionRead(tx, settingsReadKey(site), validSettings(stored ?? {}));
}

/** The stored values (the settings row's `values`) as the site's settings: each checked, an invalid or empty one left to the pack. */
export function validSettings(stored: Record<string, unknown>): SiteSettingValues {
  const values: SiteSettingValues = {};
  for (const name of SITE_SETTING_NAMES) {
    const value = stored[name];
    if (typeof value !== "string") continue;
    const parsed = SITE_SETTING_FIELDS[name].schema.safeParse(value);
    if (parsed.success && parsed.data !== "") values[name] = parsed.data;
  }
  return values;
}

/**
 * The tags the public frame's loader found switched on for this request, so that the document's
 * CSP (app/entry.server.tsx) opens exactly their hosts. Console pages never set it: no tags there.
 */
export const analyticsContext = createContext<AnalyticsTags>({});

/** The analytics and ad ids among a site's settings. */
export function analyticsTagsOf(settings: SiteSettingValues): AnalyticsTags {
  const { ga4MeasurementId, naverAnalyticsId, metaPixelId, kakaoPixelId } = settings;
  return { ga4MeasurementId, naverAnalyticsId, metaPixelId, kakaoPixelId };
}

/** The pack with the office's overrides applied, and the settings that have no pack value (Kakao channel, tags). */
export interface EffectiveSite {
  pack: SitePack;
  settings: SiteSettingValues;
}

export async function effectivePack(pack: SitePack, executor: Executor = db()): Promise<EffectiveSite> {
  const settings = await siteSettingsOf(pack.slug, executor);
  const applied = applySettings(pack, settings);
  // The consent notice follows the policy the settings make (retention, processors, its version).
  return { pack: { ...applied, leads: { ...applied.leads, consent: effectiveConsent(applied, settings) } }, settings };
}

/**
 * The pack a text message is worded from: the site's overrides read once for the send (sales
 * phone, model house, the texts' opening line), so a change shows in the very next text. Inside a
 * transaction, pass it: PGlite has one connection and a read beside the transaction would wait on it.
 */
export async function textPack(site: string, executor: Executor = db()): Promise<SitePack> {
  return (await effectivePack(sitePack(site), executor)).pack;
}

export function applySettings(pack: SitePack, settings: SiteSettingValues): SitePack {
  let applied = pack;
  for (const name of SITE_SETTING_NAMES) {
    const field: SiteSettingField = SITE_SETTING_FIELDS[name];
    const value = settings[name];
    if (value !== undefined && field.intoPack) applied = field.intoPack(applied, value);
  }
  return applied;
}

/** The pack's own value of a field, or null where the pack has none. */
export function packDefault(pack: SitePack, name: SiteSettingName): string | null {
  const field: SiteSettingField = SITE_SETTING_FIELDS[name];
  return field.fromPack ? field.fromPack(pack) : null;
}

/**
 * Sets the site's overrides (null: back to the pack's value). Only fields that change are written,
 * each recorded before → after, with the content version bumped in the same transaction.
 * Returns the names of the fields that changed.
 */
export async function changeSettings(
  change: ChangeContext,
  values: Partial<Record<SiteSettingName, string | null>>,
  { adCopy }: { adCopy?: AdCopyConfirmation | null } = {},
): Promise<SiteSettingName[]> {
  const pack = sitePack(change.site);
  return db().transaction(async (tx) => {
    // Locks the row so two saves at once cannot both read the same "before".
    const [row] = await tx
      .select({ values: siteSettings.values })
      .from(siteSettings)
      .where(eq(siteSettings.site, change.site))
      .for("update");
    const stored: Record<string, unknown> = { ...row?.values };
    const current = validSettings(stored);
    const changed: SiteSettingName[] = [];
    for (const name of SITE_SETTING_NAMES) {
      if (!(name in values)) continue;
      const wanted = values[name] ?? null;
      // The pack's own value typed in is no override: the field keeps following the pack.
      const after = wanted === packDefault(pack, name) ? null : wanted;
      const before = current[name] ?? null;
      if (after === before) continue;
      changed.push(name);
      if (after === null) delete stored[name];
      else stored[name] = after;
      await tx.insert(siteSettingChanges).values({
        site: change.site,
        field: name,
        before,
        after,
        actorId: change.actor.id,
        actorEmail: change.actor.email,
      });
    }
    if (changed.length === 0) return changed;
    await bumpContentVersion(tx, change.site, change.actor.id);
    await tx.update(siteSettings).set({ values: stored }).where(eq(siteSettings.site, change.site));
    forgetTransactionRead(tx, settingsReadKey(change.site));
    await recordAdCopyConfirmation(tx, adCopy);
    return changed;
  });
}

export interface SettingChange {
  id: number;
  field: SiteSettingName;
  before: string | null;
  after: string | null;
  actorEmail: string;
  createdAt: Date;
}

/** The site's latest changes, newest first (fields no longer declared are left out). */
export async function settingChanges(site: string, limit = 50): Promise<SettingChange[]> {
  const rows = await db()
    .select({
      id: siteSettingChanges.id,
      field: siteSettingChanges.field,
      before: asJsonText(siteSettingChanges.before),
      after: asJsonText(siteSettingChanges.after),
      actorEmail: siteSettingChanges.actorEmail,
      createdAt: siteSettingChanges.createdAt,
    })
    .from(siteSettingChanges)
    .where(eq(siteSettingChanges.site, site))
    .orderBy(desc(siteSettingChanges.createdAt), desc(siteSettingChanges.id))
    .limit(limit);
  return rows.flatMap((row) =>
    isSettingName(row.field)
      ? [
          {
            id: row.id,
            field: row.field,
            before: asText(row.before),
            after: asText(row.after),
            actorEmail: row.actorEmail,
            createdAt: row.createdAt,
          },
        ]
      : [],
  );
}

/**
 * The value a recorded change replaced, to put back as a new change of its own (so the revert is in
 * the history too, through changeSettings); null when this site has no such change. The caller
 * reads the value with the ad-copy check first: putting words back publishes them again.
 */
export async function valueBeforeChange(site: string, changeId: number): Promise<{ field: SiteSettingName; value: string | null } | null> {
  const [row] = await db()
    .select({ field: siteSettingChanges.field, before: asJsonText(siteSettingChanges.before) })
    .from(siteSettingChanges)
    .where(and(eq(siteSettingChanges.id, changeId), eq(siteSettingChanges.site, site)));
  if (!row || !isSettingName(row.field)) return null;
  return { field: row.field, value: asText(row.before) };
}

function isSettingName(name: string): name is SiteSettingName {
  return Object.hasOwn(SITE_SETTING_FIELDS, name);
}

/**
 * A before/after value read as JSON text and parsed here: through the jsonb column the drivers'
 * parse and Drizzle's would run twice, and "15881234" would come back the number 15881234.
 */
const asJsonText = (column: SQLWrapper) => sql<string | null>`${column}::text`;

function asText(json: string | null): string | null {
  const value: unknown = json === null ? null : JSON.parse(json);
  return typeof value === "string" ? value : null;
}
