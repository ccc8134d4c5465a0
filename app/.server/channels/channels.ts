import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import type { Attribution } from "../attribution.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Executor } from "../db.ts";
import { channelCalls, channels } from "../schema.ts";

/**
 * The channels a site buys visitors from (issue #31). A visit is a channel's when its utm_source is
 * the channel's (without case) and, for a channel of one campaign, its utm_campaign too; a
 * campaign's channel wins over its source's. Owners and managers keep the list; each change is an
 * access record naming the channel, never a number.
 */

export interface ChannelFields {
  name: string;
  utmSource: string;
  utmCampaign: string;
  phone: string;
  alertRecipients: string[];
}

export type ChannelChange = "done" | "taken" | "not-found" | "forbidden";

export async function listChannels(site: string) {
  return db()
    .select({
      id: channels.id,
      name: channels.name,
      utmSource: channels.utmSource,
      utmCampaign: channels.utmCampaign,
      phone: channels.phone,
      alertRecipients: channels.alertRecipients,
    })
    .from(channels)
    .where(eq(channels.site, site))
    .orderBy(asc(channels.name), asc(channels.id));
}

/** The channel a visit's attribution belongs to, or null. */
export async function channelOfAttribution(executor: Executor, site: string, attribution: Pick<Attribution, "utmSource" | "utmCampaign">) {
  if (!attribution.utmSource) return null;
  const [row] = await executor
    .select({ id: channels.id, phone: channels.phone, alertRecipients: channels.alertRecipients })
    .from(channels)
    .where(
      and(
        eq(channels.site, site),
        eq(channels.utmSource, attribution.utmSource.toLowerCase()),
        inArray(channels.utmCampaign, ["", (attribution.utmCampaign ?? "").toLowerCase()]),
      ),
    )
    .orderBy(sql`${channels.utmCampaign} = '' `)
    .limit(1);
  return row ?? null;
}

/** Adds a channel (`id` null) or changes one of the site's. */
export async function saveChannel(
  change: ChangeContext,
  id: number | null,
  fields: ChannelFields,
  now = new Date(),
): Promise<ChannelChange> {
  if (!can(change.actor.role, "channels.manage")) return "forbidden";
  return db().transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.site, change.site), eq(channels.utmSource, fields.utmSource), eq(channels.utmCampaign, fields.utmCampaign)));
    if (clash && clash.id !== id) return "taken";
    let saved: number | undefined;
    if (id === null) {
      const [added] = await tx
        .insert(channels)
        .values({ site: change.site, ...fields, createdAt: now })
        .returning({ id: channels.id });
      saved = added?.id;
    } else {
      const [changed] = await tx
        .update(channels)
        .set(fields)
        .where(and(eq(channels.id, id), eq(channels.site, change.site)))
        .returning({ id: channels.id });
      saved = changed?.id;
    }
    if (saved === undefined) return "not-found";
    await recordAccess(
      {
        ...change,
        action: "channel.change",
        detail: {
          channel: saved,
          step: id === null ? "added" : "changed",
          ownNumber: fields.phone !== "",
          alertRecipients: fields.alertRecipients.length,
        },
      },
      { executor: tx, now },
    );
    return "done";
  });
}

/** Removes a channel with its spend (cascade) and its tap counts. */
export async function deleteChannel(change: ChangeContext, id: number, now = new Date()): Promise<ChannelChange> {
  if (!can(change.actor.role, "channels.manage")) return "forbidden";
  return db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(channels)
      .where(and(eq(channels.id, id), eq(channels.site, change.site)))
      .returning({ id: channels.id });
    if (!removed) return "not-found";
    await tx.delete(channelCalls).where(and(eq(channelCalls.site, change.site), eq(channelCalls.channelId, id)));
    await recordAccess({ ...change, action: "channel.change", detail: { channel: id, step: "removed" } }, { executor: tx, now });
    return "done";
  });
}
