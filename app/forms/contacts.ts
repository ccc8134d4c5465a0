import { z } from "zod";
import { formatKoreanDate, isCalendarDay, kstDay, kstInstant, kstTime } from "#app/utils/kst.ts";
import { withParticle } from "#app/utils/particles.ts";
import {
  CONTACT_CHANNELS,
  CONTACT_RESULTS,
  LEAD_GRADES,
  type ContactChannel,
  type ContactResult,
  type LeadGrade,
} from "#app/vocabulary.ts";
import { withoutControlCharacters } from "./text.ts";

/**
 * A counsellor's contacts with a customer (the call sheet on a lead's page), the 가망 등급 and the
 * next contact time, in words and forms. Client-safe: the pages render the labels, the server
 * parses with the schemas.
 */

export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  "call-out": "전화 발신",
  "call-in": "전화 수신",
  text: "문자",
  visit: "방문 상담",
  kakao: "카카오톡",
};

export const CONTACT_RESULT_LABELS: Record<ContactResult, string> = {
  reached: "통화 완료",
  "no-answer": "부재",
  "call-back": "재통화 요청",
  "wrong-number": "번호 오류",
  "not-interested": "관심 없음",
};

/** Results that mean the customer was reached: a new lead becomes 연락 완료. */
export const REACHED_RESULTS = ["reached", "call-back", "not-interested"] as const satisfies readonly ContactResult[];

/** Channels that are calls (the inbox counts them). */
export const CALL_CHANNELS = ["call-out", "call-in"] as const satisfies readonly ContactChannel[];

/** After a 부재, the next try is proposed this many hours later. */
export const MISSED_CALL_RETRY_HOURS = 2;

export const CONTACT_NOTE_MAX = 300;

export const CONTACT_MESSAGES = {
  result: "통화 결과를 골라 주세요.",
  channel: "연락 방법을 골라 주세요.",
  noteLong: `메모는 ${CONTACT_NOTE_MAX}자 이내로 적어 주세요.`,
  when: "날짜와 시각을 다시 확인해 주세요. (예: 2026-11-27 14:00)",
  callBackWhen: "고객이 말한 다시 연락할 시각을 입력해 주세요.",
  grade: "가망 등급을 골라 주세요.",
  nothingMissed: "부재로 기록된 통화가 없어 보낼 안내 문자가 없습니다.",
  alreadyTexted: "이 부재 뒤에 이미 문자를 보냈습니다.",
} as const;

/** "2026-11-27T14:00" (what a datetime-local field posts), read as Korean time. */
function readLocalDateTime(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(value);
  if (!match || !isCalendarDay(match[1])) return null;
  const year = Number(match[1]!.slice(0, 4));
  if (year < 2000 || year > 2100) return null;
  return kstInstant(match[1]!, `${match[2]}:${match[3]}`);
}

/** The value a datetime-local field shows for an instant, in Korean time: "2026-11-27T14:00". */
export function localDateTimeValue(instant: Date | string | null | undefined) {
  if (!instant) return "";
  const date = new Date(instant);
  return `${kstDay(date)}T${kstTime(date)}`;
}

/** "" (nothing due) or a Korean date and time. */
const nextContactField = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === "") return null;
    const instant = readLocalDateTime(value);
    if (instant) return instant;
    context.addIssue({ code: "custom", message: CONTACT_MESSAGES.when, input: value });
    return z.NEVER;
  });

/**
 * One contact, from the call sheet: how, what came of it, a note, and when to try again (empty: the
 * result proposes, 부재 two hours later; 재통화 요청 needs the time the customer gave).
 */
export const ContactFormSchema = z
  .object({
    intent: z.literal("contact"),
    channel: z.enum(CONTACT_CHANNELS, { error: CONTACT_MESSAGES.channel }),
    result: z.enum(CONTACT_RESULTS, { error: CONTACT_MESSAGES.result }),
    note: z
      .string()
      .overwrite(withoutControlCharacters)
      .trim()
      .max(CONTACT_NOTE_MAX, CONTACT_MESSAGES.noteLong)
      .optional()
      .transform((value) => value ?? ""),
    nextContactAt: nextContactField.optional().transform((value) => value ?? null),
  })
  .superRefine((form, context) => {
    // A time that failed its own check is not null, so it is not asked for twice.
    if (form.result === "call-back" && form.nextContactAt === null) {
      context.addIssue({ code: "custom", path: ["nextContactAt"], message: CONTACT_MESSAGES.callBackWhen });
    }
  });

