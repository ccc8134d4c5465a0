import { z } from "zod";
import { normalizePhone } from "#app/utils/phone.ts";
import { ROLES, type Role } from "#app/vocabulary.ts";
import { PHONE_PATTERN } from "./lead.ts";
import { withoutControlCharacters } from "./text.ts";
import { wholeNumber } from "./numbers.ts";

/**
 * The staff accounts' forms and words: signing in with a second factor, taking up an invitation,
 * the owner's staff page, one's own account. Client-safe: pages render the words, the server
 * parses with the schemas (the password rule itself is checked on the server, app/.server/auth/password-policy.ts).
 */

export const ROLE_LABELS: Record<Role, string> = {
  owner: "대표",
  manager: "매니저",
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
  codesEnded: "인증 코드가 여러 번 틀려 로그인을 취소했습니다. 비밀번호부터 다시 입력해 주세요.",
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
  /** After an invitation: the link went by text to the person alone (decision 024). */
  invitationTexted: "님에게 초대 문자를 보냈습니다. 링크는 문자를 받은 본인만 볼 수 있고, 72시간 안에 한 번만 쓸 수 있습니다.",
  /** Texts are not sent (SMS_PROVIDER=log), so the owner is the only way the link reaches the person. */
  invitationTestMode:
    "님의 초대 링크입니다. 테스트 모드라 문자가 실제로 발송되지 않으니 본인에게 직접 전해 주세요. 72시간 안에 한 번만 쓸 수 있습니다.",
  handoffTitle: "다른 사이트 관리자 화면으로 이동",
  handoffIntro: "아래 계정으로 이 사이트의 관리자 화면에 로그인합니다. 본인 계정이 맞는지 확인해 주세요.",
  handoffAccount: "계정",
  handoffSite: "사이트",
  handoffContinue: "이 계정으로 계속",
  handoffDecline: "내 계정이 아닙니다",
  handoffDeclineHint: "방금 직접 사이트를 바꾸지 않았다면 '내 계정이 아닙니다'를 누르거나 이 창을 닫아 주세요.",
  passwordLabel: "새 비밀번호",
  passwordConfirm: "새 비밀번호 확인",
  passwordHint: "10자 이상, 흔히 쓰이는 비밀번호나 이메일·이름이 들어간 비밀번호는 쓸 수 없습니다.",
  passwordMismatch: "두 비밀번호가 서로 다릅니다.",
  confirmRequired: "새 비밀번호를 한 번 더 입력해 주세요.",
  emailRequired: "이메일을 입력해 주세요.",
  currentPasswordRequired: "비밀번호를 입력해 주세요.",
  codeRequired: "인증 코드를 입력해 주세요.",
  recoveryRequired: "복구 코드를 입력해 주세요.",
  /** A right password on a site the account has no rights on (shown only after the password is verified). */
  wrongSite: "이 사이트의 권한이 없습니다.",
  wrongSiteElsewhere: "이 계정은 아래 사이트에서 일합니다. 그 사이트의 관리자 화면에서 로그인해 주세요.",
  wrongSiteUnknown: "일하시는 사이트의 주소로 관리자 화면(/admin)에 들어가 로그인해 주세요.",
  openInApp: "인증 앱에서 열기",
  openInAppHint: "이 휴대폰에 인증 앱이 있으면 눌러서 바로 등록합니다. 다른 기기의 앱에는 QR 코드를 찍거나 키를 입력해 주세요.",
  copyKey: "키 복사",
  copied: "복사했습니다",
  recoveryCopy: "복사",
  recoveryPrint: "인쇄",
  recoveryDownload: "내려받기(.txt)",
} as const;

/** The password rule's lengths; the server adds the rest (app/.server/auth/password-policy.ts). */
export const PASSWORD_LENGTH = { min: 10, max: 200 } as const;
export const PASSWORD_TOO_SHORT = `비밀번호는 ${PASSWORD_LENGTH.min}자 이상으로 정해 주세요.`;
export const PASSWORD_TOO_LONG = `비밀번호는 ${PASSWORD_LENGTH.max}자 이내로 정해 주세요.`;

