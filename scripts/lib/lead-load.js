// Shared by bench-leads.js and crash-leads.js: posting visit reservations the way the page's
// script does, and counting what a stopped server's PGlite folder holds.
import crypto from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** A distinct mobile number per lead of one run, so duplicate folding never merges two. */
export function phoneFor(runOffset, index) {
  return `010${String((runOffset + index) % 100_000_000).padStart(8, "0")}`;
}

export function randomRunOffset() {
  return crypto.randomInt(0, 90_000_000);
}

/** Posts one visit reservation; resolves with whether the server acknowledged it and how long it took. */
export async function postLead(baseUrl, phone) {
  const body = new URLSearchParams({
    name: "부하테스트",
    phone,
    message: "",
    consent: "yes",
    _gotcha: "",
    _submission: crypto.randomUUID(),
  });
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/actions/visit`, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(30_000),
    });
    const answer = await response.json().catch(() => null);
    return { acknowledged: response.ok && answer?.ok === true, status: response.status, ms: performance.now() - started };
  } catch (error) {
    return { acknowledged: false, status: 0, ms: performance.now() - started, error: error.cause?.code ?? error.name };
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Opens a stopped server's PGlite folder (never while the server runs) and reads the lead phones and outbox states. */
export async function readStoredLeads(dataDir) {
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    const leads = await db.query("select phone from leads where spam = false");
    const orphans = await db.query(
      "select count(*)::int as n from leads l where l.spam = false and not exists (select 1 from sms_outbox o where o.lead_id = l.id)",
    );
    const outbox = await db.query("select status, count(*)::int as n from sms_outbox group by status order by status");
    return {
      phones: new Set(leads.rows.map((row) => row.phone)),
      leadsWithoutSms: orphans.rows[0].n,
      outbox: Object.fromEntries(outbox.rows.map((row) => [row.status, row.n])),
    };
  } finally {
    await db.close();
  }
}