/** The 가망 등급 buttons; "" takes the grade away. */
export const GradeFormSchema = z.object({
  intent: z.literal("grade"),
  grade: z.union([z.literal(""), z.enum(LEAD_GRADES)], { error: CONTACT_MESSAGES.grade }),
});

/** The next contact time, changed by hand; empty, or 완료 (`clear`), means nothing is due. */
export const FollowUpFormSchema = z.object({
  intent: z.literal("follow-up"),
  nextContactAt: nextContactField.optional().transform((value) => value ?? null),
  clear: z.literal("yes").optional(),
});

/** The one-tap informational text after a 부재 (the pack's missed-call template, filled by the server). */
export const MissedCallTextFormSchema = z.object({ intent: z.literal("missed-call-text") });

/** When to try again, as the result proposes it: 부재 two hours later; otherwise nothing. */
export function proposedNextContact(result: ContactResult, now: Date): Date | null {
  return result === "no-answer" ? new Date(now.getTime() + MISSED_CALL_RETRY_HOURS * 60 * 60 * 1000) : null;
}

/** "11월 27일 (금) 14:00". */
export function dateTimeLabel(instant: Date | string) {
  const date = new Date(instant);
  return `${formatKoreanDate(kstDay(date))} ${kstTime(date)}`;
}

/** "오늘 14:00", or "11월 27일 (금) 14:00" on another Korean day than `now`'s. */
export function whenLabel(instant: Date | string, now = new Date()) {
  const date = new Date(instant);
  return kstDay(date) === kstDay(now) ? `오늘 ${kstTime(date)}` : dateTimeLabel(date);
}

/** "2시간 15분", "3일" — how long ago a due time passed (or how long a lead has waited). */
export function durationLabel(ms: number) {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${Math.max(minutes, 1)}분`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours}시간` : `${hours}시간 ${minutes % 60}분`;
  return `${Math.floor(hours / 24)}일`;
}

/** How a channel starts a sentence, after "○○ 님이 ". */
const DID: Record<ContactChannel, string> = {
  "call-out": "전화했",
  "call-in": "고객의 전화를 받았",
  text: "문자로 연락했",
  visit: "견본주택에서 상담했",
  kakao: "카카오톡으로 연락했",
};

function contactClause(name: string, channel: ContactChannel, result: ContactResult) {
  const who = `${name} 님이`;
  if (result === "reached") {
    if (channel === "call-out") return `${who} 전화해 통화했습니다`;
    if (channel === "call-in") return `${who} 고객의 전화를 받아 통화했습니다`;
    return `${who} ${DID[channel]}습니다`;
  }
  if (result === "no-answer") {
    if (channel === "call-out") return `${who} 전화했지만 받지 않았습니다`;
    if (channel === "call-in") return `${who} 고객의 전화를 받지 못했습니다`;
    return `${who} ${DID[channel]}지만 답이 없었습니다`;
  }
  if (result === "call-back")
    return `${who} ${DID[channel]}고, 고객이 다시 ${channel === "call-out" ? "전화해" : "연락해"} 달라고 했습니다`;
  if (result === "wrong-number") return `${who} ${DID[channel]}지만 번호가 맞지 않았습니다`;
  return `${who} ${DID[channel]}고, 고객이 관심 없다고 했습니다`;
}

/**
 * A contact in the history: "김온빛 님이 전화했지만 받지 않았습니다 (부재)", with the next try when
 * one was set: "… · 다음 연락 11월 27일 14:00".
 */
export function contactSentence(detail: {
  actorName: string;
  channel: ContactChannel;
  result: ContactResult;
  nextContactAt: string | null;
}) {
  const next = detail.nextContactAt ? ` · 다음 연락 ${dateTimeLabel(detail.nextContactAt)}` : "";
  return `${contactClause(detail.actorName, detail.channel, detail.result)} (${CONTACT_RESULT_LABELS[detail.result]})${next}`;
}

/** "가망 등급을 A 계약 유력으로 정했습니다", or "가망 등급을 지웠습니다". */
export function gradeSentence(detail: { to: LeadGrade | null; toLabel: string | null }) {
  if (detail.to === null) return "가망 등급을 지웠습니다";
  return `가망 등급을 ${withParticle(detail.toLabel ?? detail.to, "으로/로")} 정했습니다`;
}

/** "다음 연락을 11월 27일 14:00으로 잡았습니다", or "다음 연락 일정을 마쳤습니다". */
export function followUpSentence(detail: { at: string | null }) {
  if (detail.at === null) return "다음 연락 일정을 마쳤습니다";
  return `다음 연락을 ${withParticle(dateTimeLabel(detail.at), "으로/로")} 잡았습니다`;
}
