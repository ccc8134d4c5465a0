import { z } from "zod";
import {
  LEAD_KINDS,
  LEAD_STATUSES,
  PLACE_HOLDING_STATUSES,
  type AttendanceStatus,
  type LeadKind,
  type LeadStatus,
  type OutboxStatus,
  type SmsPurpose,
  type SpamReason,
  type TextHoldReason,
} from "#app/vocabulary.ts";
import { isCalendarDay } from "#app/utils/kst.ts";
import { withParticle } from "#app/utils/particles.ts";
import { ContactFormSchema, FollowUpFormSchema, GradeFormSchema, MissedCallTextFormSchema } from "./contacts.ts";
import { MergeFields, TransferRequestFields } from "./assignment.ts";
import { MobileSchema } from "./staff.ts";
import { withoutControlCharacters, withoutControlCharactersExceptLineBreaks } from "./text.ts";
import { readWholeNumber, wholeNumber } from "./numbers.ts";

/**
 * The admin console's vocabulary and forms. Client-safe: the pages render the labels, the
 * server parses with the schemas.
 */

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "신규",
  contacted: "연락 완료",
  visited: "방문 완료",
  contracted: "계약 완료",
  closed: "상담 종료",
  spam: "스팸",
};

/** The kinds in a word, for narrow table columns; the content pack's labels are written for buyers. */
export const KIND_SHORT_LABELS: Record<LeadKind, string> = {
  interest: "관심",
  visit: "방문",
  inquiry: "문의",
};

export const OUTBOX_VIEWS = ["pending", "sent", "failed", "held"] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];

export const RETRY_MESSAGES = {
  id: "다시 보낼 문자를 찾을 수 없습니다. 목록을 새로 고친 뒤 다시 눌러 주세요.",
  notFailed: "이미 다시 보냈거나 실패한 문자가 아닙니다.",
} as const;

/** The outbox's one form: send a failed text again (/admin/notifications). */
export const RetryFormSchema = z.object({
  intent: z.literal("retry"),
  id: wholeNumber({ message: RETRY_MESSAGES.id }),
});

/** What a text the `log` provider took reads as: it was written down, never sent. */
export const LOGGED_ONLY_LABEL = "기록됨(미발송)";

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: "대기",
  sending: "발송 중",
  sent: "발송 완료",
  failed: "실패",
  withdrawn: "발송 취소",
  held: "한도 초과로 보류",
};

/**
 * What the console shows instead of a link that lets whoever holds it in (an invitation, a booking's
 * page): only the person the text went to ever sees it (docs/decisions/024-bearer-links-stay-sealed.md).
 */
export const MASKED_LINK = "(링크 가림)";

export const SMS_PURPOSE_LABELS: Record<SmsPurpose, string> = {
  confirmation: "고객 안내",
  staff: "직원 알림",
  reminder: "방문 전날 안내",
  invitation: "초대 문자 (링크 가림)",
  manual: "직원이 보낸 문자",
  "day-closed": "예약일 마감 안내",
  "visit-cancelled": "방문 예약 취소 안내",
  "opt-out": "광고 수신거부 처리 안내",
  reconfirmation: "광고 수신동의 2년 확인 안내",
  campaign: "캠페인 문자",
  "campaign-test": "캠페인 문자 (시험 발송)",
  "reminder-today": "방문 당일 안내",
  "no-show": "노쇼 후 재예약 안내",
  "waitlist-joined": "방문 대기 접수 안내",
  "waitlist-offer": "방문 대기 자리 안내",
};

/** Why the spam check flagged a lead, as staff read it. */
export const SPAM_REASON_LABELS: Record<SpamReason, string> = {
  honeypot: "숨은 입력란이 채워짐",
  "too-fast": "너무 빨리 제출됨",
  "no-token": "양식 확인값 없음",
  expired: "두 시간 넘게 열려 있던 양식",
  replayed: "이미 쓰인 양식 확인값을 다시 씀",
  blocked: "차단한 번호",
};

/** Why a lead's texts were held back by the text budget, as staff read it. */
export const TEXT_HOLD_LABELS: Record<TextHoldReason, string> = {
  "phone-daily": "같은 번호로 하루에 보낼 수 있는 문자 수를 넘었습니다",
  "site-hourly": "사이트가 한 시간에 보낼 수 있는 새 접수 확인 문자 수를 넘었습니다",
};

/**
 * Why a file of leads is taken out of the console, and the columns each reason needs (the standard
 * asks that output be limited to its purpose). The person may add or remove columns; the reason,
 * a few words of their own, and the columns go into the access record.
 */
