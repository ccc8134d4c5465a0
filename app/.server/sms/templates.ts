import { and, asc, eq } from "drizzle-orm";
import {
  fillTemplate,
  PURPOSE_VARIABLES,
  SAMPLE_CUSTOMER_VALUES,
  TEMPLATE_VARIABLES,
  type TemplateButton,
  type TemplateVariable,
} from "#app/forms/message-templates.ts";
import { smsLength } from "#app/forms/lead-text.ts";
import { formatPhone } from "#app/utils/phone.ts";
import {
  ALIMTALK_PURPOSES,
  type AlimtalkFallbackReason,
  type AlimtalkPurpose,
  type MessageChannel,
  type SmsPurpose,
} from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { siteSettingsOf, textPack } from "../content/site-settings.ts";
import { db, type Executor } from "../db.ts";
import { messageTemplates } from "../schema.ts";
import { optOutLine } from "./advertising.ts";

/**
 * Kakao 알림톡 templates and the channel each message takes (docs/decisions/026-message-channels.md).
 * A message goes as 알림톡 when its site has a Kakao channel (the `kakaoPfId` setting), it is not
 * advertising, its purpose has an approved template, and its text is exactly that template with the
 * purpose's values filled in: Kakao refuses any other text, so a pack's wording changed since the
 * template's approval sends a text instead, with the reason shown.
 */

export type MessageTemplate = typeof messageTemplates.$inferSelect;

/** The channel a queued message takes, and why it is not 알림톡 when it was meant to be. */
export interface ChannelChoice {
  channel: MessageChannel;
  templateId: number | null;
  fallbackReason: AlimtalkFallbackReason | null;
}

/** SMS up to 90 bytes, LMS above (as carriers count them). */
export function textChannel(text: string): "sms" | "lms" {
  return smsLength(text).type === "SMS" ? "sms" : "lms";
}

export function isAlimtalkPurpose(purpose: SmsPurpose): purpose is AlimtalkPurpose {
  return (ALIMTALK_PURPOSES as readonly string[]).includes(purpose);
}

/** The template's variables filled with what the message's builder filled the pack's text with. */
export function templateValuesOf(purpose: AlimtalkPurpose, packValues: Record<string, string>): Partial<Record<TemplateVariable, string>> {
  const values: Partial<Record<TemplateVariable, string>> = {};
  for (const name of PURPOSE_VARIABLES[purpose]) {
    const value = packValues[TEMPLATE_VARIABLES[name]];
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** The first template whose filled text is exactly `body`, or null. */
export function matchingTemplate<Template extends Pick<MessageTemplate, "body" | "purpose">>(
  templates: readonly Template[],
  body: string,
  packValues: Record<string, string>,
): Template | null {
  return templates.find((template) => fillTemplate(template.body, templateValuesOf(template.purpose, packValues)) === body) ?? null;
}

/**
 * Decides, in the caller's transaction, how a message about to be queued will go. Reads the site's
 * channel and its approved templates for the purpose only when the message could be 알림톡.
 */
export async function chooseChannel(
  executor: Executor,
  message: { site: string; purpose: SmsPurpose; body: string; advertising?: boolean; variables?: Record<string, string> },
): Promise<ChannelChoice> {
  const asText: ChannelChoice = { channel: textChannel(message.body), templateId: null, fallbackReason: null };
  // Advertising never goes as 알림톡 (Kakao's rules and 정보통신망법 alike); free texts have no template.
  if (message.advertising || !message.variables || !isAlimtalkPurpose(message.purpose)) return asText;
  const { kakaoPfId } = await siteSettingsOf(message.site, executor);
  if (!kakaoPfId) return asText;
  const templates = await approvedTemplates(executor, message.site, message.purpose);
  if (templates.length === 0) return asText;
  const template = matchingTemplate(templates, message.body, message.variables);
  if (!template) return { ...asText, templateId: templates[0]!.id, fallbackReason: "template-mismatch" };
  return { channel: "alimtalk", templateId: template.id, fallbackReason: null };
}

async function approvedTemplates(executor: Executor, site: string, purpose: AlimtalkPurpose) {
  return executor
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.site, site), eq(messageTemplates.purpose, purpose), eq(messageTemplates.status, "approved")))
    .orderBy(asc(messageTemplates.id));
}

