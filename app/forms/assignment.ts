import { z } from "zod";
import { isCalendarDay } from "#app/utils/kst.ts";
import type { TransferStatus } from "#app/vocabulary.ts";
import { MobileSchema } from "./staff.ts";
import { withoutControlCharacters } from "./text.ts";
import { wholeNumber } from "./numbers.ts";

/**
 * Fair assignment and lead hygiene (issue #28): the 배정 설정 page's forms (round-robin and
 * recycling, each counsellor's cap, weight and days off, transfer decisions, the blocklist), 출근/퇴근
 * on 내 계정, a counsellor's transfer request on a lead's page and merging customers. Client-safe.
 */

export const UNNAMED_ACCOUNT = "이름 없는 계정";
export const RECYCLE_DAYS_MAX = 90;
export const DAILY_CAP_MAX = 500;
export const TRANSFER_REASON_MAX = 200;
export const BLOCK_REASON_MAX = 200;

export const ASSIGN_WEIGHT_OPTIONS = [
  { value: "1", label: "1 (기본)" },
  { value: "2", label: "2 (두 배)" },
  { value: "3", label: "3 (세 배)" },
  { value: "4", label: "4 (네 배)" },
  { value: "5", label: "5 (다섯 배)" },
] as const;

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  requested: "승인 대기",
  approved: "승인",
  declined: "거절",
};

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/** "" is "none" (no cap, no recycling); anything else a whole number within the range. */
const optionalWholeNumber = (max: number, message: string) =>
  z.union([z.literal("").transform(() => null), wholeNumber({ min: 1, max, message })], { error: message });

const counsellorId = wholeNumber({ message: "상담사를 다시 선택해 주세요." });

const calendarDay = z
  .string({ error: "날짜를 선택해 주세요." })
  .trim()
  .min(1, "날짜를 선택해 주세요.")
  .refine(isCalendarDay, "날짜를 2026-12-01 모양으로 입력해 주세요.");

export const SETTINGS_MESSAGES = {
  recycleAfterDays: `1에서 ${RECYCLE_DAYS_MAX} 사이의 일수를 입력하거나 비워 두세요.`,
  dailyCap: `하루 최대 배정 수는 1에서 ${DAILY_CAP_MAX} 사이로 입력하거나 비워 두세요.`,
  weight: "배정 비중은 1에서 5 사이에서 골라 주세요.",
  blockReason: "차단하는 이유를 입력해 주세요.",
  blockReasonMax: `이유는 ${BLOCK_REASON_MAX}자 이내로 입력해 주세요.`,
  blockExists: "이미 차단한 번호입니다.",
  transferGone: "이미 처리했거나 찾을 수 없는 요청입니다. 목록을 새로 고쳐 주세요.",
  counsellorGone: "이 사이트의 상담사가 아닙니다. 목록을 새로 고쳐 주세요.",
  blockGone: "이미 해제했거나 찾을 수 없는 번호입니다.",
} as const;

export const SaveSettingsSchema = z.object({
  intent: z.literal("save"),
  roundRobin: checkbox,
  recycleAfterDays: optionalWholeNumber(RECYCLE_DAYS_MAX, SETTINGS_MESSAGES.recycleAfterDays),
});

export const CounsellorRulesSchema = z.object({
  intent: z.literal("counsellor"),
  adminId: counsellorId,
  dailyCap: optionalWholeNumber(DAILY_CAP_MAX, SETTINGS_MESSAGES.dailyCap),
  weight: wholeNumber({ min: 1, max: 5, message: SETTINGS_MESSAGES.weight }),
});

export const DayOffSchema = z.object({ intent: z.literal("day-off"), adminId: counsellorId, day: calendarDay });

export const BlockSchema = z.object({
  intent: z.literal("block"),
  phone: MobileSchema,
  reason: z
    .string({ error: SETTINGS_MESSAGES.blockReason })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, SETTINGS_MESSAGES.blockReason)
    .max(BLOCK_REASON_MAX, SETTINGS_MESSAGES.blockReasonMax),
});

