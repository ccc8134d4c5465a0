import { z } from "zod";
import { normalizePhone } from "#app/utils/phone.ts";
import { ROLES, type Role } from "#app/vocabulary.ts";
import { PHONE_PATTERN } from "./lead.ts";
import { withoutControlCharacters } from "./text.ts";
import { wholeNumber } from "./numbers.ts";

/**
 * The staff accounts' forms and words: signing in with a second factor, taking up an invitation,
 * the owner's staff page, one's own account. Client-safe: pages render the words, the server
 * parses with the schemas (the password rule itself is checked on the server, app/.server/password-policy.ts).
 */

export const ROLE_LABELS: Record<Role, string> = {
  owner: "대표",
  manager: "관리자",
  counsellor: "상담사",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "모든 권한: 직원 계정과 접속기록까지",
  manager: "사이트의 모든 고객, 내려받기, 방문 예약, 보도자료",
  counsellor: "배정받은 고객과 미배정 고객(연락처 가림)",
};

export const SIGN_IN_TEXT = {
  codeTitle: "인증 코드 입력",
  codeIntro: "인증 앱(Google Authenticator, Microsoft Authenticator 등)에 표시된 6자리 숫자를 입력해 주세요.",
  codeLabel: "인증 코드",
  recoveryLabel: "복구 코드",
  useRecovery: "휴대폰을 쓸 수 없을 때: 복구 코드로 로그인",
  useCode: "인증 앱의 코드로 로그인",
  codeInvalid: "코드가 맞지 않습니다. 앱에 지금 표시된 코드를 입력해 주세요.",
  recoveryInvalid: "복구 코드가 맞지 않거나 이미 사용한 코드입니다.",
  locked: "시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.",
  enrolTitle: "2단계 인증 등록",
  enrolIntro:
    "이 계정은 로그인할 때마다 비밀번호와 함께 인증 앱의 코드를 씁니다. 인증 앱으로 아래 QR 코드를 찍거나 키를 직접 입력한 뒤, 앱에 표시된 6자리 코드를 입력해 주세요.",
  enrolKey: "직접 입력할 키",
  enrolSubmit: "등록하고 계속하기",
  recoveryTitle: "복구 코드 10개",
  recoveryIntro:
    "휴대폰을 잃어버렸을 때 인증 코드 대신 쓸 수 있는 일회용 코드입니다. 지금 한 번만 보여 드리니 인쇄하거나 안전한 곳에 적어 두세요. 코드마다 한 번씩만 쓸 수 있습니다.",
  recoveryContinue: "적어 두었습니다. 계속하기",
  inviteTitle: "계정 만들기",
  inviteIntro: "비밀번호를 정한 뒤 2단계 인증을 등록하면 관리자 화면을 쓸 수 있습니다.",
  inviteInvalid: "초대 링크가 만료되었거나 이미 사용되었습니다. 대표(소유자)에게 새 초대를 요청해 주세요.",
  passwordLabel: "새 비밀번호",
  passwordConfirm: "새 비밀번호 확인",
  passwordHint: "10자 이상, 흔히 쓰이는 비밀번호나 이메일·이름이 들어간 비밀번호는 쓸 수 없습니다.",
  passwordMismatch: "두 비밀번호가 서로 다릅니다.",
} as const;

const trimmed = (max: number, message: string) =>
  z.string({ error: message }).overwrite(withoutControlCharacters).trim().min(1, message).max(max, message);

export const CodeFormSchema = z.object({
  code: z.string({ error: SIGN_IN_TEXT.codeInvalid }).trim().min(1, SIGN_IN_TEXT.codeInvalid).max(40, SIGN_IN_TEXT.codeInvalid),
  recovery: z.literal("1").optional(),
  returnTo: z.string().optional(),
});

/** A new password and its repetition; the rule (length, common passwords) is the server's. */
export const NewPasswordSchema = z
  .object({
    password: z.string({ error: SIGN_IN_TEXT.passwordHint }).max(200, SIGN_IN_TEXT.passwordHint),
    confirm: z.string({ error: SIGN_IN_TEXT.passwordMismatch }),
  })
  .refine((form) => form.password === form.confirm, { message: SIGN_IN_TEXT.passwordMismatch, path: ["confirm"] });

export const PasswordChangeSchema = NewPasswordSchema.safeExtend({
  current: z.string({ error: "지금 쓰는 비밀번호를 입력해 주세요." }).min(1, "지금 쓰는 비밀번호를 입력해 주세요.").max(200),
});

/** A Korean mobile number, stored as digits: an invitation's, or where one's assignment alerts go. */
export const MobileSchema = z
  .string({ error: "휴대폰 번호를 입력해 주세요." })
  .trim()
  .regex(PHONE_PATTERN, "휴대폰 번호를 정확히 입력해 주세요. 예: 010-1234-5678")
  .transform(normalizePhone);

/** The owner's invitation: who, how to reach them, what they may do and where. */
export const InviteFormSchema = z.object({
  name: trimmed(50, "이름을 입력해 주세요."),
  email: z.email("이메일 주소를 정확히 입력해 주세요.").max(254),
  mobile: MobileSchema,
  role: z.enum(ROLES, { error: "역할을 선택해 주세요." }),
  sites: z.array(z.string().min(1).max(64)).min(1, "일할 사이트를 하나 이상 선택해 주세요."),
});

export const StaffChangeSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("role"), adminId: wholeNumber(), role: z.enum(ROLES) }),
    z.object({
      intent: z.literal("sites"),
      adminId: wholeNumber(),
      sites: z.array(z.string().min(1).max(64)).min(1, "일할 사이트를 하나 이상 선택해 주세요."),
    }),
    z.object({ intent: z.literal("disable"), adminId: wholeNumber() }),
    z.object({ intent: z.literal("enable"), adminId: wholeNumber() }),
    z.object({ intent: z.literal("reset-second-factor"), adminId: wholeNumber() }),
    z.object({ intent: z.literal("reinvite"), adminId: wholeNumber() }),
  ],
  { error: "알 수 없는 요청입니다." },
);
