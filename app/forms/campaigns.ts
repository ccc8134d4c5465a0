import { z } from "zod";
import { isCalendarDay } from "#app/utils/kst.ts";
import { normalizePhone } from "#app/utils/phone.ts";
import {
  LEAD_KINDS,
  LEAD_STATUSES,
  type CampaignRecipientState,
  type CampaignStatus,
  type LeadKind,
  type LeadStatus,
  type MessageChannel,
} from "#app/vocabulary.ts";
import { PHONE_HINT, PHONE_PATTERN } from "./lead.ts";
import { composeText, LMS_MAX_BYTES, smsLength, type AdvertisingWrap } from "./lead-text.ts";
import { withoutControlCharacters, withoutControlCharactersExceptLineBreaks } from "./text.ts";
import { wholeNumber } from "./numbers.ts";

/**
 * The campaign page's forms (/admin/campaigns): who a campaign text goes to, what it says, when,
 * and what a text costs the office. Client-safe: the page counts bytes as the server does.
 */

export const CAMPAIGN_TITLE_MAX = 100;
export const CAMPAIGN_SOURCE_MAX = 100;
/** What one message may cost in ₩: far above any provider's price, well inside an integer column. */
export const PRICE_MAX = 10_000;

/** Statuses an office can aim at; spam is never an audience. */
export const AUDIENCE_STATUSES = LEAD_STATUSES.filter((status) => status !== "spam");

export const VISITED_CHOICES = ["", "yes", "no"] as const;

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "작성 중",
  scheduled: "예약됨",
  sending: "보내는 중",
  paused: "일시 정지",
  done: "발송 완료",
  cancelled: "취소됨",
};

export const RECIPIENT_STATE_LABELS: Record<CampaignRecipientState, string> = {
  waiting: "대기",
  queued: "발송함",
  skipped: "제외(수신 동의 철회·차단)",
  cancelled: "보내지 않음(취소)",
};

export const CAMPAIGN_MESSAGES = {
  title: "캠페인 이름을 입력해 주세요.",
  titleTooLong: `캠페인 이름은 ${CAMPAIGN_TITLE_MAX}자 안으로 써 주세요.`,
  empty: "보낼 내용을 입력해 주세요.",
  tooLong: `문자가 너무 깁니다. (광고) 표시와 수신거부 안내까지 ${LMS_MAX_BYTES.toLocaleString("ko-KR")}바이트(한글 약 1,000자) 안으로 줄여 주세요.`,
  markTyped: "(광고) 표시와 무료수신거부 번호는 직접 쓰지 마세요. 보낼 때 자동으로 붙습니다.",
  kind: "접수 종류를 목록에서 골라 주세요.",
  status: "고객 상태를 목록에서 골라 주세요.",
  visited: "방문 여부를 목록에서 골라 주세요.",
  source: `캠페인 출처는 ${CAMPAIGN_SOURCE_MAX}자 안으로 써 주세요.`,
  day: "날짜를 달력에서 골라 주세요.",
  range: "끝나는 날짜가 시작 날짜보다 앞섭니다.",
  phone: `휴대전화 번호를 확인해 주세요. ${PHONE_HINT}`,
  noPhone: "시험 문자를 받을 휴대전화 번호를 입력해 주세요.",
  when: "지금 보낼지 예약할지 골라 주세요.",
  sendDay: "보낼 날짜를 골라 주세요.",
  sendTime: "보낼 시각을 골라 주세요. (예: 10:00)",
  past: "이미 지난 시각입니다. 지금 보내기를 고르거나 앞으로의 시각을 골라 주세요.",
  price: `단가는 0원부터 ${PRICE_MAX.toLocaleString("ko-KR")}원 사이의 정수로 입력해 주세요.`,
  count: "대상 수를 다시 확인해 주세요.",
  emptyAudience: "조건에 맞는 수신 동의 고객이 없습니다. 조건을 바꿔 주세요.",
  countChanged: "대상 수가 확인한 뒤로 바뀌었습니다. 새 대상 수를 확인하고 다시 보내 주세요.",
  notDraft: "이미 보냈거나 예약한 캠페인입니다.",
} as const;

const oneLine = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => withoutControlCharacters(value ?? "").trim())
    .pipe(z.string().max(max, message));

const calendarDay = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value === "" || isCalendarDay(value), CAMPAIGN_MESSAGES.day);

/** Who a campaign goes to, among the site's leads with a live marketing consent. Empty means any. */
const audienceShape = {
  kind: z
    .enum(["", ...LEAD_KINDS], { error: CAMPAIGN_MESSAGES.kind })
    .optional()
    .transform((value) => value ?? ""),
  status: z
    .enum(["", ...AUDIENCE_STATUSES], { error: CAMPAIGN_MESSAGES.status })
    .optional()
    .transform((value) => value ?? ""),
  utmSource: oneLine(CAMPAIGN_SOURCE_MAX, CAMPAIGN_MESSAGES.source),
  utmCampaign: oneLine(CAMPAIGN_SOURCE_MAX, CAMPAIGN_MESSAGES.source),
  from: calendarDay,
  to: calendarDay,
  visited: z
    .enum(VISITED_CHOICES, { error: CAMPAIGN_MESSAGES.visited })
    .optional()
    .transform((value) => value ?? ""),
};

