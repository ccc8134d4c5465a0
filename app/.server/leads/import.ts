import { gzipSync, gunzipSync } from "node:zlib";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { importedMessage, saysYes } from "#app/forms/lead-import.ts";
import { NameSchema, PhoneSchema } from "#app/forms/lead-schema.ts";
import { IMPORT_PROBLEMS, type ImportConsentBasis, type ImportProblem } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { recordImportedConsents } from "../consent/ledger.ts";
import { db, inSlices, type Executor } from "../db.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { customers, leads } from "../schema.ts";
import { sealText, unsealText } from "../sealed.ts";
import { sitePack } from "../site.ts";
import { assignByTurns } from "./assignment.ts";
import { customersOf } from "./create.ts";
import { recordLeadEvents, type LeadEvent } from "./events.ts";
import type { ImportFile, ImportRow } from "./import-file.ts";

/**
 * Leads brought in from another channel's list (an agency's database, a visitors' book). The file
 * is read once (import-file.ts), judged row by row and shown; the preview's rows travel to the
 * import step sealed in the form (AES-GCM under the server's secret, bound to the site, the person
 * and an hour), so no instance keeps them and any instance can finish the import. The import
 * judges the rows again under the site's import lock and stores the good ones in one transaction:
 * each gets its customer, a history entry and the site's automatic assignment, and no text to the
 * customer (a counsellor who asked for texts gets one for each lead given to them). The list goes
 * in set-wise, a statement per table and ROWS_PER_STATEMENT rows, not a dozen statements a row: on
 * PGlite the transaction holds the server's one connection, and its thread, for as long as it runs
 * (docs/decisions/047-set-based-import.md).
 */

/** How long a preview can be imported from. */
const BATCH_MINUTES = 60;
/** Stored on imported leads: the medium of the conversion report's "source / medium / campaign". */
export const IMPORT_MEDIUM = "import";
const IMPORT_PATH = "/admin/leads/import";

export interface JudgedRow {
  line: number;
  name: string;
  /** As the file wrote it. */
  phone: string;
  /** Digits of a good number (a leading 0 a spreadsheet dropped put back), or null. */
  digits: string | null;
  problems: ImportProblem[];
}

export type ProblemCounts = Record<ImportProblem, number>;

export interface ImportPreview {
  batch: string;
  fileName: string;
  columns: ImportFile["columns"];
  total: number;
  good: number;
  /** Rows with at least one problem. */
  skipped: number;
  /** Rows with each problem (a row may have two). */
  counts: ProblemCounts;
  /** Every row with a problem, in file order. */
  problemRows: JudgedRow[];
  /** The first good rows, to check the columns were read right. */
  sample: JudgedRow[];
  hasMarketingColumn: boolean;
}

interface SealedBatch {
  v: 1;
  id: string;
  site: string;
  adminId: number;
  at: number;
  file: ImportFile;
}

/** A leading 0 Excel dropped from a number stored as a number: 1012345678 → 01012345678. */
function phoneDigits(typed: string): string | null {
  const digits = typed.replace(/\D/g, "");
  const restored = /^1[016789]\d{7,8}$/.test(digits) ? `0${digits}` : typed;
  const parsed = PhoneSchema.safeParse(restored);
  return parsed.success ? parsed.data : null;
}

/** Each row's problems: its own (name, number), a repeat of an earlier row, a customer the site already has. */
export function judgeRows(rows: readonly ImportRow[], existingPhones: ReadonlySet<string>): JudgedRow[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const problems: ImportProblem[] = [];
    if (row.name === "") problems.push("missing-name");
    else if (!NameSchema.safeParse(row.name).success) problems.push("bad-name");
    const digits = phoneDigits(row.phone);
    if (digits === null) problems.push("bad-phone");
    else if (seen.has(digits)) problems.push("repeated-in-file");
    else if (existingPhones.has(digits)) problems.push("existing-customer");
    if (digits !== null) seen.add(digits);
    return { line: row.line, name: row.name, phone: row.phone, digits, problems };
  });
}