export const EXPORT_PURPOSES = {
  contact: {
    label: "상담 연락(전화·문자)",
    columns: ["id", "createdAt", "kind", "status", "name", "phone", "message", "visitAt", "assignee", "latestNote"],
  },
  visits: { label: "견본주택 방문 관리", columns: ["id", "createdAt", "kind", "status", "name", "phone", "visitAt", "assignee"] },
  campaign: {
    label: "광고·캠페인 성과 분석(개인정보 없음)",
    columns: ["id", "createdAt", "kind", "status", "sourcePath", "utmSource", "utmMedium", "utmCampaign", "referrerHost"],
  },
  records: {
    label: "개인정보 보유 현황 점검",
    columns: [
      "id",
      "createdAt",
      "kind",
      "status",
      "name",
      "phone",
      "message",
      "sourcePath",
      "consentVersion",
      "consentedAt",
      "marketingConsentAt",
    ],
  },
} as const satisfies Record<string, { label: string; columns: readonly string[] }>;
export type ExportPurpose = keyof typeof EXPORT_PURPOSES;

export const EXPORT_MESSAGES = {
  purpose: "내려받는 목적을 선택해 주세요.",
  reasonMissing: "내려받는 이유를 적어 주세요.",
  reasonShort: "내려받는 이유를 4자 이상 적어 주세요.",
  reasonLong: "이유는 200자 이내로 적어 주세요.",
  columns: "내려받을 열을 하나 이상 선택해 주세요.",
  search: "검색 조건이 만료되었습니다. 목록에서 다시 검색한 뒤 내려받아 주세요.",
  day: "날짜가 올바르지 않습니다. 목록에서 기간을 다시 골라 주세요.",
} as const;

/** The download's form (/admin/leads/export): why, and which columns; checked again by the CSV route. */
export const ExportFormSchema = z.object({
  purpose: z.enum(Object.keys(EXPORT_PURPOSES) as [ExportPurpose, ...ExportPurpose[]], { error: EXPORT_MESSAGES.purpose }),
  reason: z
    .string({ error: EXPORT_MESSAGES.reasonMissing })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(4, EXPORT_MESSAGES.reasonShort)
    .max(200, EXPORT_MESSAGES.reasonLong),
  // One ticked box arrives as one value, none as nothing: both are a list here.
  columns: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : [value].flat()),
    z.array(z.string().max(40), { error: EXPORT_MESSAGES.columns }).min(1, EXPORT_MESSAGES.columns).max(40),
  ),
});

/** The campaign filter's value for leads that came without a campaign. */
export const NO_CAMPAIGN = "(none)";

export const SEARCH_MAX = 100;
export const NOTE_MAX = 2000;

/** Unknown or malformed values mean "no filter" rather than an error page. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined);

const optionalText = z
  .string()
  .overwrite(withoutControlCharacters)
  .trim()
  .max(100)
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

const optionalDay = z
  .string()
  .optional()
  .catch(undefined)
  .transform((value) => (isCalendarDay(value) ? value : undefined));

/** The assignee filter's value for leads nobody works yet (the unassigned inbox, 미배정). */
export const UNASSIGNED = "none";

/** "none" or a staff member's id; anything else means no filter. */
const optionalAssignee = z
  .string()
  .optional()
  .catch(undefined)
  .transform((value) => (value === UNASSIGNED || readWholeNumber(value) !== undefined ? value : undefined));

/** The inbox filters that may appear in a URL: nothing in them identifies a customer (an assignee is staff). */
export const LeadFilterSchema = z.object({
  kind: optionalChoice(LEAD_KINDS),
  status: optionalChoice(LEAD_STATUSES),
  source: optionalText,
  campaign: optionalText,
  from: optionalDay,
  to: optionalDay,
  /** "1": only the leads assigned to the person looking ("내 고객"). */
  mine: z.literal("1").optional().catch(undefined),
  /** UNASSIGNED: the leads nobody works; an id: that person's leads (not `assignee`, the bulk assignment's field on the same page). */
  assignedTo: optionalAssignee,
});

export type LeadUrlFilter = Partial<z.infer<typeof LeadFilterSchema>>;

/** The filter form: the URL filters plus the search term, which the server keeps instead. */
export const LeadFilterFormSchema = LeadFilterSchema.extend({
  q: z.string().overwrite(withoutControlCharacters).trim().max(SEARCH_MAX).optional().catch(undefined),
});

/**
 * A form's `shown` field carries what the page showed when it was drawn (a lead's status, a visit's
 * mark): a change someone else made meanwhile is not overwritten from a page that never saw it.
 */
const STALE_PAGE = "화면이 오래되었습니다. 새로 고친 뒤 다시 골라 주세요.";

export const StatusFormSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "상태를 선택해 주세요." }),
  shown: z.enum(LEAD_STATUSES, { error: STALE_PAGE }),
});

