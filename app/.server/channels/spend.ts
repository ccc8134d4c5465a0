import { CsvError, parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import { readWon, type SpendRowProblem } from "#app/forms/channels.ts";
import { headerKey } from "#app/forms/text.ts";
import { can } from "#app/permissions.ts";
import { isCalendarDay } from "#app/utils/kst.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { csvDelimiter } from "../csv-text.ts";
import { db, type Transaction } from "../db.ts";
import { channelSpend, channels } from "../schema.ts";
import { listChannels } from "./channels.ts";

/**
 * What the office spends per channel and month: typed on the channels page, or imported from an ad
 * platform's export (a CSV with a channel, a period and a cost column). An import sets each
 * (channel, month) it names to the sum of its rows, so importing a month's export again does not
 * count it twice.
 */

const CHANNEL_HEADERS = [
  "채널",
  "매체",
  "채널명",
  "캠페인",
  "캠페인이름",
  "캠페인명",
  "광고매체",
  "utmsource",
  "source",
  "channel",
  "campaign",
  "campaignname",
];
const PERIOD_HEADERS = ["월", "기간", "날짜", "일자", "일", "보고기간", "month", "date", "day", "reportingstarts"];
const COST_HEADERS = ["비용", "광고비", "지출", "지출금액", "총비용", "금액", "소진액", "cost", "spend", "amountspent", "amount"];

export interface SpendRow {
  line: number;
  channelCell: string;
  periodCell: string;
  amountCell: string;
  channelId: number | null;
  channelName: string | null;
  month: string | null;
  amount: number | null;
  problem: SpendRowProblem | null;
}

export type SpendPreview =
  | { ok: true; rows: SpendRow[]; totals: { channelId: number; channelName: string; month: string; amount: number }[] }
  | { ok: false; problem: "unreadable" | "empty" };

/** "2026-11", "2026.11", "2026-11-25", "2026/11/25", "20261125", "2026년 11월": the KST month; null when unreadable. */
function monthOf(cell: string): string | null {
  const text = cell.trim();
  const match =
    /^(\d{4})\s*[-./년]\s*(\d{1,2})\s*월?(?:\s*[-./]\s*(\d{1,2})\s*일?\.?)?(?:[ T].*)?$/.exec(text) ??
    /^(\d{4})(\d{2})(\d{2})?$/.exec(text);
  if (!match) return null;
  const [, year, month, day] = match;
  const monthText = `${year}-${month!.padStart(2, "0")}`;
  if (!isCalendarDay(`${monthText}-${day ? day.padStart(2, "0") : "01"}`)) return null;
  return monthText;
}

/** Reads an export against the site's channels: every row with its problem, and what would be set. */
export async function previewSpendCsv(site: string, text: string): Promise<SpendPreview> {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, problem: "unreadable" };
    throw error;
  }
  // Some exports put a title or a date range above the table: the header is the first line naming all three columns.
  const headerAt = records.findIndex((cells) => {
    const header = cells.map(headerKey);
    return [CHANNEL_HEADERS, PERIOD_HEADERS, COST_HEADERS].every((names) => header.some((cell) => names.includes(cell)));
  });
  if (headerAt < 0) return { ok: false, problem: "empty" };
  const header = records[headerAt]!.map(headerKey);
  const column = (names: string[]) => header.findIndex((cell) => names.includes(cell));
  const [channelColumn, periodColumn, costColumn] = [column(CHANNEL_HEADERS), column(PERIOD_HEADERS), column(COST_HEADERS)];
  const known = await listChannels(site);
  const byKey = new Map<string, (typeof known)[number]>();
  // A row names a channel by its name, its utm_source (a source's own channel before its campaigns'),
  // "source/campaign", or a campaign's name alone.
  const bySpecificity = [...known].sort((a, b) => Number(a.utmCampaign !== "") - Number(b.utmCampaign !== ""));
  for (const channel of bySpecificity) {
    const keys = [channel.name.replace(/\s+/g, "").toLowerCase(), channel.utmSource];
    if (channel.utmCampaign) keys.push(`${channel.utmSource}/${channel.utmCampaign}`, channel.utmCampaign);
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, channel);
  }
  const rows = records
    .slice(headerAt + 1)
    .map((cells, index) => ({ cells, line: headerAt + index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell !== ""))
    .map(({ cells, line }): SpendRow => {
      const channelCell = (cells[channelColumn] ?? "").slice(0, 100);
      const periodCell = (cells[periodColumn] ?? "").slice(0, 40);
      const amountCell = (cells[costColumn] ?? "").slice(0, 40);
      const channel = byKey.get(channelCell.replace(/\s+/g, "").toLowerCase()) ?? null;
      const month = monthOf(periodCell);
      const amount = readWon(amountCell);
      const problem: SpendRowProblem | null = !channel ? "unknown-channel" : !month ? "bad-month" : amount === null ? "bad-amount" : null;
      return {
        line,
        channelCell,
        periodCell,
        amountCell,
        channelId: channel?.id ?? null,
        channelName: channel?.name ?? null,
        month,
        amount,
        problem,
      };
    });
  if (rows.length === 0) return { ok: false, problem: "empty" };
  const totals = new Map<string, { channelId: number; channelName: string; month: string; amount: number }>();
  for (const row of rows) {
    if (row.problem || row.channelId === null || !row.month || row.amount === null) continue;
    const key = `${row.channelId}/${row.month}`;
    const total = totals.get(key) ?? { channelId: row.channelId, channelName: row.channelName!, month: row.month, amount: 0 };
    total.amount += row.amount;
    totals.set(key, total);
  }
  return {
    ok: true,
    rows,
    totals: [...totals.values()].sort((a, b) => a.month.localeCompare(b.month) || a.channelName.localeCompare(b.channelName)),
  };
}

