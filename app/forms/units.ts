import { z } from "zod";
import {
  REMAINING_UNITS_SOURCES,
  type HoldReleaseReason,
  type RemainingUnitsSource,
  type UnitChangeKind,
  type UnitImportProblem,
  type UnitStatus,
} from "#app/vocabulary.ts";
import { wholeNumber } from "./numbers.ts";

/**
 * The unit inventory (동호수) in the console and on the site: its words, the board's forms, the
 * 배치표 import's columns and the remaining-units line. Client-safe.
 */

export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  available: "분양 가능",
  held: "상담 중",
  contracted: "계약 완료",
  hidden: "비공개",
};

/** The mark a board cell carries beside its colour, so a status never rests on colour alone. */
export const UNIT_STATUS_MARKS: Record<UnitStatus, string> = { available: "", held: "홀드", contracted: "계약", hidden: "비공개" };

export const UNIT_CHANGE_LABELS: Record<UnitChangeKind, string> = {
  imported: "배치표 가져오기",
  edited: "수정",
  held: "홀드",
  released: "홀드 해제",
  contracted: "계약 완료",
  "contract-undone": "계약 되돌림",
};

/** The board's history after a hold let go with its lead: "… 홀드 해제 (…) · 실장 · 고객 정보를 삭제하며". */
export const HOLD_RELEASE_REASON_LABELS: Record<HoldReleaseReason, string> = {
  "lead-deleted": "고객 정보를 삭제하며",
  "lead-spam": "스팸으로 표시하며",
};

export const REMAINING_SOURCE_LABELS: Record<RemainingUnitsSource, string> = {
  board: "동호수 현황에서 자동으로 (권장)",
  manual: "사이트 설정의 「잔여세대 안내」 문구 그대로",
  off: "표시하지 않음",
};

export const UNIT_IMPORT_PROBLEM_LABELS: Record<UnitImportProblem, string> = {
  "missing-building": "동 없음",
  "bad-floor": "층 확인 필요",
  "bad-line": "호 확인 필요",
  "unknown-type": "없는 타입",
  "bad-price": "분양가 확인 필요",
  "bad-status": "상태 확인 필요",
  "repeated-in-file": "파일 안에서 중복",
};

export { formatPrice, unitLabel, unitNumber } from "#app/utils/unit-labels.ts";

/** One type's remaining count as the site says it: "84A 3세대", "84B 잔여 없음". */
export function remainingPhrase(typeLabel: string, remaining: number) {
  return remaining > 0 ? `${typeLabel} ${remaining}세대` : `${typeLabel} 잔여 없음`;
}

export const UNIT_MESSAGES = {
  chooseUnit: "세대를 골라 주세요.",
  chooseLead: "홀드할 고객을 골라 주세요.",
  notFound: "이 세대를 찾을 수 없습니다. 화면을 새로 고쳐 주세요.",
  taken: "다른 상담사가 이미 홀드했거나 계약된 세대입니다. 화면을 새로 고쳐 현재 상태를 확인해 주세요.",
  notYourLead: "내가 담당하는 고객만 홀드할 수 있습니다.",
  spamLead: "스팸으로 표시된 접수에는 세대를 홀드할 수 없습니다.",
  notHeld: "상담 중(홀드)인 세대만 계약 완료로 바꿀 수 있습니다.",
  notHolder: "홀드한 상담사나 관리자만 홀드를 풀 수 있습니다.",
  notContracted: "계약 완료인 세대만 되돌릴 수 있습니다.",
  busy: "상담 중이거나 계약된 세대는 타입·분양가·공개 여부를 바꿀 수 없습니다. 홀드를 풀거나 계약을 되돌린 뒤 바꿔 주세요.",
  type: "타입을 골라 주세요.",
  price: "분양가는 숫자로 입력해 주세요(원 또는 만원). 예: 520000000, 52000만원",
  holdHours: "홀드 시간은 1시간에서 168시간(7일) 사이로 입력해 주세요.",
  source: "잔여세대 표시 방식을 골라 주세요.",
  importNoFile: "가져올 배치표(.xlsx 또는 .csv)를 선택해 주세요.",
  importNoHeader:
    "첫 줄에서 동·층·호·타입 열을 찾지 못했습니다. 첫 줄에 「동」, 「층」, 「호」(또는 호수), 「타입」(또는 주택형) 제목을 넣어 주세요.",
  importNoRows: "제목 줄 아래에 세대가 없습니다.",
  importTooManyRows: "한 번에 5,000세대까지 가져올 수 있습니다. 파일을 동별로 나누어 올려 주세요.",
  importExpired: "미리보기가 만료되었습니다(1시간). 파일을 다시 올려 주세요.",
  importNothing: "가져올 수 있는 행이 없습니다. 파일을 고쳐 다시 올려 주세요.",
} as const;

