import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import type { PressEditorInput } from "#app/forms/press.ts";
import type { PressSaveResult, PressStatus } from "#app/forms/press-messages.ts";
import { databaseKind, db } from "../db.ts";
import { pressArticles } from "../schema.ts";
import { bumpContentVersion } from "./content-version.ts";
import { recordAdCopyConfirmation, type AdCopyConfirmation } from "./ad-copy.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";

export const PRESS_PAGE_SIZE = 10;

/**
 * What visitors may see at `now`: not a draft, and dated no later than now. Spelled as the
 * published index's predicate (a literal, not a bound parameter) so that the planner can use
 * that index; the date bound keeps it a range scan.
 */
function published(now: Date) {
  return and(sql`${pressArticles.draft} = false`, lte(pressArticles.date, now));
}

export function pressStatus(article: { draft: boolean; date: Date }, now = new Date()): PressStatus {
  if (article.draft) return "draft";
  return article.date.getTime() > now.getTime() ? "scheduled" : "published";
}

/** Position in the newest-first list: the last row a page showed. */
export interface PressCursor {
  /** The row's date exactly as PostgreSQL keeps it (microseconds), ISO 8601 in UTC. */
  date: string;
  id: number;
}

export interface PressListItem {
  id: number;
  title: string;
  date: Date;
  views: number;
  draft: boolean;
  updatedAt: Date | null;
}

export interface PressPage {
  articles: PressListItem[];
  /**
   * Rows before this page (newer than its first row), so the list can number rows 1, 2, 3… from
   * the newest. Counting them costs as much as paging that deep; counting the whole table would
   * cost a full scan on every page view.
   */
  newer: number;
  /** Where the next page starts, or null when this page is the last. */
  next: PressCursor | null;
}

// JavaScript dates stop at milliseconds; the cursor keeps PostgreSQL's microseconds so that rows
// published in the same millisecond are neither skipped nor repeated.
const exactDate = sql<string>`to_char(${pressArticles.date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z_(\d{1,10})$/;

export function formatCursor(cursor: PressCursor): string {
  return `${cursor.date}_${cursor.id}`;
}

/** Reads `?after=`; anything that is not a cursor this module wrote answers undefined. */
export function parseCursor(value: string | null): PressCursor | undefined {
  const match = value ? CURSOR_PATTERN.exec(value) : null;
  if (!match) return undefined;
  const [, seconds, micros, id] = match;
  // Date would roll 2025-02-30 over to March; PostgreSQL would refuse it. Only real instants pass.
  const parsed = new Date(`${seconds}Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== seconds) return undefined;
  const number = readWholeNumber(id);
  return number === undefined ? undefined : { date: `${seconds}.${micros}Z`, id: number };
}

/**
 * Ten articles of a site, newest first, after `after`: those visitors may see, or with
 * `unpublished` (the console) drafts and scheduled ones too. The row-value comparison walks the
 * (site, date, id) index backwards; the equivalent `date < x or (date = x and id < y)` does not.
 */