/**
 * The values of a template's variables in a text it filled, read back from the text (the worker
 * keeps the text, sealed when it carries a booking's link, not the values). Null when the text is
 * not the template filled in.
 */
export function readTemplateValues(templateBody: string, text: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = templateBody
    .split(/(#\{[^{}\s]{1,30}\})/)
    .map((part) => {
      const name = /^#\{([^{}\s]{1,30})\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const seen = names.indexOf(name);
      if (seen >= 0) return `\\${seen + 1}`;
      names.push(name);
      return "([\\s\\S]*?)";
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(text);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [`#{${name}}`, match[index + 1]!]));
}

/** What the worker needs to send a message as 알림톡: the site's channel and the template, if both are still there. */
export async function alimtalkRoute(site: string, templateId: number) {
  const [template] = await db()
    .select({ code: messageTemplates.code, body: messageTemplates.body, status: messageTemplates.status })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, templateId), eq(messageTemplates.site, site)));
  const { kakaoPfId } = await siteSettingsOf(site);
  if (!template || template.status !== "approved" || !kakaoPfId) return null;
  return { pfId: kakaoPfId, templateCode: template.code, templateBody: template.body };
}

// ── The console's templates page ──

export interface TemplateInput {
  code: string;
  purpose: AlimtalkPurpose;
  body: string;
  buttons: TemplateButton[];
}

/** A site's templates, in use first, newest first within each. */
export async function listTemplates(site: string) {
  const rows = await db().select().from(messageTemplates).where(eq(messageTemplates.site, site)).orderBy(asc(messageTemplates.id));
  return rows.sort((a, b) => (a.status === b.status ? b.id - a.id : a.status === "approved" ? -1 : 1));
}

/** Registers an approved template; answers "code-taken" when the site already has one by that code. */
export async function registerTemplate(change: ChangeContext, input: TemplateInput, now = new Date()): Promise<"done" | "code-taken"> {
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(messageTemplates)
      .values({ site: change.site, ...input, createdBy: change.actor.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: messageTemplates.id });
    if (inserted.length === 0) return "code-taken";
    await recordAccess(
      { ...change, action: "console.settings", detail: { template: input.code, purpose: input.purpose, change: "register" } },
      { executor: tx, now },
    );
    return "done";
  });
}

/** Stops using a template: messages queued from then on go as texts unless another template matches. */
export async function retireTemplate(change: ChangeContext, id: number, now = new Date()): Promise<"done" | "not-found"> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(messageTemplates)
      .set({ status: "retired", updatedAt: now })
      .where(and(eq(messageTemplates.id, id), eq(messageTemplates.site, change.site), eq(messageTemplates.status, "approved")))
      .returning({ code: messageTemplates.code });
    if (rows.length === 0) return "not-found";
    await recordAccess(
      { ...change, action: "console.settings", detail: { template: rows[0]!.code, change: "retire" } },
      { executor: tx, now },
    );
    return "done";
  });
}

/**
 * The values a preview fills in: the site's own (opening line, model house, sales phone, the
 * opt-out line) as the next text would carry them, and a made-up customer.
 */
export async function previewValues(site: string): Promise<Partial<Record<TemplateVariable, string>>> {
  const pack = await textPack(site);
  return {
    ...SAMPLE_CUSTOMER_VALUES,
    현장명: pack.leads.sms.senderName,
    안내문구: pack.leads.sms.headlines.interest,
    견본주택주소: pack.modelHouse.address,
    운영시간: pack.modelHouse.hours,
    대표번호: formatPhone(pack.phone),
    수신거부: optOutLine(pack.leads.sms),
  };
}

/** Whether the site can send 알림톡 at all: a Kakao channel is set. */
export async function kakaoChannelOf(site: string) {
  return (await siteSettingsOf(site)).kakaoPfId ?? null;
}
