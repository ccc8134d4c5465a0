import { z } from "zod";
import { normalizePhone } from "#app/utils/phone.ts";
import { NAME_HINT, NAME_MAX, NAME_PATTERN, PHONE_HINT, PHONE_PATTERN } from "./lead.ts";
import { wholeNumber } from "./numbers.ts";
import { withoutControlCharacters } from "./text.ts";

/**
 * 입장 확인 (/admin/door) and the desk's kiosk (/admin/door/kiosk): their forms, one schema per
 * intent, and every word they say. Client-safe: the pages render the words, the server parses.
 */

/** Why the door refuses a check-in, as the desk reads it. */
export const DOOR_REFUSALS = {
  unknown: "예약을 찾을 수 없습니다. QR이 이 현장의 방문 예약 화면에서 나온 것인지 확인하거나 이름으로 찾아 주세요.",
  "other-site": "다른 현장의 예약 QR입니다. 이 견본주택의 예약이 아니므로 입장 확인을 할 수 없습니다.",
  used: "이미 입장 확인된 예약입니다. 같은 QR로 두 번 입장할 수 없습니다.",
  cancelled: "취소되었거나 다른 시간으로 바뀐 예약입니다. 고객의 새 예약 화면을 확인해 주세요.",
  "other-day": "오늘 예약이 아닙니다.",
  forbidden: "이 현장의 입장 확인 권한이 없습니다.",
} as const;
export type DoorRefusal = keyof typeof DOOR_REFUSALS;

/** A refusal with the booking's own time when it has one ("오늘 예약이 아닙니다 (11월 28일 (토) 14:00 예약)."). */
export function doorRefusalMessage(reason: DoorRefusal, when?: string) {
  return reason === "other-day" && when ? `오늘 예약이 아닙니다. 이 예약은 ${when}입니다.` : DOOR_REFUSALS[reason];
}

/** What the counsellor's console says when their customer is checked in at the door. */
export function arrivalMessage(maskedName: string) {
  return `${maskedName} 고객님이 도착했습니다`;
}

export const PARTY_SIZES = [1, 2, 3, 4] as const;

export const DOOR_TEXT = {
  title: "입장 확인",
  intro:
    "예약 고객의 입장 QR을 카메라로 읽거나, 이름 또는 휴대폰 끝 4자리로 찾아 방문을 확인합니다. 담당 상담사에게 도착이 바로 알려집니다.",
  scan: "카메라로 QR 읽기",
  scanStop: "카메라 끄기",
  scanHint: "고객 휴대폰의 입장 QR을 화면 가운데에 비춰 주세요.",
  scanUnavailable: "이 기기에서는 카메라를 쓸 수 없습니다. 이름이나 휴대폰 끝 4자리로 찾아 주세요.",
  scanning: "QR을 찾는 중…",
  keyLabel: "입장 QR의 코드",
  keyHint: "카메라 없이 QR 아래의 코드를 입력해도 됩니다.",
  keySubmit: "코드로 입장 확인",
  searchLabel: "이름 또는 휴대폰 끝 4자리",
  searchSubmit: "오늘 예약 찾기",
  searchNone: "오늘 예약 중에 맞는 고객이 없습니다. 현장 등록으로 받아 주세요.",
  checkIn: "방문 확인",
  checkedIn: (name: string, when: string) => `${name} 고객님 입장 확인되었습니다 (${when} 예약). 담당 상담사에게 알렸습니다.`,
  visitorsHeading: "오늘 예약",
  counsellor: "담당",
  unassigned: "미배정",
  walkInHeading: "현장 등록",
  walkInIntro:
    "예약 없이 오신 고객을 등록합니다. 방문 완료로 기록되고, 이미 상담 중인 고객이면 담당 상담사에게 도착을 알리며, 처음 오신 고객은 배정 규칙대로 상담사가 정해집니다. 고객에게 접수 문자가 갑니다.",
  walkInSubmit: "현장 등록",
  walkedIn: (name: string, receipt: string) => `${name} 고객님이 방문 고객으로 등록되었습니다. 접수번호 ${receipt}`,
  walkInRetried: "이미 등록된 고객입니다. 같은 번호로 방금 등록한 내용에 합쳤습니다.",
  kioskHeading: "키오스크 모드",
  kioskIntro:
    "데스크 태블릿을 방문 고객이 직접 등록하는 화면으로 바꿉니다. 이 브라우저에서는 현장 등록 외의 관리자 화면이 열리지 않고, 되돌리려면 다시 로그인해야 합니다.",
  kioskSubmit: "이 기기를 키오스크로 전환",
} as const;