/** Why a status was not changed: someone changed it meanwhile, to `now`, since the page was drawn. */
export const statusChangedMeanwhile = (now: LeadStatus) =>
  `그사이 이 고객의 상태가 ${withParticle(`‘${STATUS_LABELS[now]}’`, "으로/로")} 바뀌었습니다. 바뀐 상태를 확인하고 다시 골라 주세요.`;

/** Statuses that ask first (a second submit with `confirmed=yes`): 스팸 takes the lead out of every list and count. */
export const CONFIRMED_STATUSES = ["spam"] as const satisfies readonly LeadStatus[];

export const CONFIRM_STATUS_MESSAGES: Record<(typeof CONFIRMED_STATUSES)[number], { question: string; effect: string; yes: string }> = {
  spam: {
    question: "이 접수를 스팸으로 표시할까요?",
    effect:
      "접수 목록·통계·중복 확인에서 빠지고, 세대 홀드·앞으로의 방문 예약·보내지 않은 문자는 취소됩니다. 상태를 다시 바꾸면 접수는 돌아오지만 취소된 것은 돌아오지 않습니다.",
    yes: "스팸으로 표시",
  },
};

/** Days a deleted lead waits in the bin, restorable, before it is destroyed (app/.server/leads/bin.ts). */
export const BIN_DAYS = 7;

/** "" gives the lead back to the unassigned inbox. */
export const AssignFormSchema = z.object({
  assignee: z.union([z.literal("").transform(() => null), wholeNumber({ message: "담당자를 선택해 주세요." })], {
    error: "담당자를 선택해 주세요.",
  }),
});

export const BULK_ASSIGN_MESSAGES = {
  noLeads: "배정할 고객을 선택해 주세요.",
  staleLead: "배정할 고객을 다시 선택해 주세요.",
  tooMany: "한 번에 200명까지 배정할 수 있습니다.",
  noAssignee: "담당자를 선택해 주세요.",
} as const;

/**
 * The inbox's bulk assignment: the ticked leads (their boxes sit in the table, outside the form)
 * and one person, or none with 배정 해제 (`unassign`), which needs no one chosen.
 */
export const BulkAssignFormSchema = z
  .object({
    // One ticked box arrives as a string, none as nothing: both are lists here, so "none" reads as too few.
    ids: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(wholeNumber({ message: BULK_ASSIGN_MESSAGES.staleLead }))
        .min(1, BULK_ASSIGN_MESSAGES.noLeads)
        .max(200, BULK_ASSIGN_MESSAGES.tooMany),
    ),
    assignee: z.string().default(""),
    unassign: z.literal("yes").optional(),
  })
  .superRefine(({ assignee, unassign }, context) => {
    if (!unassign && readWholeNumber(assignee.trim()) === undefined) {
      context.addIssue({ code: "custom", path: ["assignee"], message: BULK_ASSIGN_MESSAGES.noAssignee });
    }
  })
  .transform(({ ids, assignee, unassign }) => ({ ids, assignee: unassign ? null : Number(assignee.trim()) }));

/** One's own account: texts about leads assigned to me, and the mobile number they go to (required to opt in). */
export const AssignmentAlertsFormSchema = z
  .object({
    textOnAssignment: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
    mobile: z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? value : null), MobileSchema.nullable()),
  })
  .refine((form) => !form.textOnAssignment || form.mobile !== null, {
    message: "배정 알림 문자를 받으려면 휴대폰 번호를 입력해 주세요.",
    path: ["mobile"],
  });

export const NoteFormSchema = z.object({
  body: z
    .string({ error: "메모 내용을 입력해 주세요." })
    .overwrite(withoutControlCharactersExceptLineBreaks)
    .trim()
    .min(1, "메모 내용을 입력해 주세요.")
    .max(NOTE_MAX, `메모는 ${NOTE_MAX.toLocaleString("ko-KR")}자 이내로 입력해 주세요.`),
});

/** 방문 and 노쇼 (or 예약, to undo) for one booking, from the lead, customer, visits or 오늘 할 일 page. */
export const VisitMarkFields = {
  bookingId: wholeNumber({ message: "표시할 방문 예약을 다시 선택해 주세요." }),
  status: z.enum(PLACE_HOLDING_STATUSES, { error: "방문·노쇼 중에서 골라 주세요." }),
  shown: z.enum(PLACE_HOLDING_STATUSES, { error: STALE_PAGE }),
};

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  booked: "예약",
  visited: "방문",
  no_show: "노쇼",
};

