import { z } from "zod";
import { normalizePhone } from "#app/utils/phone.ts";
import { wholeNumber } from "./numbers.ts";
import { SalesPhoneSchema } from "./site-settings.ts";
import { withoutControlCharacters } from "./text.ts";

/**
 * The channels page's forms (issue #31): a channel (its name, the utm_source and campaign its
 * visitors land with, its phone number and who else is texted its leads), its spend per month, and
 * the import of an ad platform's spend export. Client-safe.
 */

export const CHANNEL_NAME_MAX = 50;
export const UTM_VALUE_MAX = 100;
export const ALERT_RECIPIENTS_MAX = 5;
/** Won per channel and month: well past any 분양 budget, within an integer column. */
export const SPEND_MAX = 2_000_000_000;

export const CHANNEL_MESSAGES = {
  name: "채널 이름을 입력해 주세요. 예: 네이버 파워링크",
  nameMax: `채널 이름은 ${CHANNEL_NAME_MAX}자 이내로 입력해 주세요.`,
  source: "광고 주소의 utm_source 값을 입력해 주세요. 예: naver",
  utmMax: `${UTM_VALUE_MAX}자 이내로 입력해 주세요.`,
  utmSpaces: "띄어쓰기 없이 광고 주소에 쓴 그대로 입력해 주세요.",
  recipients: "알림 받을 휴대폰 번호를 한 줄에 하나씩 입력해 주세요. 예: 010-1234-5678",
  recipientsMax: `알림 받을 번호는 ${ALERT_RECIPIENTS_MAX}개까지 넣을 수 있습니다.`,
  taken: "같은 utm_source와 캠페인의 채널이 이미 있습니다.",
  gone: "이미 지웠거나 찾을 수 없는 채널입니다. 화면을 새로 고쳐 주세요.",
  month: "달을 2026-11 모양으로 입력해 주세요.",
  amount: `광고비는 0에서 ${SPEND_MAX.toLocaleString("ko-KR")}원 사이의 숫자로 입력해 주세요.`,
  noFile: "올릴 CSV 파일을 골라 주세요.",
  tooLarge: "광고비 보고서는 2MB 이하만 올릴 수 있습니다. 기간을 나누어 내려받아 올려 주세요.",
  emptyFile: "읽을 수 있는 행이 없습니다. 제목 줄에 채널(매체·캠페인), 기간(월·날짜), 비용 열이 있는지 확인해 주세요.",
  unreadable: "CSV로 읽을 수 없는 파일입니다. 광고 플랫폼에서 CSV로 다시 내려받아 주세요.",
  nothingToImport: "가져올 수 있는 행이 없습니다. 행마다 적힌 문제를 고친 파일을 다시 올려 주세요.",
} as const;

/** What the page says after each change (`?saved=`). */
export const CHANNEL_NOTICES = {
  save: "채널을 저장했습니다. 이 채널로 들어온 방문자에게 바로 적용됩니다.",
  delete: "채널을 지웠습니다. 그 채널의 광고비와 전화 탭 기록도 함께 지워졌습니다.",
  spend: "광고비를 저장했습니다.",
  import: (months: number) => `광고비 ${months}건(채널·월)을 가져왔습니다.`,
} as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const text = (max: number, required: string | null, maxMessage: string) =>
  z
    .string({ error: required ?? maxMessage })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(required ? 1 : 0, required ?? "")
    .max(max, maxMessage);

/** As visitors' URLs carry it, compared without case (the attribution keeps what the URL said). */
const utmValue = (required: string | null) =>
  text(UTM_VALUE_MAX, required, CHANNEL_MESSAGES.utmMax)
    .refine((value) => !/\s/.test(value), CHANNEL_MESSAGES.utmSpaces)
    .transform((value) => value.toLowerCase());

const channelId = wholeNumber({ message: CHANNEL_MESSAGES.gone });

