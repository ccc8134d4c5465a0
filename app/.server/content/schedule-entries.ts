import { and, asc, eq } from "drizzle-orm";
import type { ScheduleEntryInput } from "#app/forms/schedule-entry.ts";
import { bumpContentVersion } from "./content-version.ts";
import { recordAdCopyConfirmation, type AdCopyConfirmation } from "./ad-copy.ts";
import { db } from "../db.ts";
import { scheduleEntries } from "../schema.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";

/**
 * The subscription schedule (분양 일정) the office keeps in the console: 특별공급, 1순위 청약, …
 * 계약, each on a Korean calendar day or span. Not the model house's visit times (visits/schedule.ts).
 * Public pages read it on every request, so a change shows at once on every instance; each change
 * bumps the site's content version in the same transaction.
 */

export type ScheduleEntry = typeof scheduleEntries.$inferSelect;

/** Who changes the schedule, and on which site's console. */
export interface ScheduleEditor {
  site: string;
  adminId: number;
}

export type ScheduleChange = "done" | "not-found";

/** A site's entries, earliest first (ties in the order they were added). */
export async function listScheduleEntries(site: string): Promise<ScheduleEntry[]> {
  return db()
    .select()
    .from(scheduleEntries)
    .where(eq(scheduleEntries.site, site))
    .orderBy(asc(scheduleEntries.startsOn), asc(scheduleEntries.id));
}

export async function getScheduleEntry(site: string, id: number): Promise<ScheduleEntry | undefined> {
  const [row] = await db()
    .select()
    .from(scheduleEntries)
    .where(and(eq(scheduleEntries.id, id), eq(scheduleEntries.site, site)));
  return row;
}

/** Ids in URLs and forms are untrusted text; only a positive 32-bit integer can name an entry. */
export function parseScheduleEntryId(value: unknown): number | undefined {
  return readWholeNumber(value);
}

export async function addScheduleEntry(
  editor: ScheduleEditor,
  input: ScheduleEntryInput,
  { adCopy }: { adCopy?: AdCopyConfirmation | null } = {},
): Promise<number> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(scheduleEntries)
      .values({ site: editor.site, ...input })
      .returning({ id: scheduleEntries.id });
    await bumpContentVersion(tx, editor.site, editor.adminId);
    await recordAdCopyConfirmation(tx, adCopy, row!.id);
    return row!.id;
  });
}

export async function updateScheduleEntry(
  editor: ScheduleEditor,
  id: number,
  input: ScheduleEntryInput,
  { adCopy }: { adCopy?: AdCopyConfirmation | null } = {},
): Promise<ScheduleChange> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(scheduleEntries)
      .set(input)
      .where(and(eq(scheduleEntries.id, id), eq(scheduleEntries.site, editor.site)))
      .returning({ id: scheduleEntries.id });
    if (rows.length === 0) return "not-found";
    await bumpContentVersion(tx, editor.site, editor.adminId);
    await recordAdCopyConfirmation(tx, adCopy, id);
    return "done";
  });
}

export async function deleteScheduleEntry(editor: ScheduleEditor, id: number): Promise<ScheduleChange> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .delete(scheduleEntries)
      .where(and(eq(scheduleEntries.id, id), eq(scheduleEntries.site, editor.site)))
      .returning({ id: scheduleEntries.id });
    if (rows.length === 0) return "not-found";
    await bumpContentVersion(tx, editor.site, editor.adminId);
    return "done";
  });
}
