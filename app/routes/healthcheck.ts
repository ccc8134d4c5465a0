import { data } from "react-router";
import { databaseKind, pingDatabase } from "#app/.server/db.ts";

export async function loader() {
  const ok = await pingDatabase();
  return data({ ok, db: databaseKind() ?? null }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
