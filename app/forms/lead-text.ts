import { z } from "zod";
import { withoutControlCharactersExceptLineBreaks } from "./text.ts";

/**
 * Texting a customer from their lead's page (/admin/leads/:id/text). Client-safe: the page counts
 * the length as the customer's carrier will, and the server checks the same rule with the schema.
 */

/** Carriers count a text in EUC-KR bytes: up to 90 is one SMS, longer is an LMS of up to 2,000. */
export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;

/** What a template in the content pack may ask to be filled in; nothing a visitor typed but their own (checked) name. */
export const MANUAL_TEXT_PLACEHOLDERS = [
  "customerName",
  "senderName",
  "modelHouseAddress",
  "modelHouseHours",
  "salesPhone",
  "staffName",
  // The site's remaining-units line (the 동호수 board's counts or the office's line): a template using it is offered only while there is one.
  "remainingUnits",
] as const;
export type ManualTextPlaceholder = (typeof MANUAL_TEXT_PLACEHOLDERS)[number];

/** Words that make a text advertising (정보통신망법 제50조); texts that are not advertising must not carry them. */
export const PROMOTION_WORDS = /선착순|잔여\s*(세대|호실)|특별\s*분양|할인|이벤트|경품|사은품|혜택/;

/** The legal marks of an advertising text, from the site's pack: "(광고)[단지명]" first, "무료수신거부 080-…" last. */
export interface AdvertisingWrap {
  prefix: string;
  suffix: string;
}

/**
 * Bytes as Korean carriers count a text (EUC-KR): a letter, digit or sign of ASCII is one, a
 * Korean letter (or any other character) two. Line breaks are sent as one "\n".
 */
export function smsBytes(text: string): number {
  let bytes = 0;
  for (const character of text) bytes += character.codePointAt(0)! < 0x80 ? 1 : 2;
  return bytes;
}

export type SmsLength = { type: "SMS" | "LMS"; bytes: number; limit: number; tooLong: boolean };

export function smsLength(text: string): SmsLength {
  const bytes = smsBytes(text);
  const type = bytes <= SMS_MAX_BYTES ? "SMS" : "LMS";
  return { type, bytes, limit: type === "SMS" ? SMS_MAX_BYTES : LMS_MAX_BYTES, tooLong: bytes > LMS_MAX_BYTES };
}

/** "SMS 45/90바이트", "LMS 120/2000바이트". */
export function smsLengthLabel(length: SmsLength) {
  return `${length.type} ${length.bytes}/${length.limit}바이트`;
}

/** The text the customer receives: the body as written, or wrapped in the marks an advertising text must carry. */
export function composeText(body: string, advertising: boolean, wrap: AdvertisingWrap) {
  return advertising ? `${wrap.prefix}\n${body}\n${wrap.suffix}` : body;
}

const normalizeBody = (value: string) => withoutControlCharactersExceptLineBreaks(value.replace(/\r\n?/g, "\n"));

export const TEXT_MESSAGES = {
  empty: "보낼 내용을 입력해 주세요.",
  tooLong: `문자가 너무 깁니다. 광고 표시까지 ${LMS_MAX_BYTES.toLocaleString("ko-KR")}바이트(한글 약 1,000자) 안으로 줄여 주세요.`,
  markTyped: "(광고) 표시와 수신거부 번호는 직접 쓰지 말고 '광고성 문자'를 선택해 주세요. 자동으로 붙습니다.",
} as const;

/**
 * The form: the body as the sender left it, the template it started from, and whether it is
 * advertising (ticked, or its template is). `advertisingTemplates` and `wrap` come from the pack.
 */
export function leadTextFormSchema({ wrap, advertisingTemplates }: { wrap: AdvertisingWrap; advertisingTemplates: readonly string[] }) {
  return z
    .object({
      /** The text route's intent (its other is "opt-out"); the form checked on its own needs none. */
      intent: z.literal("send").optional(),
      template: z
        .string()
        .max(40)
        .optional()
        .catch(undefined)
        .transform((value) => value || undefined),
      advertising: z
        .literal("yes")
        .optional()
        .catch(undefined)
        .transform((value) => value === "yes"),
      body: z
        .string({ error: TEXT_MESSAGES.empty })
        .overwrite(normalizeBody)
        .trim()
        .min(1, TEXT_MESSAGES.empty)
        .max(LMS_MAX_BYTES, TEXT_MESSAGES.tooLong),
    })
    .transform((form) => ({
      ...form,
      advertising: form.advertising || (form.template !== undefined && advertisingTemplates.includes(form.template)),
    }))
    .superRefine((form, ctx) => {
      if (/^\s*\(광고\)|수신\s*거부/.test(form.body)) ctx.addIssue({ code: "custom", path: ["body"], message: TEXT_MESSAGES.markTyped });
      else if (smsLength(composeText(form.body, form.advertising, wrap)).tooLong) {
        ctx.addIssue({ code: "custom", path: ["body"], message: TEXT_MESSAGES.tooLong });
      }
    });
}

export type LeadTextForm = z.output<ReturnType<typeof leadTextFormSchema>>;

/** The text route's posts: a text to send, or the customer's opt-out from advertising recorded. */
export function leadTextPostSchema(options: { wrap: AdvertisingWrap; advertisingTemplates: readonly string[] }) {
  return z.discriminatedUnion("intent", [leadTextFormSchema(options), z.object({ intent: z.literal("opt-out") })], {
    error: "알 수 없는 요청입니다.",
  });
}
