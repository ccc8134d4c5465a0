import { gunzipSync, gzipSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { headerKey } from "#app/forms/text.ts";
import { withoutControlCharacters } from "#app/forms/text.ts";
import {
  readPrice,
  readUnitStatus,
  UNIT_IMPORT_COLUMNS,
  UNIT_IMPORT_HEADERS,
  UNIT_MESSAGES,
  type UnitImportColumn,
} from "#app/forms/units.ts";
import { UNIT_IMPORT_PROBLEMS, type UnitImportProblem, type UnitStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { db } from "../db.ts";
import { ImportFileRefused, readSpreadsheetTable } from "../leads/import-file.ts";
import { units } from "../schema.ts";
import { sealText, unsealText } from "../sealed.ts";
import { recordUnitChange } from "./changes.ts";
import { siteTypeKeys } from "./inventory.ts";

/**
 * The office's 배치표 (.xlsx or CSV): one row per unit, 동 · 층 · 호 · 타입, optionally 분양가 and
 * 상태. Read once, every row judged and shown; the rows travel to the import step sealed (as the
 * lead import's do, leads/import.ts), and the import upserts the good ones by 동 · 층 · 호 in one
 * transaction. A unit the console holds or sold keeps that status (and its type): the file sets
 * the status of units for sale or 비공개 only.
 */

export const UNIT_IMPORT_MAX_ROWS = 5_000;
const BATCH_MINUTES = 60;

export interface UnitRow {
  line: number;
  building: string;
  floor: string;
  unit: string;
  typeKey: string;
  price: string;
  status: string;
}

export interface JudgedUnitRow {
  line: number;
  building: string;
  floor: number | null;
  unitLine: number | null;
  typeKey: string;
  price: number | null;
  status: Exclude<UnitStatus, "held">;
  /** As the file wrote them, for the preview. */
  typed: UnitRow;
  problems: UnitImportProblem[];
}

export type UnitProblemCounts = Record<UnitImportProblem, number>;

export interface UnitImportPreview {
  batch: string;
  fileName: string;
  headers: string[];
  total: number;
  good: number;
  skipped: number;
  counts: UnitProblemCounts;
  problemRows: JudgedUnitRow[];
  /** Per 동, the good rows' count. */
  buildings: { building: string; units: number }[];
}

interface SealedBatch {
  v: 1;
  id: string;
  site: string;
  adminId: number;
  at: number;
  fileName: string;
  headers?: string[];
  rows: UnitRow[];
}

function columnOf(header: string): UnitImportColumn | undefined {
  const key = headerKey(header);
  return UNIT_IMPORT_COLUMNS.find((column) => UNIT_IMPORT_HEADERS[column].includes(key));
}

/** Reads a 배치표 into rows by its headers (the first non-empty row); refuses a file without 동, 층, 호 and 타입. */
export async function readUnitFile(fileName: string, bytes: Buffer): Promise<{ fileName: string; headers: string[]; rows: UnitRow[] }> {
  const table = await readSpreadsheetTable(bytes);
  const headerIndex = table.findIndex((cells) => cells.some((cell) => cell.trim() !== ""));
  if (headerIndex < 0) throw new ImportFileRefused(UNIT_MESSAGES.importNoRows);
  const columns: { column: UnitImportColumn; header: string; index: number }[] = [];
  table[headerIndex]!.forEach((header, index) => {
    const column = columnOf(header);
    if (column && !columns.some((known) => known.column === column)) columns.push({ column, header: header.trim(), index });
  });
  for (const needed of ["building", "floor", "line", "typeKey"] as const)
    if (!columns.some((known) => known.column === needed)) throw new ImportFileRefused(UNIT_MESSAGES.importNoHeader);
  const rows: UnitRow[] = [];
  table.slice(headerIndex + 1).forEach((cells, offset) => {
    if (cells.every((cell) => cell.trim() === "")) return;
    const row: UnitRow = { line: headerIndex + offset + 2, building: "", floor: "", unit: "", typeKey: "", price: "", status: "" };
    for (const { column, index } of columns) {
      const cell = withoutControlCharacters(cells[index] ?? "")
        .trim()
        .slice(0, 40);
      row[column === "line" ? "unit" : column] = cell;
    }
    rows.push(row);
  });
  if (rows.length === 0) throw new ImportFileRefused(UNIT_MESSAGES.importNoRows);
  if (rows.length > UNIT_IMPORT_MAX_ROWS) throw new ImportFileRefused(UNIT_MESSAGES.importTooManyRows);
  return { fileName: fileName.slice(0, 200), headers: columns.map((column) => column.header), rows };
}

/** "101동" → "101"; "84A㎡", "84a", "84A 타입" → the pack's key "84A". */
function typeKeyOf(typed: string, keys: readonly string[]) {
  const key = typed
    .normalize("NFKC")
    .replace(/(㎡|m2|타입|형|type)/gi, "")
    .replace(/\s/g, "")
    .toUpperCase();
  return keys.find((known) => known.toUpperCase() === key);
}

function wholeNumberOf(typed: string) {
  const text = typed
    .normalize("NFKC")
    .replace(/(층|호|F)$/i, "")
    .trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

export function judgeUnitRows(rows: readonly UnitRow[], typeKeys: readonly string[]): JudgedUnitRow[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const problems: UnitImportProblem[] = [];
    const building = row.building.normalize("NFKC").replace(/동$/, "").trim();
    if (building === "" || building.length > 16) problems.push("missing-building");
    const floor = wholeNumberOf(row.floor);
    if (floor === null || floor < 1 || floor > 99) problems.push("bad-floor");
    // A 호 cell is the line (3) or the whole number (1203), whose floor must agree.
    const typedUnit = wholeNumberOf(row.unit);
    let unitLine: number | null = null;
    if (typedUnit !== null && typedUnit >= 1 && typedUnit <= 99) unitLine = typedUnit;
    else if (typedUnit !== null && floor !== null && Math.floor(typedUnit / 100) === floor && typedUnit % 100 >= 1)
      unitLine = typedUnit % 100;
    if (unitLine === null) problems.push("bad-line");
    const typeKey = typeKeyOf(row.typeKey, typeKeys);
    if (!typeKey) problems.push("unknown-type");
    const price = readPrice(row.price);
    if (price === undefined) problems.push("bad-price");
    const status = readUnitStatus(row.status);
    if (!status) problems.push("bad-status");
    const place = `${building}/${floor}/${unitLine}`;
    if (floor !== null && unitLine !== null && building !== "") {
      if (seen.has(place)) problems.push("repeated-in-file");
      seen.add(place);
    }
    return {
      line: row.line,
      building,
      floor: problems.includes("bad-floor") ? null : floor,
      unitLine,
      typeKey: typeKey ?? row.typeKey,
      price: price ?? null,
      status: status ?? "available",
      typed: row,
      problems,
    };
  });
}

function countProblems(judged: readonly JudgedUnitRow[]): UnitProblemCounts {
  const counts = Object.fromEntries(UNIT_IMPORT_PROBLEMS.map((problem) => [problem, 0])) as UnitProblemCounts;
  for (const row of judged) for (const problem of row.problems) counts[problem]++;
  return counts;
}

export function previewUnitImport(
  site: string,
  adminId: number,
  file: { fileName: string; headers: string[]; rows: UnitRow[] },
  now = new Date(),
): UnitImportPreview {
  const judged = judgeUnitRows(file.rows, siteTypeKeys(site));
  const batch: SealedBatch = {
    v: 1,
    id: crypto.randomUUID(),
    site,
    adminId,
    at: now.getTime(),
    fileName: file.fileName,
    headers: file.headers,
    rows: file.rows,
  };
  const problemRows = judged.filter((row) => row.problems.length > 0);
  const buildings = new Map<string, number>();
  for (const row of judged) if (row.problems.length === 0) buildings.set(row.building, (buildings.get(row.building) ?? 0) + 1);
  return {
    batch: sealText(gzipSync(JSON.stringify(batch)).toString("base64")),
    fileName: file.fileName,
    headers: file.headers,
    total: judged.length,
    good: judged.length - problemRows.length,
    skipped: problemRows.length,
    counts: countProblems(judged),
    problemRows,
    buildings: [...buildings]
      .map(([building, count]) => ({ building, units: count }))
      .sort((a, b) => a.building.localeCompare(b.building, "ko", { numeric: true })),
  };
}

function openBatch(sealed: string, site: string, adminId: number, now: Date): SealedBatch | null {
  const opened = unsealText(sealed);
  if (opened === null) return null;
  try {
    const batch = JSON.parse(gunzipSync(Buffer.from(opened, "base64")).toString("utf8")) as SealedBatch;
    const fresh = now.getTime() - batch.at <= BATCH_MINUTES * 60_000 && batch.at <= now.getTime() + 60_000;
    return batch.v === 1 && batch.site === site && batch.adminId === adminId && fresh ? batch : null;
  } catch {
    return null;
  }
}

/** The preview of a sealed batch again (a refused import step shows it once more). */
export function previewOfUnitBatch(sealed: string, site: string, adminId: number, now = new Date()) {
  const batch = openBatch(sealed, site, adminId, now);
  if (!batch) return null;
  return { ...previewUnitImport(site, adminId, { ...batch, headers: batch.headers ?? [] }, new Date(batch.at)), batch: sealed };
}

export type UnitImportOutcome =
  { outcome: "imported"; added: number; updated: number; kept: number; skipped: number } | { outcome: "expired" | "nothing" | "forbidden" };

/** Stores the good rows of a previewed 배치표, all or none, each unit's change in its history, one access record. */
export async function importUnits(change: ChangeContext, sealed: string, now = new Date()): Promise<UnitImportOutcome> {
  if (!can(change.actor.role, "units.manage")) return { outcome: "forbidden" };
  const batch = openBatch(sealed, change.site, change.actor.id, now);
  if (!batch) return { outcome: "expired" };
  const judged = judgeUnitRows(batch.rows, siteTypeKeys(change.site));
  const good = judged.filter((row) => row.problems.length === 0);
  if (good.length === 0) return { outcome: "nothing" };
  return db().transaction(async (tx) => {
    // One import of a site at a time: two at once would each see the other's units as new.
    await tx.execute(sql`select pg_advisory_xact_lock(727030, hashtext(${change.site}))`);
    let added = 0;
    let updated = 0;
    let kept = 0;
    for (const row of good) {
      const place = and(
        eq(units.site, change.site),
        eq(units.building, row.building),
        eq(units.floor, row.floor!),
        eq(units.line, row.unitLine!),
      );
      const [existing] = await tx.select().from(units).where(place).for("update");
      if (!existing) {
        const [inserted] = await tx
          .insert(units)
          .values({
            site: change.site,
            building: row.building,
            floor: row.floor!,
            line: row.unitLine!,
            typeKey: row.typeKey,
            price: row.price,
            status: row.status,
            updatedAt: now,
          })
          .returning({ id: units.id });
        await recordUnitChange(
          tx,
          change,
          { unitId: inserted!.id, kind: "imported", from: null, to: row.status, detail: { batch: batch.id } },
          now,
        );
        added++;
        continue;
      }
      const busy =
        (existing.status === "held" && existing.heldUntil !== null && existing.heldUntil > now) || existing.status === "contracted";
      if (busy) {
        kept++;
        continue;
      }
      const fromStatus = existing.status === "held" ? "available" : existing.status;
      if (existing.typeKey === row.typeKey && existing.price === row.price && fromStatus === row.status) continue;
      await tx
        .update(units)
        .set({ typeKey: row.typeKey, price: row.price, status: row.status, leadId: null, heldBy: null, heldUntil: null, updatedAt: now })
        .where(eq(units.id, existing.id));
      await recordUnitChange(
        tx,
        change,
        {
          unitId: existing.id,
          kind: "imported",
          from: fromStatus,
          to: row.status,
          detail: {
            batch: batch.id,
            before: { typeKey: existing.typeKey, price: existing.price },
            after: { typeKey: row.typeKey, price: row.price },
          },
        },
        now,
      );
      updated++;
    }
    await bumpContentVersion(tx, change.site, change.actor.id);
    const skipped = judged.length - good.length;
    await recordAccess(
      {
        ...change,
        action: "units.import",
        detail: { fileName: batch.fileName, rows: judged.length, added, updated, kept, skipped, problems: countProblems(judged) },
      },
      { executor: tx, now },
    );
    return { outcome: "imported" as const, added, updated, kept, skipped };
  });
}