function checkRange(audience: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (audience.from && audience.to && audience.to < audience.from)
    ctx.addIssue({ code: "custom", path: ["to"], message: CAMPAIGN_MESSAGES.range });
}

export const CampaignAudienceSchema = z.object(audienceShape).superRefine(checkRange);

export type CampaignAudience = {
  kind: LeadKind | "";
  status: Exclude<LeadStatus, "spam"> | "";
  utmSource: string;
  utmCampaign: string;
  /** KST days, inclusive. */
  from: string;
  to: string;
  visited: (typeof VISITED_CHOICES)[number];
};

/** The audience stored with a campaign, read back; anything unreadable widens nothing (it is re-parsed). */
export function readAudience(stored: unknown): CampaignAudience {
  const parsed = CampaignAudienceSchema.safeParse(stored ?? {});
  return parsed.success ? (parsed.data as CampaignAudience) : { ...EMPTY_AUDIENCE };
}

export const EMPTY_AUDIENCE: CampaignAudience = { kind: "", status: "", utmSource: "", utmCampaign: "", from: "", to: "", visited: "" };

const normalizeBody = (value: string) => withoutControlCharactersExceptLineBreaks(value.replace(/\r\n?/g, "\n"));

/** What the office writes, checked as the customer will receive it: with the marks the law asks for. */
function campaignBody(wrap: AdvertisingWrap) {
  return z
    .string({ error: CAMPAIGN_MESSAGES.empty })
    .overwrite(normalizeBody)
    .trim()
    .min(1, CAMPAIGN_MESSAGES.empty)
    .max(LMS_MAX_BYTES, CAMPAIGN_MESSAGES.tooLong)
    .superRefine((body, ctx) => {
      if (/\(광고\)|수신\s*거부/.test(body)) ctx.addIssue({ code: "custom", message: CAMPAIGN_MESSAGES.markTyped });
      else if (smsLength(composeText(body, true, wrap)).tooLong) ctx.addIssue({ code: "custom", message: CAMPAIGN_MESSAGES.tooLong });
    });
}

const campaignDraft = (wrap: AdvertisingWrap) => ({
  title: z
    .string({ error: CAMPAIGN_MESSAGES.title })
    .transform((value) => withoutControlCharacters(value).trim())
    .pipe(z.string().min(1, CAMPAIGN_MESSAGES.title).max(CAMPAIGN_TITLE_MAX, CAMPAIGN_MESSAGES.titleTooLong)),
  body: campaignBody(wrap),
});

const priceField = wholeNumber({ min: 0, max: PRICE_MAX, message: CAMPAIGN_MESSAGES.price });

/** /admin/campaigns: count the audience (대상 확인), save a new campaign, or set the unit prices. */
export function campaignsPostSchema(wrap: AdvertisingWrap) {
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("count"), ...audienceShape }).superRefine(checkRange),
      z.object({ intent: z.literal("create"), ...campaignDraft(wrap), ...audienceShape }).superRefine(checkRange),
      z.object({ intent: z.literal("prices"), smsPrice: priceField, lmsPrice: priceField }),
    ],
    { error: "알 수 없는 요청입니다." },
  );
}

const testPhone = z
  .string()
  .optional()
  .transform((value) => withoutControlCharacters(value ?? "").trim())
  .refine((value) => value === "" || PHONE_PATTERN.test(value), CAMPAIGN_MESSAGES.phone)
  .transform((value) => (value ? normalizePhone(value) : ""));

const sendTime = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

/** /admin/campaigns/:id: a test to the sender's phone, send now or at a time, pause, resume, cancel. */
export const CampaignPostSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("test"), phone: testPhone }),
    z
      .object({
        intent: z.literal("send"),
        when: z.enum(["now", "later"], { error: CAMPAIGN_MESSAGES.when }),
        day: sendTime,
        time: sendTime,
        /** The count the person saw (대상 확인): a different count at sending is shown again, not sent. */
        expectedCount: wholeNumber({ min: 0, message: CAMPAIGN_MESSAGES.count }),
      })
      .superRefine((form, ctx) => {
        if (form.when !== "later") return;
        if (!isCalendarDay(form.day)) ctx.addIssue({ code: "custom", path: ["day"], message: CAMPAIGN_MESSAGES.sendDay });
        if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time))
          ctx.addIssue({ code: "custom", path: ["time"], message: CAMPAIGN_MESSAGES.sendTime });
      }),
    z.object({ intent: z.literal("pause") }),
    z.object({ intent: z.literal("resume") }),
    z.object({ intent: z.literal("cancel") }),
  ],
  { error: "알 수 없는 요청입니다." },
);

/** What the office pays per text (₩), for a campaign's estimated and actual cost. */
export interface CampaignPrices {
  smsPrice: number;
  lmsPrice: number;
}

/** The price of one message on this channel (a campaign never goes as 알림톡). */
export function unitPrice(prices: CampaignPrices, channel: MessageChannel) {
  return channel === "lms" ? prices.lmsPrice : prices.smsPrice;
}

/** "12,300원". */
export function formatWon(won: number) {
  return `${Math.round(won).toLocaleString("ko-KR")}원`;
}
