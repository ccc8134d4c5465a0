import { data } from "react-router";
import { readWholeNumber } from "#app/forms/numbers.ts";

/** A lead's id from the URL; anything else is a 404 (never a database error). */
export function requireLeadId(value: string | undefined): number {
  const id = readWholeNumber(value);
  if (id === undefined) throw notFound();
  return id;
}

export function notFound() {
  return data("없는 고객 정보입니다.", { status: 404 });
}