/** The site's spend in these months, per channel. */
export async function recentSpend(site: string, months: string[]) {
  return db()
    .select({ channelId: channelSpend.channelId, month: channelSpend.month, amount: channelSpend.amount })
    .from(channelSpend)
    .innerJoin(channels, eq(channels.id, channelSpend.channelId))
    .where(and(eq(channels.site, site), inArray(channelSpend.month, months)));
}

/** One channel's spend in one month; "not-found" when the channel is not the site's. */
export async function setSpend(
  change: ChangeContext,
  { channelId, month, amount }: { channelId: number; month: string; amount: number },
  now = new Date(),
): Promise<"done" | "not-found" | "forbidden"> {
  if (!can(change.actor.role, "channels.manage")) return "forbidden";
  return db().transaction(async (tx) => {
    if (!(await writeSpend(tx, change, [{ channelId, month, amount }], now))) return "not-found";
    await recordAccess({ ...change, action: "channel.spend", detail: { channel: channelId, month, step: "typed" } }, { executor: tx, now });
    return "done";
  });
}

/** Imports an export's good rows (checked again here, as on upload); how many (channel, month) it set. */
export async function importSpendCsv(
  change: ChangeContext,
  text: string,
  now = new Date(),
): Promise<{ outcome: "done"; months: number } | { outcome: "nothing" | "forbidden" } | { outcome: "unreadable" | "empty" }> {
  if (!can(change.actor.role, "channels.manage")) return { outcome: "forbidden" };
  const preview = await previewSpendCsv(change.site, text);
  if (!preview.ok) return { outcome: preview.problem };
  if (preview.totals.length === 0) return { outcome: "nothing" };
  return db().transaction(async (tx) => {
    if (!(await writeSpend(tx, change, preview.totals, now))) return { outcome: "nothing" as const };
    await recordAccess(
      {
        ...change,
        action: "channel.spend",
        detail: { step: "imported", months: preview.totals.length, skippedRows: preview.rows.filter((row) => row.problem).length },
      },
      { executor: tx, now },
    );
    return { outcome: "done" as const, months: preview.totals.length };
  });
}

async function writeSpend(
  tx: Transaction,
  change: ChangeContext,
  entries: { channelId: number; month: string; amount: number }[],
  now: Date,
) {
  for (const entry of entries) {
    const [mine] = await tx
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.id, entry.channelId), eq(channels.site, change.site)));
    if (!mine) return false;
    await tx
      .insert(channelSpend)
      .values({ ...entry, updatedBy: change.actor.id, updatedAt: now })
      .onConflictDoUpdate({
        target: [channelSpend.channelId, channelSpend.month],
        set: { amount: entry.amount, updatedBy: change.actor.id, updatedAt: now },
      });
  }
  return true;
}
