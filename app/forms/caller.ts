import { z } from "zod";
import { TypedPersonFields, UnitTypeChoice } from "./door.ts";
import { withoutControlCharactersExceptLineBreaks } from "./text.ts";
import { withParticle } from "#app/utils/particles.ts";

/**
 * 전화 접수: a person who called the office, registered by whoever took the call. Their consent is
 * asked on the phone, with the notice the form shows read to them; advertising texts are not
 * offered here (a form of their own asks that, where the person ticks it themselves).
 */

export const CALLER_MESSAGE_MAX = 2000;

export const CALLER_LABELS = {
  name: "이름",
  phone: "휴대폰 번호",
  unitType: "관심 타입",
  unitTypeNone: "아직 정하지 않음",
  message: "통화 내용 (선택)",
  messageHint: "문의한 내용, 다음에 연락할 때 알아야 할 것",
  consent: "위 안내를 읽어 드리고 개인정보 수집·이용 동의를 받았습니다 (필수)",
  submit: "접수하고 통화 기록 남기기",
} as const;

export const CALLER_MESSAGES = {
  unitType: "관심 타입을 목록에서 골라 주세요.",
  already: (leadId: number) =>
    `이 번호로 방금 접수된 고객이 있어 새로 접수하지 않았습니다. 고객 접수 목록에서 ${withParticle(`접수 #${leadId}`, "을/를")} 찾아 통화를 기록해 주세요.`,
} as const;

export const CallerFormSchema = z.object({
  ...TypedPersonFields,
  unitType: UnitTypeChoice,
  message: z
    .string()
    .optional()
    .default("")
    .transform((value) => withoutControlCharactersExceptLineBreaks(value).trim())
    .pipe(z.string().max(CALLER_MESSAGE_MAX, `통화 내용은 ${CALLER_MESSAGE_MAX.toLocaleString("ko-KR")}자 이내로 입력해 주세요.`)),
  // Conform's checkbox value ("on").
  consent: z.literal("on", { error: "개인정보 수집·이용 동의를 받은 뒤에 접수할 수 있습니다." }),
});

/** A caller as the verb takes them: the form has already required the consent. */
export type CallerValues = Omit<z.output<typeof CallerFormSchema>, "consent">;