/** Why a visit could not be marked, on every page that marks one. */
export const VISIT_MARK_MESSAGES = {
  tooEarly: "방문·노쇼는 방문일 당일부터 표시할 수 있습니다.",
  /** Someone marked it meanwhile (at the door, on another page) since the page was drawn. */
  markedMeanwhile: (now: AttendanceStatus) =>
    `그사이 이 예약이 ${withParticle(`‘${ATTENDANCE_LABELS[now]}’`, "으로/로")} 표시되었습니다. 바뀐 표시를 확인하고 다시 골라 주세요.`,
} as const;

/** What a refused mark is told: too early, or marked otherwise meanwhile (visits/office.ts's `markAttendance`). */
export const visitMarkRefusal = (refused: "too-early" | { markedMeanwhile: AttendanceStatus }) =>
  refused === "too-early" ? VISIT_MARK_MESSAGES.tooEarly : VISIT_MARK_MESSAGES.markedMeanwhile(refused.markedMeanwhile);

/** 방문 예약 잡기: a time booked for a customer from their page (a counsellor on the phone with them). */
export const BookVisitFields = {
  slotId: wholeNumber({ message: "방문 시간을 골라 주세요." }),
  partySize: wholeNumber({ message: "방문 인원을 골라 주세요." }),
};

/** Why a time could not be booked for a customer, as the person booking it reads it. */
export const STAFF_BOOKING_MESSAGES = {
  full: "그 시간은 방금 마감되었습니다. 다른 시간을 골라 주세요.",
  "not-offered": "그 시간은 방금 마감되었습니다. 다른 시간을 골라 주세요.",
  closed: "그날은 방문 예약을 받지 않습니다. 다른 날을 골라 주세요.",
  "outside-hours": "그 시간은 견본주택 운영시간 밖입니다. 다른 시간을 골라 주세요.",
  past: "그 시간은 이미 지났습니다. 다른 시간을 골라 주세요.",
  unknown: "그 방문 시간을 찾을 수 없습니다. 화면을 새로 고쳐 다시 골라 주세요.",
  "booked-that-day": "이 고객은 그날 이미 방문 예약이 있습니다. 시간을 바꾸려면 방문 예약 화면에서 예약을 옮겨 주세요.",
  spam: "스팸으로 표시된 접수에는 방문 예약을 잡을 수 없습니다.",
  partySize: (max: number) => `방문 인원은 1명에서 ${max}명 사이로 골라 주세요.`,
} as const;

/** A booking's mark on a page that lists several people's bookings: the lead it belongs to travels with it. */
export const LeadVisitMarkSchema = z.object({
  intent: z.literal("visit"),
  leadId: wholeNumber({ message: "표시할 방문 예약을 다시 선택해 주세요." }),
  ...VisitMarkFields,
});

/** The lead page's forms, one per intent (the intents of its rule in console-access.ts). */
export const LeadFormSchema = z.discriminatedUnion(
  "intent",
  [
    StatusFormSchema.extend({ intent: z.literal("status"), confirmed: z.literal("yes").optional() }),
    NoteFormSchema.extend({ intent: z.literal("note") }),
    AssignFormSchema.extend({ intent: z.literal("assign") }),
    z.object({ intent: z.literal("reveal") }),
    /** 배정받기: the person takes an unassigned lead for themselves. */
    z.object({ intent: z.literal("take") }),
    z.object({ intent: z.literal("visit"), ...VisitMarkFields }),
    // The call sheet, the 가망 등급 and the next contact time (app/forms/contacts.ts).
    ContactFormSchema,
    GradeFormSchema,
    FollowUpFormSchema,
    MissedCallTextFormSchema,
    /** A counsellor asks to hand the customer to someone else (a manager decides, on 배정 설정). */
    z.object({ intent: z.literal("transfer"), ...TransferRequestFields }),
    z.object({ intent: z.literal("book-visit"), ...BookVisitFields }),
  ],
  { error: "알 수 없는 요청입니다." },
);

/** The customer page's forms: marking a booked visit of one of their leads; merging another customer into this one. */
export const CustomerFormSchema = z.discriminatedUnion(
  "intent",
  [LeadVisitMarkSchema, z.object({ intent: z.literal("merge"), ...MergeFields })],
  { error: "알 수 없는 요청입니다." },
);

/** The bin's one form: a lead brought back. */
export const RestoreFormSchema = z.object({
  intent: z.literal("restore", { error: "알 수 없는 요청입니다." }),
  id: wholeNumber({ message: "되살릴 고객을 다시 선택해 주세요." }),
});

/** The query string of a filter (and the id of a kept search), without empty values. */
export function filterQuery(filter: LeadUrlFilter & { s?: string; after?: string }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (typeof value === "string" && value !== "") params.set(name, value);
  }
  return params.toString();
}

/** The inbox on the leads nobody works (the dashboard's 미배정, the staff page after a hand-back). */
export const UNASSIGNED_INBOX = `/admin/leads?${filterQuery({ assignedTo: UNASSIGNED })}`;
