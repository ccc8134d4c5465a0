/**
 * The privacy policy's generated parts (issue #31), client-safe: how long leads are kept (the
 * consent text's own period, or the period after the development's sales end that the office sets),
 * and the words for each processor the configuration names (app/.server/privacy.ts builds the list).
 */

export interface RetentionPeriod {
  /** A Postgres interval, e.g. "1 year". */
  interval: string;
  /** As the text says it, e.g. "1년". */
  label: string;
}

const UNITS = { 년: "year", 개월: "month", 일: "day" } as const;

/** The first "N년", "N개월" or "N일" of a text; throws when there is none (the purge must not guess). */
export function parseRetention(text: string): RetentionPeriod {
  const match = /(\d+)\s*(년|개월|일)/.exec(text);
  const amount = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`The consent text names no retention period (such as "1년", "6개월" or "90일"): ${JSON.stringify(text)}`);
  }
  const unit = UNITS[match[2] as keyof typeof UNITS];
  return { interval: `${amount} ${unit}${amount > 1 ? "s" : ""}`, label: `${amount}${match[2]}` };
}

/** A period as the settings form takes it: "6개월", "1년", "90일". */
export const RETENTION_PERIOD_PATTERN = /^[1-9]\d{0,2}\s*(?:년|개월|일)$/;

/** The day a period after `day` ends ("2027-06-30" + 6개월 → "2027-12-30"), on the calendar. */
export function dayAfterPeriod(day: string, period: RetentionPeriod): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [amount, unit] = period.interval.split(" ") as [string, string];
  const at = new Date(Date.UTC(year, month - 1, date));
  if (unit.startsWith("year")) at.setUTCFullYear(at.getUTCFullYear() + Number(amount));
  if (unit.startsWith("month")) at.setUTCMonth(at.getUTCMonth() + Number(amount));
  if (unit.startsWith("day")) at.setUTCDate(at.getUTCDate() + Number(amount));
  return at.toISOString().slice(0, 10);
}

/** The consent notice's and the policy's retention sentence when the office set the development's period. */
export function developmentRetentionSentence(salesEnd: string, period: RetentionPeriod, until: string) {
  return `분양 종료일(${salesEnd})로부터 ${period.label}이 지나는 ${until}까지 보관한 뒤 지체 없이 파기합니다.`;
}

export const PRIVACY_MESSAGES = {
  retentionPeriod: "보관 기간은 6개월, 1년, 90일처럼 숫자와 단위(년·개월·일)로 입력해 주세요.",
  retentionPair: "분양 종료일과 분양 종료 후 보관 기간은 함께 입력하거나 함께 비워 주세요.",
  salesEnd: "분양 종료일을 2027-06-30처럼 실제 있는 날짜로 입력해 주세요.",
  noProcessors: "회사는 개인정보 처리 업무를 외부에 위탁하지 않습니다.",
  version: "개인정보처리방침 버전",
} as const;

/** What each kind of processor does with the data, as the policy's table says it. */
export const PROCESSOR_TASKS = {
  hosting: "홈페이지 서버 운영",
  database: "데이터베이스 운영(고객 정보 보관)",
  hostingAndDatabase: "홈페이지 및 데이터베이스 서버 운영",
  texts: "등록 확인·방문 안내 문자메시지(SMS·LMS) 발송",
  textsAndAlimtalk: "등록 확인·방문 안내 문자메시지(SMS·LMS)와 카카오 알림톡 발송",
  alimtalk: "카카오 알림톡 전달",
  optOut: "광고 문자 무료 수신거부(080) 접수와 수신거부 명단 제공",
  analytics: (tool: string) => `${tool}: 방문 통계와 광고 효과 측정(행태정보)`,
  map: "오시는 길 지도 표시(카카오맵: 지도를 여는 방문자의 접속 정보)",
} as const;

export const PROCESSOR_NAMES = {
  solapi: "(주)솔라피",
  kakao: "(주)카카오",
} as const;
