import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * What a staff password must be (the safety-measures standard asks for a password rule): at least
 * ten characters, none of the ~49,000 most common passwords (zxcvbn-ts's list, shipped with the
 * project as a dependency), and not the account's own email or name. Hashed with scrypt as before.
 */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

let common: Set<string> | undefined;

function isCommon(password: string) {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** The Korean reason a password is refused, or null when it will do. */
export function passwordProblem(password: string, { email, name }: { email: string; name?: string }): string | null {
  if ([...password].length < PASSWORD_MIN) return `비밀번호는 ${PASSWORD_MIN}자 이상으로 정해 주세요.`;
  if ([...password].length > PASSWORD_MAX) return `비밀번호는 ${PASSWORD_MAX}자 이내로 정해 주세요.`;
  if (isCommon(password)) return "너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 정해 주세요.";
  const lowered = password.toLowerCase();
  const mailbox = email.split("@")[0]!.toLowerCase();
  if (lowered === email.toLowerCase() || (mailbox.length >= 4 && lowered.includes(mailbox))) {
    return "이메일 주소가 들어간 비밀번호는 쓸 수 없습니다.";
  }
  if (name && name.length >= 2 && lowered.includes(name.toLowerCase())) return "이름이 들어간 비밀번호는 쓸 수 없습니다.";
  return null;
}
