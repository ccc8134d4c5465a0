import { z } from "zod";

/**
 * Whole numbers from forms and URLs: ids, counts, orders. Every one is stored in or compared with
 * a PostgreSQL `integer` column, which refuses anything past 2^31 with an error (a 500 before
 * this). Client-safe. The public lead forms keep their own digit check in zod/mini
 * (app/forms/lead-schema.ts), for the size of their script.
 */

/** The largest value of a PostgreSQL `integer` column, which every id and count in the schema is. */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

export interface WholeNumberRange {
  /** 1 by default: ids start at 1. */
  min?: number;
  /** INTEGER_COLUMN_MAX by default, or the column's own smaller limit. */
  max?: number;
}

/** Digits only, an optional minus: "1.5", "1e3", "0x10", " 7", "" and "+7" are not whole numbers here. */
const WHOLE_NUMBER = /^-?\d{1,10}$/;

/** The number `value` writes if it is a whole number within the range, else undefined. */
export function readWholeNumber(value: unknown, { min = 1, max = INTEGER_COLUMN_MAX }: WholeNumberRange = {}): number | undefined {
  if (typeof value !== "string" || !WHOLE_NUMBER.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

export const NUMBER_MESSAGE = "선택한 항목의 번호가 올바르지 않습니다. 화면을 새로 고친 뒤 다시 선택해 주세요.";

/** readWholeNumber as a form schema's field: anything else is refused with `message`. */
export function wholeNumber({ message = NUMBER_MESSAGE, ...range }: WholeNumberRange & { message?: string } = {}) {
  return z.string({ error: message }).transform((value, context) => {
    const number = readWholeNumber(value.trim(), range);
    if (number !== undefined) return number;
    context.addIssue({ code: "custom", message, input: value });
    return z.NEVER;
  });
}