/** A price as the office types it: "520,000,000", "520000000원", "52,000만원" or "52000" (under a million: 만원). */
export function readPrice(typed: string): number | null | undefined {
  const text = typed.normalize("NFKC").replace(/[\s,]/g, "");
  if (text === "" || text === "-") return null;
  const match = /^(\d{1,13})(만원|만|원)?$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  const manwon = match[2] === "만원" || match[2] === "만" || (match[2] === undefined && value < 1_000_000);
  const won = manwon ? value * 10_000 : value;
  return won > 0 && won < 1e13 ? won : undefined;
}

const unitId = wholeNumber({ message: UNIT_MESSAGES.chooseUnit });

const priceField = z.string().transform((value, context) => {
  const price = readPrice(value);
  if (price !== undefined) return price;
  context.addIssue({ code: "custom", message: UNIT_MESSAGES.price, input: value });
  return z.NEVER;
});

/** The board's posts: a counsellor holds a unit for a customer or lets it go; a manager sells, undoes a sale, edits. */
export const UnitHoldSchema = z.object({
  intent: z.literal("hold"),
  unit: unitId,
  lead: wholeNumber({ message: UNIT_MESSAGES.chooseLead }),
});
export const UnitEditSchema = z.object({
  intent: z.literal("edit"),
  unit: unitId,
  typeKey: z.string({ error: UNIT_MESSAGES.type }).trim().min(1, UNIT_MESSAGES.type).max(16, UNIT_MESSAGES.type),
  price: priceField,
  hidden: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});
export const UnitBoardFormSchema = z.discriminatedUnion("intent", [
  UnitHoldSchema,
  z.object({ intent: z.literal("release"), unit: unitId }),
  z.object({ intent: z.literal("contract"), unit: unitId }),
  z.object({ intent: z.literal("undo-contract"), unit: unitId }),
  UnitEditSchema,
]);
export type UnitBoardForm = z.output<typeof UnitBoardFormSchema>;

const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

export const HOLD_HOURS_MAX = 168;

export const UnitSettingsFormSchema = z.object({
  holdHours: wholeNumber({ min: 1, max: HOLD_HOURS_MAX, message: UNIT_MESSAGES.holdHours }),
  remainingSource: z.enum(REMAINING_UNITS_SOURCES, { error: UNIT_MESSAGES.source }),
  publicPage: checkbox,
  publicUnitNumbers: checkbox,
  publicPrices: checkbox,
});
export type UnitSettingsForm = z.output<typeof UnitSettingsFormSchema>;

// --- The 배치표 import ---

export const UNIT_IMPORT_COLUMNS = ["building", "floor", "line", "typeKey", "price", "status"] as const;
export type UnitImportColumn = (typeof UNIT_IMPORT_COLUMNS)[number];

/** Headers as offices write them in a 배치표, compared without spaces, punctuation or a parenthesised note. */
export const UNIT_IMPORT_HEADERS: Record<UnitImportColumn, readonly string[]> = {
  building: ["동", "동명", "동번호", "building"],
  floor: ["층", "층수", "floor"],
  line: ["호", "호수", "호실", "라인", "호라인", "line", "unit"],
  typeKey: ["타입", "주택형", "평형", "유형", "type"],
  price: ["분양가", "분양가격", "공급금액", "분양금액", "가격", "price"],
  status: ["상태", "분양상태", "계약여부", "status"],
};

export const UnitImportPreviewSchema = z.object({ intent: z.literal("preview") });
export const UnitImportSchema = z.object({
  intent: z.literal("import"),
  batch: z.string({ error: UNIT_MESSAGES.importExpired }).min(1, UNIT_MESSAGES.importExpired),
});
export const UnitImportFormSchema = z.discriminatedUnion("intent", [UnitImportPreviewSchema, UnitImportSchema]);

/** A status cell: blank or 분양 가능 → for sale, 계약 → sold, 비공개/보류 → hidden; undefined when unreadable. */
export function readUnitStatus(typed: string): Exclude<UnitStatus, "held"> | undefined {
  const key = typed.normalize("NFKC").replace(/\s/g, "");
  if (["", "분양가능", "가능", "잔여", "미분양", "available"].includes(key)) return "available";
  if (["계약", "계약완료", "분양완료", "완료", "contracted", "sold"].includes(key)) return "contracted";
  if (["비공개", "보류", "유보", "hidden"].includes(key)) return "hidden";
  return undefined;
}
