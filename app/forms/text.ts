/**
 * Control characters (a NUL byte above all, which PostgreSQL cannot store in text) never belong
 * in what a person types into a form. One-line fields lose them all; multi-line fields keep line
 * breaks and tabs.
 */
const CONTROL = /\p{Cc}/gu;
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\n\r\t]/gu;

export const withoutControlCharacters = (value: string) => value.replace(CONTROL, "");

export const withoutControlCharactersExceptLineBreaks = (value: string) => value.replace(CONTROL_EXCEPT_LINE_BREAKS, "");

/**
 * A spreadsheet's column header as every import compares it (leads, units, ad spend, opt-out lists):
 * "연락처 (필수)" → "연락처", "utm_source" → "utmsource", "Phone" → "phone".
 */
export function headerKey(header: string): string {
  return header
    .normalize("NFKC")
    .replace(/\([^)]*\)|\[[^\]]*\]/g, "")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toLowerCase();
}
