import { z } from "zod";
import {
  ALIMTALK_PURPOSES,
  type AlimtalkFallbackReason,
  type AlimtalkPurpose,
  type MessageChannel,
  type OutboxStatus,
  type TemplateStatus,
} from "#app/vocabulary.ts";
import { withoutControlCharacters, withoutControlCharactersExceptLineBreaks } from "./text.ts";

/**
 * Kakao 알림톡 templates as the office registers them (/admin/templates), and the words every
 * outbox screen uses for a message's channel and receipt. Client-safe: the page renders the labels
 * and the preview, the server parses with the schema and fills the same variables.
 */

/**
 * The variables a template may use, in Korean as offices write them in Kakao's template editor,
 * each naming the value the content pack's texts fill (`{maskedName}` …). One table: the form's
 * check, the preview and the sending path all read it.
 */
export const TEMPLATE_VARIABLES = {
  고객명: "maskedName",
  현장명: "senderName",
  안내문구: "headline",
  견본주택주소: "modelHouseAddress",
  운영시간: "modelHouseHours",
  대표번호: "salesPhone",
  방문일: "date",
  방문시간: "time",
  예약링크: "cancelUrl",
  수신거부: "optOut",
  접수종류: "kindLabel",
  연락처: "maskedPhone",
  접수번호: "receiptNumber",
  대기링크: "waitlistUrl",
  확정기한: "holdUntil",
} as const;
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;

/**
 * What each purpose fills: a template for it may use these and no other (a variable the message
 * cannot fill would reach the customer as "#{…}"). A confirmation is a lead's or a booking's.
 */
export const PURPOSE_VARIABLES: Record<AlimtalkPurpose, readonly TemplateVariable[]> = {
  confirmation: [
    "현장명",
    "고객명",
    "안내문구",
    "견본주택주소",
    "운영시간",
    "대표번호",
    "방문일",
    "방문시간",
    "예약링크",
    "수신거부",
    "접수번호",
  ],
  reminder: ["현장명", "고객명", "방문일", "방문시간", "견본주택주소", "대표번호", "예약링크", "수신거부"],
  "day-closed": ["현장명", "고객명", "방문일", "방문시간", "대표번호"],
  "visit-cancelled": ["현장명", "고객명", "방문일", "방문시간", "대표번호"],
  staff: ["현장명", "접수종류", "고객명", "연락처"],
  "reminder-today": ["현장명", "고객명", "방문일", "방문시간", "견본주택주소", "대표번호", "예약링크", "수신거부"],
  "no-show": ["현장명", "고객명", "방문일", "방문시간", "견본주택주소", "대표번호", "예약링크"],
  "waitlist-joined": ["현장명", "고객명", "방문일", "방문시간", "대표번호", "대기링크"],
  "waitlist-offer": ["현장명", "고객명", "방문일", "방문시간", "대표번호", "대기링크", "확정기한"],
};

export const TEMPLATE_PURPOSE_LABELS: Record<AlimtalkPurpose, string> = {
  confirmation: "접수·예약 확인",
  reminder: "방문 전날 안내",
  "day-closed": "예약일 마감 안내",
  "visit-cancelled": "예약 취소 안내",
  staff: "직원 알림",
  "reminder-today": "방문 당일 안내",
  "no-show": "노쇼 후 재예약 안내",
  "waitlist-joined": "방문 대기 접수 안내",
  "waitlist-offer": "방문 대기 자리 안내",
};

export const TEMPLATE_STATUS_LABELS: Record<TemplateStatus, string> = {
  approved: "사용 중",
  retired: "사용 중지",
};

/** What the preview fills in: the site's own values where the console knows them, these for a customer's. */
export const SAMPLE_CUSTOMER_VALUES: Partial<Record<TemplateVariable, string>> = {
  고객명: "김*늘",
  방문일: "12월 8일(화)",
  방문시간: "14:00",
  예약링크: "https://…/visit/(고객별 링크)",
  접수종류: "관심고객 등록",
  연락처: "010-****-5678",
  접수번호: "DG-20261208-0042",
};

export const TEMPLATE_CODE_MAX = 64;
export const TEMPLATE_BODY_MAX = 1000;
export const TEMPLATE_BUTTONS_MAX = 5;

/** `#{고객명}` in a template's text. */
const VARIABLE = /#\{([^{}\s]{1,30})\}/g;

/** The variables a template's text names, each once, in order. */
export function templateVariables(body: string): string[] {
  return [...new Set([...body.matchAll(VARIABLE)].map((match) => match[1]!))];
}

