/** Phone numbers are stored as digits only and shown with dashes. */

export function normalizePhone(input: string): string {
  return input.replace(/\D/g, "");
}

/** "01012345678" → "010-1234-5678"; "0111234567" → "011-123-4567"; "0212345678" → "02-1234-5678"; sales lines such as "16610000" → "1661-0000". */
export function formatPhone(input: string): string {
  const digits = normalizePhone(input);
  if (/^01\d{8,9}$/.test(digits)) {
    return `${digits.slice(0, 3)}-${digits.slice(3, -4)}-${digits.slice(-4)}`;
  }
  if (/^1\d{7}$/.test(digits)) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  // 050 personal numbers (the per-ad numbers telecoms give) carry a four-digit prefix: 0504-123-4567, 0505-1234-5678.
  if (/^050\d{8,9}$/.test(digits)) return `${digits.slice(0, 4)}-${digits.slice(4, -4)}-${digits.slice(-4)}`;
  // Landlines: Seoul's two-digit area code, the others' three (070 included).
  if (/^02\d{7,8}$/.test(digits)) return `02-${digits.slice(2, -4)}-${digits.slice(-4)}`;
  if (/^0[3-9]\d{8,9}$/.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3, -4)}-${digits.slice(-4)}`;
  return input;
}

/** For logs: enough to tell messages apart, not enough to call anyone. "010-****-5678". */
export function maskPhone(input: string): string {
  const digits = normalizePhone(input);
  if (digits.length < 8) return "*".repeat(digits.length);
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/** A `tel:` href for any displayed number. */
export function telHref(input: string): string {
  return `tel:${normalizePhone(input)}`;
}

/** An `sms:` href: the phone's messaging app, addressed to the number. */
export function smsHref(input: string): string {
  return `sms:${normalizePhone(input)}`;
}
