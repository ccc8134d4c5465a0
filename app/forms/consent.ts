import * as z from "zod";
import type { ConsentChannel, ConsentEventKind } from "#app/vocabulary.ts";
import { wholeNumber } from "./numbers.ts";

/** The marketing-consent words of the console: the customer view's history and the 080 list page (/admin/consent). Client-safe. */

/** How a consent was given or withdrawn, as the history's sentence says it ("… 080 수신거부 목록으로 철회"). */
export const CONSENT_CHANNEL_PHRASES: Record<ConsentChannel, string> = {
  form: "신청서에서",
  import: "고객 가져오기로",
  console: "관리자 화면에서",
  "080-list": "080 수신거부 목록으로",
  link: "수신거부 링크로",
  reply: "문자 회신으로",
  "other-number": "같은 고객의 다른 번호를 따라",
};

export const CONSENT_EVENT_PHRASES: Record<ConsentEventKind, string> = {
  consent: "광고 수신 동의",
  withdrawal: "광고 수신 철회",
  "reconfirmation-notice": "2년 재확인 안내 발송",
};

/** One row of a customer's consent history: "2026-11-25 14:02 방문 예약 신청서에서 광고 수신 동의". */
export function consentSentence(event: {
  when: string;
  kind: ConsentEventKind;
  via: ConsentChannel | null;
  formLabel: string | null;
  actorName: string | null;
}) {
  const how = event.via
    ? `${event.via === "form" && event.formLabel ? `${event.formLabel} ` : ""}${CONSENT_CHANNEL_PHRASES[event.via]} `
    : "";
  const who = (event.via === "console" || event.via === "import") && event.actorName ? ` (${event.actorName})` : "";
  return `${event.when} ${how}${CONSENT_EVENT_PHRASES[event.kind]}${who}`;
}

export const CONSENT_STANDING_TEXT = {
  consented: (since: string) => `광고 문자 수신 동의 중 (${since} 동의)`,
  "no-consent": "광고 문자 수신에 동의하지 않음",
  "opted-out": (since: string) => `광고 문자 수신 거부 (${since}부터)`,
  nextNotice: (day: string) => `다음 2년 재확인 안내: ${day}`,
  empty: "동의·철회 기록이 없습니다.",
} as const;

/** What the preview says of each row of an uploaded 080 list. */
export const OPT_OUT_ROW_LABELS = {
  withdraw: "수신 거부로 기록",
  already: "이미 수신 거부됨 · 건너뜀",
  "consented-since": "이 날짜 뒤에 다시 동의함 · 건너뜀",
  unknown: "이 사이트의 고객이 아님 · 건너뜀",
  duplicate: "같은 번호가 앞에 있음 · 건너뜀",
  "bad-number": "휴대전화 번호가 아님 · 건너뜀",
  "bad-date": "날짜를 읽을 수 없음 · 건너뜀",
  "future-date": "앞으로의 날짜 · 건너뜀",
} as const;
export type OptOutRowStatus = keyof typeof OPT_OUT_ROW_LABELS;

export const OPT_OUT_LIST_MESSAGES = {
  noFile: "올릴 수신거부 목록(CSV)을 선택해 주세요.",
  empty: "목록에 읽을 수 있는 행이 없습니다. 전화번호 열이 있는 CSV인지 확인해 주세요.",
  tooManyRows: (max: number) => `한 번에 ${max.toLocaleString("ko-KR")}행까지 올릴 수 있습니다. 목록을 나누어 올려 주세요.`,
  notFound: "이 목록을 찾을 수 없습니다. 다시 올려 주세요.",
  alreadyApplied: "이미 반영한 목록입니다.",
  applied: (counts: { withdrawn: number; skipped: number }) =>
    `${counts.withdrawn.toLocaleString("ko-KR")}명의 수신 거부를 기록하고 처리 안내 문자를 보냈습니다. 건너뛴 행 ${counts.skipped.toLocaleString("ko-KR")}개.`,
} as const;

/** The 080 list page's two steps: read a file (a multipart post; its file answers under `file`), then apply what was read. */
export const OptOutListFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload") }),
  z.object({ intent: z.literal("apply"), listId: wholeNumber({ message: OPT_OUT_LIST_MESSAGES.notFound }) }),
]);