/** Mobile numbers, one a line (commas too): digits, each a mobile phone, at most ALERT_RECIPIENTS_MAX. */
const alertRecipients = z
  .string()
  // Lines first: normalizePhone then drops every other character, control characters included.
  .transform((value, context) => {
    const numbers = [
      ...new Set(
        value
          .split(/[\n,]+/)
          .map(normalizePhone)
          .filter(Boolean),
      ),
    ];
    if (numbers.some((digits) => !/^01[016789]\d{7,8}$/.test(digits))) {
      context.addIssue({ code: "custom", message: CHANNEL_MESSAGES.recipients, input: value });
      return z.NEVER;
    }
    if (numbers.length > ALERT_RECIPIENTS_MAX) {
      context.addIssue({ code: "custom", message: CHANNEL_MESSAGES.recipientsMax, input: value });
      return z.NEVER;
    }
    return numbers;
  });

export const SaveChannelSchema = z.object({
  intent: z.literal("save"),
  /** "" for a new channel. */
  channelId: z.union([z.literal("").transform(() => null), channelId]),
  name: text(CHANNEL_NAME_MAX, CHANNEL_MESSAGES.name, CHANNEL_MESSAGES.nameMax),
  utmSource: utmValue(CHANNEL_MESSAGES.source),
  utmCampaign: utmValue(null),
  /** "" keeps the site's own number for the channel's visitors. */
  phone: z.string().transform((value, context) => {
    if (value.trim() === "") return "";
    const checked = SalesPhoneSchema.safeParse(value);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) context.addIssue({ code: "custom", message: issue.message, input: value });
    return z.NEVER;
  }),
  alertRecipients,
});

export const monthSchema = z
  .string({ error: CHANNEL_MESSAGES.month })
  .trim()
  .refine((value) => MONTH.test(value), CHANNEL_MESSAGES.month);

/** "1,200,000", "1200000원", "₩1,200,000" → 1200000; null when not a whole number of won within range. */
export function readWon(cell: string): number | null {
  const digits = cell.replace(/[\s,₩원]/g, "").replace(/\.0+$/, "");
  if (!/^\d{1,10}$/.test(digits)) return null;
  const amount = Number(digits);
  return amount <= SPEND_MAX ? amount : null;
}

export const SpendSchema = z.object({
  intent: z.literal("spend"),
  channelId,
  month: monthSchema,
  amount: z.string({ error: CHANNEL_MESSAGES.amount }).transform((value, context) => {
    const amount = readWon(value);
    if (amount !== null) return amount;
    context.addIssue({ code: "custom", message: CHANNEL_MESSAGES.amount, input: value });
    return z.NEVER;
  }),
});

/** The channels page's forms, one per intent (the intents of its rule in console-access.ts). */
export const ChannelsFormSchema = z.discriminatedUnion(
  "intent",
  [SaveChannelSchema, z.object({ intent: z.literal("delete"), channelId }), SpendSchema],
  { error: "알 수 없는 요청입니다." },
);

/** The spend import: read the file and show each row's problems, then import the rows without one. */
export const SpendImportSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("preview") }),
    // The file's text comes back from the preview; it is read and checked again, as if uploaded anew.
    z.object({ intent: z.literal("import"), csv: z.string({ error: CHANNEL_MESSAGES.noFile }).min(1, CHANNEL_MESSAGES.noFile) }),
  ],
  { error: "알 수 없는 요청입니다." },
);

/** Why a row of a spend export cannot be imported. */
export const SPEND_ROW_PROBLEMS = {
  "unknown-channel": "등록한 채널이 아닙니다 (채널 이름이나 utm_source로 적어 주세요)",
  "bad-month": "기간을 읽을 수 없습니다 (2026-11 또는 2026-11-25)",
  "bad-amount": "비용이 0 이상의 원 단위 숫자가 아닙니다",
} as const;
export type SpendRowProblem = keyof typeof SPEND_ROW_PROBLEMS;