export const KIOSK_TEXT = {
  title: "방문 고객 등록",
  intro: "견본주택에 오신 것을 환영합니다. 아래에 입력해 주시면 담당 상담사가 곧 안내해 드립니다.",
  submit: "등록하기",
  thanks: (receipt: string) => `등록되었습니다. 접수번호 ${receipt}. 잠시만 기다려 주시면 상담사가 안내해 드립니다.`,
  next: "다음 고객 등록",
  leave: "키오스크 종료(다시 로그인)",
  consentHeading: "개인정보 수집·이용 안내",
} as const;

/** What the door's forms refuse, beside the field. */
export const DOOR_MESSAGES = {
  keyRequired: "QR 아래의 코드를 입력해 주세요.",
  keyTooLong: "QR 아래의 코드를 확인해 주세요.",
} as const;

export const WALK_IN_LABELS = {
  name: "이름",
  phone: "휴대폰 번호",
  partySize: "방문 인원",
  unitType: "관심 타입",
  unitTypeNone: "아직 정하지 않음",
  consent: "개인정보 수집·이용에 동의합니다 (필수)",
  consentHint: "고객에게 위 안내를 보여 드리거나 읽어 드린 뒤 동의를 받아 주세요.",
  marketing: "분양 소식 등 광고성 문자 수신에 동의합니다 (선택)",
} as const;

const name = z
  .string({ error: "이름을 입력해 주세요." })
  .transform(withoutControlCharacters)
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, { message: "이름을 입력해 주세요.", abort: true })
      .max(NAME_MAX, `이름은 ${NAME_MAX}자 이내로 입력해 주세요.`)
      .regex(NAME_PATTERN, `이름을 확인해 주세요. ${NAME_HINT}`),
  );

const phone = z
  .string({ error: "휴대폰 번호를 입력해 주세요." })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { message: "휴대폰 번호를 입력해 주세요.", abort: true })
      .regex(PHONE_PATTERN, `휴대폰 번호를 정확히 입력해 주세요. ${PHONE_HINT}`),
  )
  .transform(normalizePhone);

/** A person's name and mobile as someone on the team types them: at the desk, or during a call (forms/caller.ts). */
export const TypedPersonFields = { name, phone };

/** An interest type as a select posts it: one of the pack's, checked by the server ("" for none yet). */
export const UnitTypeChoice = z.string().max(40, "관심 타입을 목록에서 골라 주세요.").optional().default("");

/** A walk-in as the desk (or the visitor, on the kiosk) types it; the interest type is one of the pack's, checked by the server. */
const walkIn = {
  ...TypedPersonFields,
  partySize: wholeNumber({ min: 1, max: PARTY_SIZES.at(-1)!, message: `방문 인원은 1명에서 ${PARTY_SIZES.at(-1)}명 사이로 골라 주세요.` }),
  unitType: UnitTypeChoice,
  // Conform's checkbox value ("on"): the console's forms all post it.
  consent: z.literal("on", { error: "개인정보 수집·이용에 동의해야 등록할 수 있습니다." }),
  marketing: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
};

export const DoorFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check-in"), bookingId: wholeNumber({ message: "확인할 예약을 골라 주세요." }) }),
  z.object({
    intent: z.literal("check-in-key"),
    key: z
      .string()
      .transform((value) => value.trim())
      .pipe(z.string().min(1, DOOR_MESSAGES.keyRequired).max(300, DOOR_MESSAGES.keyTooLong)),
  }),
  z.object({ intent: z.literal("walk-in"), ...walkIn }),
  z.object({ intent: z.literal("kiosk") }),
]);

export const KioskFormSchema = z.object({ intent: z.literal("walk-in"), ...walkIn });

/** A walk-in as the verb takes it: the form has already required the consent. */
export type WalkInValues = Omit<z.output<typeof KioskFormSchema>, "intent" | "consent">;
