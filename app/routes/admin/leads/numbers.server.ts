import { data } from "react-router";
import { readWholeNumber, type WholeNumberRange } from "#app/forms/numbers.ts";

/**
 * Numbers in a console URL (?person=, ?before=) that filter or page a list: absent is no filter,
 * but one that is not a whole number an integer column can hold is a 400 with a message, never
 * handed to the database (which answered 2147483648 with a 500) nor silently dropped.
 */
export function requireWholeNumbers<Name extends string>(
  url: URL,
  names: readonly Name[],
  range?: WholeNumberRange,
): Partial<Record<Name, number>> {
  const numbers: Partial<Record<Name, number>> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value === null || value === "") continue;
    const number = readWholeNumber(value, range);
    if (number === undefined) throw data("주소에 있는 번호가 올바르지 않습니다. 목록에서 다시 찾아 들어와 주세요.", { status: 400 });
    numbers[name] = number;
  }
  return numbers;
}
