import { z } from "zod";
import { IMPORT_CONSENT_BASES, type ImportConsentBasis, type ImportProblem } from "#app/vocabulary.ts";
import { MESSAGE_MAX } from "./lead.ts";
import { headerKey, withoutControlCharacters } from "./text.ts";

/**
 * Importing a list of leads (/admin/leads/import): the columns a file may have and every header an
 * office writes for them, the two steps' forms and what they say. Client-safe.
 */

/** The columns an imported list is read into. */
export const IMPORT_COLUMNS = ["name", "phone", "unitType", "message", "source", "marketing"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * Every header recognised for each column, as offices write them (agency lists, visitors' books,
 * call sheets). Compared after `headerKey`: spaces, punctuation and a parenthesised note ("연락처(필수)")
 * do not count, nor does letter case.
 */
export const IMPORT_HEADER_SYNONYMS: Record<ImportColumn, readonly string[]> = {
  name: ["이름", "성명", "고객명", "성함", "고객", "고객이름", "name"],
  phone: [
    "연락처",
    "휴대폰",
    "휴대폰번호",
    "전화번호",
    "핸드폰",
    "핸드폰번호",
    "휴대전화",
    "휴대전화번호",
    "전화",
    "phone",
    "mobile",
    "tel",
  ],
  unitType: ["관심타입", "관심평형", "타입", "평형", "관심주택형", "주택형", "관심평형타입"],
  message: ["메모", "비고", "문의내용", "상담내용", "요청사항", "내용", "memo"],
  source: ["유입경로", "매체", "출처", "유입매체", "경로", "source"],
  marketing: ["광고수신동의", "마케팅동의", "광고동의", "수신동의", "마케팅수신동의", "광고성정보수신동의", "광고문자동의"],
};

/** The column a header names, if any. */
export function importColumnOf(header: string): ImportColumn | undefined {
  const key = headerKey(header);
  return IMPORT_COLUMNS.find((column) => IMPORT_HEADER_SYNONYMS[column].includes(key));
}

/** What a consent column says for "yes": Y, 예, 동의, O, ○, V, 1, true. Anything else (blank included) is no. */
export function saysYes(value: string): boolean {
  return /^(y|yes|예|네|동의|동의함|o|○|◯|●|v|✓|✔|1|true)$/i.test(value.normalize("NFKC").trim());
}

/** An imported lead's message: the type the person was interested in, then the file's note. */
export function importedMessage(unitType: string, note: string) {
  return [unitType ? `관심 타입: ${unitType}` : "", note].filter(Boolean).join("\n").slice(0, MESSAGE_MAX);
}

/** A file holds at most this many rows: a bigger list is split (and a preview stays readable). */
export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_SOURCE_MAX = 50;

export const IMPORT_CONSENT_BASIS_LABELS: Record<ImportConsentBasis, string> = {
  "agency-form": "광고 대행사 상담 신청서에서 개인정보 수집·이용 동의",
  "visitor-book": "모델하우스 방문객 명부에 동의 서명",
  "phone-call": "전화 상담 중 동의(녹취 보관)",
  "event-entry": "행사·이벤트 응모 시 동의",
};

export const IMPORT_PROBLEM_LABELS: Record<ImportProblem, string> = {
  "missing-name": "이름 없음",
  "bad-name": "이름 확인 필요",
  "bad-phone": "휴대폰 번호 오류",
  "existing-customer": "이미 있는 고객",
  "repeated-in-file": "파일 안에서 중복",
};

export const IMPORT_MESSAGES = {
  noFile: "가져올 엑셀(.xlsx) 또는 CSV 파일을 선택해 주세요.",
  unreadable: "파일을 읽을 수 없습니다. 엑셀에서 .xlsx 또는 CSV(UTF-8)로 다시 저장해 올려 주세요.",
  noHeader:
    "첫 줄에서 이름과 연락처 열을 찾지 못했습니다. 첫 줄에 「이름」(또는 성명·고객명)과 「연락처」(또는 휴대폰·전화번호) 제목을 넣어 주세요.",
  noRows: "제목 줄 아래에 가져올 고객이 없습니다.",
  tooManyRows: `한 번에 ${IMPORT_MAX_ROWS.toLocaleString("ko-KR")}명까지 가져올 수 있습니다. 파일을 나누어 올려 주세요.`,
  expired: "미리보기가 만료되었습니다(1시간). 파일을 다시 올려 주세요.",
  source: "출처를 입력해 주세요. 예: ○○광고 대행사 DB, 11월 방문객 명부",
  sourceTooLong: `출처는 ${IMPORT_SOURCE_MAX}자 이내로 입력해 주세요.`,
  basis: "이 명단의 개인정보 수집 근거를 골라 주세요.",
  nothingToImport: "가져올 수 있는 행이 없습니다. 파일을 고쳐 다시 올려 주세요.",
} as const;

/** Step one: the file (read apart from this schema, a multipart post). */
export const ImportPreviewSchema = z.object({ intent: z.literal("preview") });

/** Step two: the previewed file (sealed by the server), where the list came from and on what basis. */
export const ImportLeadsSchema = z.object({
  intent: z.literal("import"),
  batch: z.string({ error: IMPORT_MESSAGES.expired }).min(1, IMPORT_MESSAGES.expired),
  source: z
    .string({ error: IMPORT_MESSAGES.source })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, IMPORT_MESSAGES.source)
    .max(IMPORT_SOURCE_MAX, IMPORT_MESSAGES.sourceTooLong),
  basis: z.enum(IMPORT_CONSENT_BASES, { error: IMPORT_MESSAGES.basis }),
  /** The office declares that the file's consent column proves consent to advertising texts. */
  marketingFromFile: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

export const ImportFormSchema = z.discriminatedUnion("intent", [ImportPreviewSchema, ImportLeadsSchema]);