/**
 * A person as the console names them: their name, or, for an account made before names were
 * asked for, the mailbox of their email.
 */
export function displayName(person: { name: string; email: string }) {
  return person.name.trim() || person.email.split("@")[0]!;
}

/** Why the staff page refused a change (403 for what is not the owner's to change, 409 for what would break a rule). */
export const STAFF_REFUSALS = {
  notHere: "이 사이트의 직원이 아닙니다.",
  // An owner who demoted or disabled themselves by a slip could lock the office out of its staff page.
  self: "자기 계정의 역할·사이트·사용 여부·2단계 인증은 다른 대표 계정에서 바꿔야 합니다.",
  sites: "직접 관리하는 사이트만 맡길 수 있습니다.",
  notOwner: "이 사이트의 대표 계정만 직원 권한을 바꿀 수 있습니다.",
  otherSites:
    "이 사람은 내가 대표가 아닌 사이트에서도 일합니다. 사용 중지·다시 사용·2단계 인증 초기화·초대 링크는 그 사이트들을 모두 관리하는 대표 계정만 할 수 있습니다.",
  lastOwner: "사이트마다 사용 중인 대표 계정이 하나는 있어야 합니다. 이 사람이 마지막 대표인 사이트에 다른 대표 계정을 먼저 만들어 주세요.",
  accepted: "이미 계정을 만든 사람입니다.",
} as const;
/** A wrong code, and how many more the half session allows before the password is asked again. */
export function codeInvalidMessage(recovery: boolean, attemptsLeft: number) {
  const message = recovery ? SIGN_IN_TEXT.recoveryInvalid : SIGN_IN_TEXT.codeInvalid;
  return attemptsLeft > 1
    ? `${message} ${attemptsLeft}번 더 틀리면 비밀번호부터 다시 입력해야 합니다.`
    : `${message} 한 번 더 틀리면 비밀번호부터 다시 입력해야 합니다.`;
}

/** A refused sign-in: whose failures refused it, and in how many minutes to try again. */
export function signInLockedMessage(why: "client" | "account", retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return why === "client"
    ? `이 접속 주소에서 틀린 비밀번호가 여러 번 입력되어 잠시 막았습니다. ${minutes}분 후에 다시 시도해 주세요.`
    : `이 계정에 틀린 비밀번호가 여러 번 입력되어 잠시 막았습니다. ${minutes}분 후에 다시 시도하거나, 이 계정으로 로그인한 적이 있는 곳(사무실 등)에서 로그인해 주세요.`;
}

const trimmed = (max: number, message: string) =>
  z.string({ error: message }).overwrite(withoutControlCharacters).trim().min(1, message).max(max, message);

/** The password step; which of email or password was wrong is never said (a form error, app/routes/admin/sign-in/login.tsx). */
export const SignInFormSchema = z.object({
  email: trimmed(254, SIGN_IN_TEXT.emailRequired),
  password: z
    .string({ error: SIGN_IN_TEXT.currentPasswordRequired })
    .min(1, SIGN_IN_TEXT.currentPasswordRequired)
    .max(1024, SIGN_IN_TEXT.currentPasswordRequired),
  // Never refused here (it has no field to show an error beside): safeReturnTo() decides where it leads.
  returnTo: z.string().optional(),
});

/** The code step: a code from the app, or (`recovery`) one of the recovery codes. */
export const CodeFormSchema = z
  .object({
    code: z.string().trim().max(40, SIGN_IN_TEXT.codeInvalid).optional(),
    recovery: z.literal("1").optional(),
    returnTo: z.string().optional(),
  })
  .transform((form, context) => {
    if (form.code) return { ...form, code: form.code };
    context.addIssue({
      code: "custom",
      path: ["code"],
      message: form.recovery ? SIGN_IN_TEXT.recoveryRequired : SIGN_IN_TEXT.codeRequired,
    });
    return z.NEVER;
  });

