import { data } from "react-router";

/** A lead's id from the URL; anything else is a 404 (never a database error). */
export function requireLeadId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export function notFound() {
  return data("없는 고객 정보입니다.", { status: 404 });
}