export function countProblems(judged: readonly JudgedRow[]): ProblemCounts {
  const counts = Object.fromEntries(IMPORT_PROBLEMS.map((problem) => [problem, 0])) as ProblemCounts;
  for (const row of judged) for (const problem of row.problems) counts[problem]++;
  return counts;
}

async function existingPhones(executor: Executor, site: string, rows: readonly ImportRow[]): Promise<Set<string>> {
  const phones = [...new Set(rows.map((row) => phoneDigits(row.phone)).filter((digits) => digits !== null))];
  const found = new Set<string>();
  // In slices, so a 5,000-row file stays well under any driver's parameter limit.
  for (let start = 0; start < phones.length; start += 1000) {
    const slice = phones.slice(start, start + 1000);
    const rows = await executor
      .select({ phone: customers.phone })
      .from(customers)
      .where(and(eq(customers.site, site), inArray(customers.phone, slice)));
    for (const row of rows) found.add(row.phone);
  }
  return found;
}

/** The preview of a file read for this site and person: every row's problems, and the sealed batch the import step posts back. */
export async function previewImport(site: string, adminId: number, file: ImportFile, now = new Date()): Promise<ImportPreview> {
  const judged = judgeRows(file.rows, await existingPhones(db(), site, file.rows));
  const batch: SealedBatch = { v: 1, id: crypto.randomUUID(), site, adminId, at: now.getTime(), file };
  const problemRows = judged.filter((row) => row.problems.length > 0);
  return {
    batch: sealText(gzipSync(JSON.stringify(batch)).toString("base64")),
    fileName: file.fileName,
    columns: file.columns,
    total: judged.length,
    good: judged.length - problemRows.length,
    skipped: problemRows.length,
    counts: countProblems(judged),
    problemRows,
    sample: judged.filter((row) => row.problems.length === 0).slice(0, 5),
    hasMarketingColumn: file.columns.some((column) => column.column === "marketing"),
  };
}

/** The batch a preview sealed, if it is this site's and this person's and not older than an hour. */
export function openBatch(sealed: string, site: string, adminId: number, now = new Date()): SealedBatch | null {
  const opened = unsealText(sealed);
  if (opened === null) return null;
  let batch: SealedBatch;
  try {
    batch = JSON.parse(gunzipSync(Buffer.from(opened, "base64")).toString("utf8")) as SealedBatch;
  } catch {
    return null;
  }
  const fresh = now.getTime() - batch.at <= BATCH_MINUTES * 60_000 && batch.at <= now.getTime() + 60_000;
  return batch.v === 1 && batch.site === site && batch.adminId === adminId && fresh ? batch : null;
}

/** The preview of a sealed batch again (a refused import step shows it once more), or null when it cannot be opened. */
export async function previewOfBatch(sealed: string, site: string, adminId: number, now = new Date()) {
  const batch = openBatch(sealed, site, adminId, now);
  if (!batch) return null;
  const preview = await previewImport(site, adminId, batch.file, new Date(batch.at));
  // The same batch (its id is what makes a second import of it a no-op), not a new seal.
  return { ...preview, batch: sealed };
}

export interface ImportChoices {
  /** The office's name for where the list came from: the leads' utm_source. */
  source: string;
  basis: ImportConsentBasis;
  /** The office declares that the file's consent column proves consent to advertising texts. */
  marketingFromFile: boolean;
}

export type ImportOutcome =
  | { outcome: "imported"; imported: number; assigned: number; skipped: number; counts: ProblemCounts; marketing: number }
  | { outcome: "expired" | "already-imported" | "nothing" | "forbidden" };

/**
 * Stores the good rows of a previewed batch as leads, in one transaction: all of them or none. The
 * rows are judged again inside it, under a lock every import of the site takes, so a customer
 * added since the preview (or by an import running at once) is skipped, not doubled.
 */