/** The template's text with each `#{변수}` replaced by its value; an unknown one stays as written. */
export function fillTemplate(body: string, values: Partial<Record<string, string>>): string {
  return body.replace(VARIABLE, (whole, name: string) => values[name] ?? whole);
}

/** "첫 번째", "두 번째" … as the office says which line. */
function ordinal(line: number) {
  return `${["첫", "두", "세", "네", "다섯", "여섯"][line - 1] ?? line} 번째`;
}

export const TEMPLATE_MESSAGES = {
  code: "솔라피에 등록된 템플릿 ID를 입력해 주세요. 예: KA01TP230101000000000000000000",
  codeFormat: "템플릿 ID는 영문, 숫자, -, _ 로만 되어 있습니다(64자 이내).",
  codeTaken: "이 템플릿 ID는 이미 등록되어 있습니다.",
  purpose: "어떤 문자에 쓸 템플릿인지 골라 주세요.",
  body: "카카오에서 승인된 템플릿 문구를 그대로 붙여 넣어 주세요.",
  bodyTooLong: `템플릿 문구는 ${TEMPLATE_BODY_MAX.toLocaleString("ko-KR")}자 이내입니다.`,
  unknownVariables: (purpose: AlimtalkPurpose, unknown: string[]) =>
    `${unknown.map((name) => `#{${name}}`).join(", ")}: ${TEMPLATE_PURPOSE_LABELS[purpose]} 문자에서 채울 수 없는 변수입니다. 쓸 수 있는 변수: ${PURPOSE_VARIABLES[
      purpose
    ]
      .map((name) => `#{${name}}`)
      .join(", ")}`,
  buttonLine: (line: number) => `${ordinal(line)} 버튼을 "버튼 이름 | https://주소" 모양으로 적어 주세요.`,
  buttonLink: (line: number) => `${ordinal(line)} 버튼의 주소는 https://로 시작해야 합니다.`,
  buttonName: (line: number) => `${ordinal(line)} 버튼 이름은 14자 이내입니다.`,
  tooManyButtons: `버튼은 ${TEMPLATE_BUTTONS_MAX}개까지입니다.`,
} as const;

export interface TemplateButton {
  name: string;
  link: string;
}

/** "방문 예약 | https://…" per line → buttons; each bad line is named. */
export function parseButtons(text: string): { buttons: TemplateButton[]; errors: string[] } {
  const buttons: TemplateButton[] = [];
  const errors: string[] = [];
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  lines.forEach((line, index) => {
    const [name, link, ...rest] = line.split("|").map((part) => part.trim());
    if (!name || !link || rest.length > 0) return void errors.push(TEMPLATE_MESSAGES.buttonLine(index + 1));
    if ([...name].length > 14) return void errors.push(TEMPLATE_MESSAGES.buttonName(index + 1));
    if (!/^https:\/\/[^\s|]+$/.test(link)) return void errors.push(TEMPLATE_MESSAGES.buttonLink(index + 1));
    buttons.push({ name, link });
  });
  if (lines.length > TEMPLATE_BUTTONS_MAX) errors.push(TEMPLATE_MESSAGES.tooManyButtons);
  return { buttons, errors };
}

export function buttonsText(buttons: readonly TemplateButton[]) {
  return buttons.map((button) => `${button.name} | ${button.link}`).join("\n");
}

const templateText = {
  purpose: z.enum(ALIMTALK_PURPOSES, { error: TEMPLATE_MESSAGES.purpose }),
  body: z
    .string({ error: TEMPLATE_MESSAGES.body })
    .transform(withoutControlCharactersExceptLineBreaks)
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, TEMPLATE_MESSAGES.body).max(TEMPLATE_BODY_MAX, TEMPLATE_MESSAGES.bodyTooLong)),
  buttons: z
    .string()
    .default("")
    .transform(withoutControlCharactersExceptLineBreaks)
    .transform((value) => value.replace(/\r\n?/g, "\n")),
};

const templateCode = z
  .string({ error: TEMPLATE_MESSAGES.code })
  .transform(withoutControlCharacters)
  .pipe(
    z
      .string()
      .trim()
      .min(1, TEMPLATE_MESSAGES.code)
      .regex(/^[A-Za-z0-9_-]{1,64}$/, TEMPLATE_MESSAGES.codeFormat),
  );

