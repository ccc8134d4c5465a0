import crypto from "node:crypto";
import type { LeadConsent, SitePack } from "#app/content/types.ts";
import {
  dayAfterPeriod,
  developmentRetentionSentence,
  parseRetention,
  PROCESSOR_NAMES,
  PROCESSOR_TASKS,
  type RetentionPeriod,
} from "#app/forms/privacy.ts";
import type { SiteSettingValues } from "#app/forms/site-settings.ts";
import { toolsInUse } from "#app/utils/analytics.ts";
import { kstInstant } from "#app/utils/kst.ts";
import { getEnv, type Env } from "./env.ts";

/**
 * The privacy policy from the facts (issue #31): who processes the leads' data is read from the
 * configuration (the text provider, the hosts, the 080 service, each analytics tag), the retention
 * from the consent text or the office's period after the sales end, and the consent notice's version
 * from a hash of all of it, so a lead records the policy it agreed to.
 */

export interface Processor {
  name: string;
  task: string;
}

type ProcessorEnv = Pick<Env, "SMS_PROVIDER" | "HOSTING_PROVIDER" | "DATABASE_PROVIDER" | "SMS_WEBHOOK_PROVIDER">;

/** The processors this site hands data to, as configured now. */
export function processorsOf(settings: SiteSettingValues, env: ProcessorEnv = getEnv()): Processor[] {
  const processors: Processor[] = [];
  const { HOSTING_PROVIDER: hosting, DATABASE_PROVIDER: database } = env;
  if (hosting && hosting === database) processors.push({ name: hosting, task: PROCESSOR_TASKS.hostingAndDatabase });
  else {
    if (hosting) processors.push({ name: hosting, task: PROCESSOR_TASKS.hosting });
    if (database) processors.push({ name: database, task: PROCESSOR_TASKS.database });
  }
  const alimtalk = env.SMS_PROVIDER === "solapi" && Boolean(settings.kakaoPfId);
  if (env.SMS_PROVIDER === "solapi") {
    processors.push({ name: PROCESSOR_NAMES.solapi, task: alimtalk ? PROCESSOR_TASKS.textsAndAlimtalk : PROCESSOR_TASKS.texts });
  }
  if (alimtalk) processors.push({ name: PROCESSOR_NAMES.kakao, task: PROCESSOR_TASKS.alimtalk });
  if (env.SMS_PROVIDER === "webhook" && env.SMS_WEBHOOK_PROVIDER) {
    processors.push({ name: env.SMS_WEBHOOK_PROVIDER, task: PROCESSOR_TASKS.texts });
  }
  if (settings.optOutService) processors.push({ name: settings.optOutService, task: PROCESSOR_TASKS.optOut });
  // The location page's embedded map loads Kakao's script in the visitor's browser only when the office set a key.
  if (settings.kakaoMapKey) {
    const kakao = processors.find((processor) => processor.name === PROCESSOR_NAMES.kakao);
    if (kakao) kakao.task = `${kakao.task}, ${PROCESSOR_TASKS.map}`;
    else processors.push({ name: PROCESSOR_NAMES.kakao, task: PROCESSOR_TASKS.map });
  }
  const { ga4MeasurementId, naverAnalyticsId, metaPixelId, kakaoPixelId } = settings;
  for (const { tool } of toolsInUse({ ga4MeasurementId, naverAnalyticsId, metaPixelId, kakaoPixelId })) {
    processors.push({ name: tool.company, task: PROCESSOR_TASKS.analytics(tool.name) });
  }
  return processors;
}

/** The office's retention for its development: leads are kept until a day after the sales end. */
export interface DevelopmentRetention {
  salesEnd: string;
  period: RetentionPeriod;
  /** The last Korean day leads are kept. */
  until: string;
}

export function developmentRetentionOf(settings: SiteSettingValues): DevelopmentRetention | null {
  const { salesEndDate: salesEnd, retentionAfterSalesEnd } = settings;
  if (!salesEnd || !retentionAfterSalesEnd) return null;
  const period = parseRetention(retentionAfterSalesEnd);
  return { salesEnd, period, until: dayAfterPeriod(salesEnd, period) };
}

/** The instant a development's leads are past keeping: the end of its last day, in Korea. */
export function retentionEndsAt(retention: DevelopmentRetention): Date {
  return new Date(kstInstant(retention.until, "00:00").getTime() + 24 * 60 * 60 * 1000);
}

/**
 * The consent notice as the forms show it now: its retention sentence the office's (when set), and
 * its version the pack's own followed by a hash of everything the policy says (the consent text,
 * the pack's policy, the processors), so any change of the policy's content is a new version.
 */
export function effectiveConsent(pack: SitePack, settings: SiteSettingValues, env: ProcessorEnv = getEnv()): LeadConsent {
  const retention = developmentRetentionOf(settings);
  const consent: LeadConsent = retention
    ? { ...pack.leads.consent, retention: developmentRetentionSentence(retention.salesEnd, retention.period, retention.until) }
    : pack.leads.consent;
  const { version: base, ...wording } = consent;
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify([wording, pack.privacy, processorsOf(settings, env)]))
    .digest("hex")
    .slice(0, 8);
  // The column holds 32 characters: the pack's own version (a date), then the hash.
  return { ...consent, version: `${base.slice(0, 23)}+${hash}` };
}