export async function importLeads(change: ChangeContext, sealed: string, choices: ImportChoices, now = new Date()): Promise<ImportOutcome> {
  if (!can(change.actor.role, "leads.import")) return { outcome: "forbidden" };
  const batch = openBatch(sealed, change.site, change.actor.id, now);
  if (!batch) return { outcome: "expired" };
  const marketingColumn = batch.file.columns.some((column) => column.column === "marketing");
  const budget = sitePack(change.site).leads.textBudget;
  const result = await db().transaction(async (tx): Promise<ImportOutcome & { texted?: boolean }> => {
    await tx.execute(sql`select pg_advisory_xact_lock(727004, hashtext(${change.site}))`);
    const [done] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(like(leads.submissionId, `import:${batch.id}:%`))
      .limit(1);
    if (done) return { outcome: "already-imported" };
    const judged = judgeRows(batch.file.rows, await existingPhones(tx, change.site, batch.file.rows));
    const good = batch.file.rows.flatMap((row, index) => {
      const digits = judged[index]!.digits;
      return judged[index]!.problems.length === 0 && digits !== null ? [{ row, digits }] : [];
    });
    if (good.length === 0) return { outcome: "nothing" };
    const customerIds = await customersOf(
      tx,
      change.site,
      good.map(({ digits }) => digits),
      now,
    );
    const rows = good.map(({ row, digits }) => ({
      row,
      submissionId: `import:${batch.id}:${row.line}`,
      digits,
      withMarketing: choices.marketingFromFile && marketingColumn && saysYes(row.marketing),
    }));
    // Each lead's id by its submission: the order of `returning` is not promised.
    const idOf = new Map<string, number>();
    for (const slice of inSlices(rows)) {
      const inserted = await tx
        .insert(leads)
        .values(
          slice.map(({ row, submissionId, digits, withMarketing }) => ({
            submissionId,
            kind: "interest" as const,
            site: change.site,
            name: NameSchema.parse(row.name),
            phone: digits,
            message: importedMessage(row.unitType, row.message),
            consentVersion: `import:${choices.basis}`,
            consentedAt: now,
            marketingConsentAt: withMarketing ? now : null,
            sourcePath: IMPORT_PATH,
            utmSource: choices.source,
            utmMedium: IMPORT_MEDIUM,
            utmCampaign: row.source ? row.source.slice(0, 100) : null,
            customerId: customerIds.get(digits)!,
            createdAt: now,
          })),
        )
        .returning({ id: leads.id, submissionId: leads.submissionId });
      for (const lead of inserted) idOf.set(lead.submissionId, lead.id);
    }
    const stored = rows.map((row) => ({ ...row, id: idOf.get(row.submissionId)! }));
    const leadIds = stored.map((lead) => lead.id);
    const consents = stored.filter((lead) => lead.withMarketing);
    await recordImportedConsents(
      tx,
      change.site,
      consents.map((lead) => ({ phone: lead.digits, customerId: customerIds.get(lead.digits)!, leadId: lead.id })),
      change.actor.id,
      now,
    );
    const marketing = consents.length;
    await recordLeadEvents(
      tx,
      stored.map((lead): LeadEvent => ({
        leadId: lead.id,
        kind: "imported",
        actor: change.actor,
        detail: { source: choices.source, basis: choices.basis, marketingFromFile: lead.withMarketing },
      })),
      now,
    );
    // By turns in the file's order, as if each row had come alone.
    const { assigned, texted } = await assignByTurns(
      tx,
      change.site,
      stored.map((lead) => ({ id: lead.id, name: lead.row.name, kind: "interest" })),
      { budget, now },
    );
    const counts = countProblems(judged);
    const skipped = judged.length - good.length;
    await recordAccess(
      {
        ...change,
        action: "leads.import",
        leadIds,
        detail: {
          source: choices.source,
          basis: choices.basis,
          marketingFromFile: choices.marketingFromFile,
          rows: judged.length,
          imported: good.length,
          skipped,
          assigned,
          marketing,
          problems: counts,
          columns: batch.file.columns.map((column) => column.column),
        },
      },
      { executor: tx, now },
    );
    return { outcome: "imported", imported: good.length, assigned, skipped, counts, marketing, texted };
  });
  if ("texted" in result && result.texted) wakeOutboxWorker();
  if (result.outcome !== "imported") return result;
  const { texted: _texted, ...outcome } = result;
  return outcome;
}