/** Its variables must be ones its purpose fills, and its buttons must read; every problem beside its field at once. */
function checkTemplate(value: { purpose: AlimtalkPurpose; body: string; buttons: string }, context: z.RefinementCtx) {
  const unknown = templateVariables(value.body).filter((name) => !(PURPOSE_VARIABLES[value.purpose] as readonly string[]).includes(name));
  if (value.body && unknown.length > 0)
    context.addIssue({ code: "custom", path: ["body"], message: TEMPLATE_MESSAGES.unknownVariables(value.purpose, unknown) });
  for (const message of parseButtons(value.buttons).errors) context.addIssue({ code: "custom", path: ["buttons"], message });
}

/**
 * The templates page's posts: register a template, preview one (the same fields; the code may still
 * be empty), or retire one.
 */
export const TemplateFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("register"), code: templateCode, ...templateText }).superRefine(checkTemplate),
  z.object({ intent: z.literal("preview"), code: z.string().default(""), ...templateText }).superRefine(checkTemplate),
  z.object({ intent: z.literal("retire"), id: z.string() }),
]);

// ── How a message travelled and what became of it, as every outbox screen says it ──

export const CHANNEL_LABELS: Record<MessageChannel, string> = { alimtalk: "알림톡", sms: "SMS", lms: "LMS" };

export const FALLBACK_REASON_LABELS: Record<AlimtalkFallbackReason, string> = {
  "template-mismatch": "문구가 승인된 알림톡 템플릿과 달라 문자로 보냈습니다",
  "alimtalk-unavailable": "보낼 때 카카오 채널이나 템플릿이 없어 문자로 보냈습니다",
  "alimtalk-refused": "업체가 알림톡을 거절해 문자로 보냈습니다",
  "alimtalk-failed": "알림톡을 받지 못하는 번호라 문자로 대신 보냈습니다",
};

/**
 * Carriers' and Kakao's reasons for a failed delivery, by SOLAPI's status code, in the words an
 * office uses. A code not here is shown with SOLAPI's own words (`receiptMessage`).
 */
export const RECEIPT_FAILURE_LABELS: Record<string, string> = {
  "3040": "전송 시간 초과(휴대폰 꺼짐·통신 불가)",
  "3041": "수신 거부한 번호",
  "3059": "변작된 발신번호로 판정",
  "3060": "발신번호 사전 등록 안 됨",
  "3103": "없는 번호",
  "3104": "없는 번호",
  "3105": "휴대폰 번호가 아님",
  "3106": "착신 정지된 번호",
  "3114": "스팸으로 차단됨",
  "3015": "알림톡 템플릿을 찾을 수 없음",
  "3016": "문구가 알림톡 템플릿과 다름",
  "3018": "카카오톡을 쓰지 않는 번호",
  "3019": "카카오톡을 쓰지 않는 번호",
};

export interface ShownDelivery {
  channel: MessageChannel;
  fallbackReason: AlimtalkFallbackReason | null;
  receiptState: "delivered" | "failed" | null;
  receiptCode: string | null;
  receiptMessage: string | null;
}

/** "알림톡 수신", "문자로 대체 발송 · 수신", "실패: 없는 번호"; null while no report has come. */
export function receiptLabel(message: ShownDelivery): string | null {
  if (message.receiptState === "delivered") {
    if (message.fallbackReason) return "문자로 대체 발송 · 수신";
    return message.channel === "alimtalk" ? "알림톡 수신" : `${CHANNEL_LABELS[message.channel]} 수신`;
  }
  if (message.receiptState === "failed") return `실패: ${receiptFailureReason(message)}`;
  return null;
}

export function receiptFailureReason(message: Pick<ShownDelivery, "receiptCode" | "receiptMessage">) {
  const known = message.receiptCode ? RECEIPT_FAILURE_LABELS[message.receiptCode] : undefined;
  if (known) return known;
  if (message.receiptMessage) return message.receiptMessage;
  return message.receiptCode ? `코드 ${message.receiptCode}` : "사유 미상";
}

/**
 * What became of a sent message, for every outbox screen: its receipt, or its channel while the
 * report is on its way from a provider that sends reports. The log provider's made-up receipts say
 * they are made up.
 */
export function deliveryLabel(
  message: ShownDelivery & { status: OutboxStatus; loggedOnly: boolean; receiptExpected: boolean },
): string | null {
  if (message.status !== "sent") return null;
  const waiting = `${message.fallbackReason ? "문자로 대체 발송" : CHANNEL_LABELS[message.channel]} · 수신 확인 중`;
  // A provider that never reports (a relay webhook) leaves "발송 완료" as the last word.
  const receipt = receiptLabel(message) ?? (message.receiptExpected ? waiting : null);
  if (!receipt) return null;
  return message.loggedOnly ? `모의 결과: ${receipt}` : receipt;
}
