import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "#app/forms/staff.ts";

/**
 * What a staff password must be (the safety-measures standard asks for a password rule): at least
 * ten characters, none of the ~49,000 most common passwords (zxcvbn-ts's list, shipped with the
 * project as a dependency), and not the account's own email or name. Hashed with scrypt as before.
 */

export const PASSWORD_MIN = PASSWORD_LENGTH.min;
export const PASSWORD_MAX = PASSWORD_LENGTH.max;
/** The shortest mailbox (the part of the email before @) a password may not contain. */
export const MAILBOX_MIN = 4;

let common: Set<string> | undefined;

function isCommon(password: string) {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * The Korean reason a password is refused, naming the one rule it breaks (and what of the email or
 * name it contains, so the person sees what to take out), or null when it will do.
 */
export function passwordProblem(password: string, { email, name }: { email: string; name?: string }): string | null {
  if ([...password].length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if ([...password].length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  if (isCommon(password)) return "너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 정해 주세요.";
  const lowered = password.toLowerCase();
  if (lowered === email.toLowerCase()) return "이메일 주소를 그대로 비밀번호로 쓸 수는 없습니다. 다른 비밀번호를 정해 주세요.";
  // A mailbox of three letters or fewer ("kim") turns up in too many good passwords to refuse them.
  const mailbox = email.split("@")[0]!;
  if (mailbox.length >= MAILBOX_MIN && lowered.includes(mailbox.toLowerCase())) {
    return `비밀번호에 이메일 주소의 아이디(${mailbox})가 들어 있습니다. 아이디가 들어가지 않게 정해 주세요.`;
  }
  if (name && name.length >= 2 && lowered.includes(name.toLowerCase())) {
    return `비밀번호에 이름(${name})이 들어 있습니다. 이름이 들어가지 않게 정해 주세요.`;
  }
  return null;
}