/** The 배정 설정 page's forms, one per intent (the intents of its rule in console-access.ts). */
export const SettingsFormSchema = z.discriminatedUnion(
  "intent",
  [
    SaveSettingsSchema,
    CounsellorRulesSchema,
    DayOffSchema,
    z.object({ intent: z.literal("day-off-remove"), adminId: counsellorId, day: calendarDay }),
    z.object({ intent: z.literal("approve-transfer"), transferId: wholeNumber({ message: SETTINGS_MESSAGES.transferGone }) }),
    z.object({ intent: z.literal("decline-transfer"), transferId: wholeNumber({ message: SETTINGS_MESSAGES.transferGone }) }),
    BlockSchema,
    z.object({ intent: z.literal("unblock"), entryId: wholeNumber({ message: SETTINGS_MESSAGES.blockGone }) }),
  ],
  { error: "알 수 없는 요청입니다." },
);

/** What the page says after each change (`?saved=`). */
export const SETTINGS_NOTICES = {
  save: "설정을 저장했습니다.",
  counsellor: "상담사의 배정 기준을 저장했습니다.",
  "day-off": "휴무일을 넣었습니다.",
  "day-off-remove": "휴무일을 뺐습니다.",
  "approve-transfer": "이관을 승인했습니다. 담당자가 바뀌었습니다.",
  "decline-transfer": "이관 요청을 거절했습니다.",
  block: "번호를 차단했습니다. 이 번호의 접수는 스팸으로 보관되고 문자가 가지 않습니다.",
  unblock: "차단을 해제했습니다.",
} as const;

/** 출근 / 퇴근 on 내 계정. */
export const DutyFormSchema = z.object({
  intent: z.literal("duty"),
  duty: z.enum(["on", "off"], { error: "출근 또는 퇴근을 눌러 주세요." }),
});

export const DUTY_TEXT = {
  title: "출근·퇴근",
  unmarked: "오늘은 아직 출근·퇴근을 누르지 않았습니다. 누르지 않으면 자동 배정을 받습니다.",
  on: (time: string) => `오늘 ${time}에 출근했습니다. 자동 배정을 받습니다.`,
  off: (time: string) => `오늘 ${time}에 퇴근했습니다. 다시 출근을 누를 때까지 자동 배정을 받지 않습니다.`,
  dayOff: "오늘은 휴무일입니다. 자동 배정을 받지 않습니다.",
  onDone: "출근했습니다. 이제 새 고객이 자동으로 배정됩니다.",
  offDone: "퇴근했습니다. 오늘은 더 이상 자동 배정을 받지 않습니다.",
  hint: "출근·퇴근은 이 사이트에만 적용되고 날마다 새로 시작합니다.",
} as const;

export const TRANSFER_MESSAGES = {
  to: "넘겨받을 사람을 선택해 주세요.",
  reason: "이관을 요청하는 이유를 입력해 주세요.",
  reasonMax: `이유는 ${TRANSFER_REASON_MAX}자 이내로 입력해 주세요.`,
  samePerson: "본인에게는 이관할 수 없습니다.",
  pending: "이 고객은 이미 이관 요청이 승인을 기다리고 있습니다.",
  requested: "이관을 요청했습니다. 관리자가 승인하면 담당자가 바뀝니다.",
} as const;

/** A counsellor's request, on their lead's page, to hand the customer to someone else. */
export const TransferRequestFields = {
  to: wholeNumber({ message: TRANSFER_MESSAGES.to }),
  reason: z
    .string({ error: TRANSFER_MESSAGES.reason })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, TRANSFER_MESSAGES.reason)
    .max(TRANSFER_REASON_MAX, TRANSFER_MESSAGES.reasonMax),
};

export const MERGE_MESSAGES = {
  notFound: "이 사이트에 그 번호의 고객이 없습니다.",
  same: "같은 고객입니다. 다른 번호를 입력해 주세요.",
  merged: (count: number) => `고객 기록을 합쳤습니다. 접수 ${count}건이 이 고객에게 있습니다.`,
} as const;

/** Merging another customer (by their number) into the one on the page. */
export const MergeFields = {
  phone: MobileSchema,
};
