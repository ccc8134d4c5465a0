/**
 * Control characters (a NUL byte above all, which PostgreSQL cannot store in text) never belong
 * in what a person types into a form. One-line fields lose them all; multi-line fields keep line
 * breaks and tabs.
 */
const CONTROL = /\p{Cc}/gu;
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\n\r\t]/gu;

export const withoutControlCharacters = (value: string) => value.replace(CONTROL, "");

export const withoutControlCharactersExceptLineBreaks = (value: string) => value.replace(CONTROL_EXCEPT_LINE_BREAKS, "");