export async function listPressPage(
  site: string,
  after?: PressCursor,
  { limit = PRESS_PAGE_SIZE, unpublished = false, now = new Date() }: { limit?: number; unpublished?: boolean; now?: Date } = {},
): Promise<PressPage> {
  const bySite = and(eq(pressArticles.site, site), unpublished ? undefined : published(now));
  const before = after ? sql`(${pressArticles.date}, ${pressArticles.id}) < (${after.date}::timestamptz, ${after.id})` : undefined;
  const [rows, [newer]] = await Promise.all([
    db()
      .select({
        id: pressArticles.id,
        title: pressArticles.title,
        date: pressArticles.date,
        views: pressArticles.views,
        draft: pressArticles.draft,
        updatedAt: pressArticles.updatedAt,
        exactDate,
      })
      .from(pressArticles)
      .where(and(bySite, before))
      .orderBy(desc(pressArticles.date), desc(pressArticles.id))
      .limit(limit + 1),
    after
      ? db()
          .select({ value: count() })
          .from(pressArticles)
          .where(and(bySite, sql`(${pressArticles.date}, ${pressArticles.id}) >= (${after.date}::timestamptz, ${after.id})`))
      : [{ value: 0 }],
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    articles: page.map(({ exactDate: _, ...article }) => article),
    newer: newer?.value ?? 0,
    next: rows.length > limit && last ? { date: last.exactDate, id: last.id } : null,
  };
}

export type PressArticle = typeof pressArticles.$inferSelect;

/** Ids in URLs are untrusted text; only a positive 32-bit integer can name an article. */
export function parseArticleId(value: string | undefined): number | undefined {
  // Written plainly (no leading zero): each article has one URL.
  return value && /^[1-9]/.test(value) ? readWholeNumber(value) : undefined;
}

/** One article of a site, whatever its state (the console's), without counting a view. */
export async function getPress(site: string, id: number): Promise<PressArticle | undefined> {
  const [row] = await db()
    .select()
    .from(pressArticles)
    .where(and(eq(pressArticles.id, id), eq(pressArticles.site, site)));
  return row;
}

/** One article visitors may see, without counting a view. */
export async function getPublishedPress(site: string, id: number, now = new Date()): Promise<PressArticle | undefined> {
  const [row] = await db()
    .select()
    .from(pressArticles)
    .where(and(eq(pressArticles.id, id), eq(pressArticles.site, site), published(now)));
  return row;
}

/**
 * One article visitors may see, counting one view in the same statement (concurrent views all
 * count). A draft or a scheduled article answers undefined and counts nothing.
 */
export async function viewPress(site: string, id: number, now = new Date()): Promise<PressArticle | undefined> {
  const [row] = await db()
    .update(pressArticles)
    .set({ views: sql`${pressArticles.views} + 1` })
    .where(and(eq(pressArticles.id, id), eq(pressArticles.site, site), published(now)))
    .returning();
  return row;
}

export interface PressSaved {
  id: number;
  result: PressSaveResult;
}

/** Where saving puts an article: a draft, public from now (or from its own date), or scheduled. */
function placement(input: PressEditorInput, now: Date, current?: { draft: boolean; date: Date }) {
  switch (input.publication) {
    case "draft":
      return { draft: true, date: current?.date ?? now, result: "saved" as const };
    case "scheduled":
      return { draft: false, date: input.publishAt ?? now, result: "scheduled" as const };
    case "now":
      // Editing an article that is out already changes its words, not its date.
      if (current && pressStatus(current, now) === "published") return { draft: false, date: current.date, result: "saved" as const };
      return { draft: false, date: now, result: "published" as const };
  }
}

/** How a save was made: its clock, and the ad-copy confirmation it carries (recorded with it). */
export interface PressSaveOptions {
  now?: Date;
  adCopy?: AdCopyConfirmation | null;
}

/** A new article, as a draft, published now or scheduled; no views yet. */
export async function createPress(
  site: string,
  input: PressEditorInput,
  { now = new Date(), adCopy }: PressSaveOptions = {},
): Promise<PressSaved> {
  const { result, ...where } = placement(input, now);
  const saved = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(pressArticles)
      .values({ site, title: input.title, summary: input.summary, content: input.content, ...where, views: 0 })
      .returning({ id: pressArticles.id });
    if (!row) throw new Error("The article was not stored.");
    await bumpContentVersion(tx, site);
    await recordAdCopyConfirmation(tx, adCopy, row.id);
    return { id: row.id, result };
  });
  await refreshPressStatistics();
  return saved;
}

/**
 * PGlite has no autovacuum, so nothing else gathers the statistics the planner needs: without
 * them it expects a handful of articles and sorts all of them for every list page (40–90 ms at
 * 100,000 instead of 1–2). PostgreSQL's autovacuum does this by itself.
 */
async function refreshPressStatistics() {
  if (databaseKind() === "pglite") await db().execute(sql`analyze press_articles`);
}

/** Changes an article's words and publication; its views stay. Undefined when there is no such article. */
export async function updatePress(
  site: string,
  id: number,
  input: PressEditorInput,
  { now = new Date(), adCopy }: PressSaveOptions = {},
): Promise<PressSaved | undefined> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ draft: pressArticles.draft, date: pressArticles.date })
      .from(pressArticles)
      .where(and(eq(pressArticles.id, id), eq(pressArticles.site, site)))
      .for("update");
    if (!current) return undefined;
    const { result, ...where } = placement(input, now, current);
    await tx
      .update(pressArticles)
      .set({ title: input.title, summary: input.summary, content: input.content, ...where, updatedAt: now })
      .where(and(eq(pressArticles.id, id), eq(pressArticles.site, site)));
    await bumpContentVersion(tx, site);
    await recordAdCopyConfirmation(tx, adCopy, id);
    return { id, result };
  });
}

export async function deletePress(site: string, id: number): Promise<boolean> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .delete(pressArticles)
      .where(and(eq(pressArticles.id, id), eq(pressArticles.site, site)))
      .returning({ id: pressArticles.id });
    if (rows.length > 0) await bumpContentVersion(tx, site);
    return rows.length > 0;
  });
}

/** The newest articles visitors may see, with their summaries, for the RSS feed. */
export async function latestPress(site: string, limit: number, now = new Date()) {
  return db()
    .select({
      id: pressArticles.id,
      title: pressArticles.title,
      summary: pressArticles.summary,
      date: pressArticles.date,
    })
    .from(pressArticles)
    .where(and(eq(pressArticles.site, site), published(now)))
    .orderBy(desc(pressArticles.date), desc(pressArticles.id))
    .limit(limit);
}

/** The ids of every article visitors may see, for sitemap.xml. */
export async function listPressForSitemap(site: string, now = new Date()) {
  return db()
    .select({ id: pressArticles.id })
    .from(pressArticles)
    .where(and(eq(pressArticles.site, site), published(now)))
    .orderBy(desc(pressArticles.date), desc(pressArticles.id));
}