/** Enrolling the app: the signed offer the page showed, and the first code the app gives for it. */
export const EnrolFormSchema = z.object({
  offer: z.string().max(200).optional(),
  code: z.string({ error: SIGN_IN_TEXT.codeRequired }).trim().min(1, SIGN_IN_TEXT.codeRequired).max(40, SIGN_IN_TEXT.codeInvalid),
  returnTo: z.string().optional(),
});

/** A new password and its repetition; the length here, the rest of the rule (common passwords, the email) on the server. */
export const NewPasswordSchema = z
  .object({
    password: z
      .string({ error: PASSWORD_TOO_SHORT })
      .refine((password) => [...password].length >= PASSWORD_LENGTH.min, PASSWORD_TOO_SHORT)
      .refine((password) => [...password].length <= PASSWORD_LENGTH.max, PASSWORD_TOO_LONG),
    confirm: z.string({ error: SIGN_IN_TEXT.confirmRequired }).min(1, SIGN_IN_TEXT.confirmRequired).max(1000),
  })
  .refine((form) => form.confirm === "" || form.password === form.confirm, {
    message: SIGN_IN_TEXT.passwordMismatch,
    path: ["confirm"],
    when: () => true,
  });

export const PasswordChangeSchema = NewPasswordSchema.safeExtend({
  current: z.string({ error: "지금 쓰는 비밀번호를 입력해 주세요." }).min(1, "지금 쓰는 비밀번호를 입력해 주세요.").max(200),
});

/** A Korean mobile number, stored as digits: an invitation's, or where one's assignment alerts go. */
export const MobileSchema = z
  .string({ error: "휴대폰 번호를 입력해 주세요." })
  .trim()
  .regex(PHONE_PATTERN, "휴대폰 번호를 정확히 입력해 주세요. 예: 010-1234-5678")
  .transform(normalizePhone);

/** A person's name as the console shows it: required, up to the column's 50 characters. */
export const PersonNameSchema = trimmed(50, "이름을 입력해 주세요.");

/** Checkboxes named alike post one value, several or none: always a list here. */
const siteList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined || value === "" ? [] : [value].flat()))
  .pipe(z.array(z.string().min(1).max(64)).min(1, "일할 사이트를 하나 이상 선택해 주세요."));

const ROLE_REQUIRED = "역할을 선택해 주세요.";

/** The owner's invitation: who, how to reach them, what they may do and where. */
export const InviteFormSchema = z.object({
  name: PersonNameSchema,
  email: z
    .string({ error: "이메일 주소를 입력해 주세요." })
    .trim()
    .min(1, "이메일 주소를 입력해 주세요.")
    .pipe(z.email("이메일 주소를 정확히 입력해 주세요. 예: name@example.com").max(254, "이메일 주소가 너무 깁니다.")),
  mobile: MobileSchema,
  role: z.enum(ROLES, { error: ROLE_REQUIRED }),
  sites: siteList,
});

/** The staff page's posts, one schema per intent (the names of its rule in console-access.ts). */
export const StaffFormSchema = z.discriminatedUnion(
  "intent",
  [
    InviteFormSchema.safeExtend({ intent: z.literal("invite") }),
    z.object({ intent: z.literal("role"), adminId: wholeNumber(), role: z.enum(ROLES, { error: ROLE_REQUIRED }) }),
    z.object({ intent: z.literal("sites"), adminId: wholeNumber(), sites: siteList }),
    z.object({ intent: z.literal("disable"), adminId: wholeNumber() }),
    z.object({ intent: z.literal("enable"), adminId: wholeNumber() }),
    z.object({ intent: z.literal("reset-second-factor"), adminId: wholeNumber() }),
    z.object({ intent: z.literal("reinvite"), adminId: wholeNumber() }),
  ],
  { error: "알 수 없는 요청입니다." },
);
