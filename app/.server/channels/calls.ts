import { and, eq, sql } from "drizzle-orm";
import { kstDay } from "#app/utils/kst.ts";
import { db } from "../db.ts";
import { channelCalls, channels } from "../schema.ts";

/**
 * Taps on tel: links, as the page's beacon reports them: one count per site, channel (0 for a visitor
 * of none), page and KST day. Nothing about the visitor is stored, not even the address.
 */

/** Counts one tap; false when the channel is not one of the site's (the beacon was not ours). */
export async function countCallTap(site: string, { channelId, path }: { channelId: number | null; path: string }, now = new Date()) {
  if (channelId !== null) {
    const [known] = await db()
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.site, site)));
    if (!known) return false;
  }
  await db()
    .insert(channelCalls)
    .values({ site, channelId: channelId ?? 0, path, day: kstDay(now), taps: 1 })
    .onConflictDoUpdate({
      target: [channelCalls.site, channelCalls.channelId, channelCalls.path, channelCalls.day],
      set: { taps: sql`${channelCalls.taps} + 1` },
    });
  return true;
}

/** Taps per channel (0: none) and page within [from, to] (KST days), the most tapped first. */
export async function callTapsByPage(site: string, { from, to }: { from: string; to: string }) {
  const rows = await db()
    .select({ channelId: channelCalls.channelId, path: channelCalls.path, taps: sql<number>`sum(${channelCalls.taps})::int` })
    .from(channelCalls)
    .where(and(eq(channelCalls.site, site), sql`${channelCalls.day} between ${from} and ${to}`))
    .groupBy(channelCalls.channelId, channelCalls.path)
    .orderBy(sql`sum(${channelCalls.taps}) desc`, channelCalls.path);
  return rows.map((row) => ({ ...row, taps: Number(row.taps) }));
}
