import { and, asc, eq, gt, inArray, isNull, max } from "drizzle-orm";
import type { LeadKind } from "#app/vocabulary.ts";
import { db } from "./db.ts";
import { callbacksComingDue } from "./leads/follow-ups.ts";
import { maskName } from "./leads/messages.ts";
import { maySee, type Viewer } from "./leads/visibility.ts";
import { logError } from "./log.ts";
import { leadEvents, leads } from "./schema.ts";
import { liveSessionIds } from "./auth/session.ts";
import { sitePack } from "./site.ts";
import { WALK_IN_SOURCE } from "./visits/walk-in.ts";

/**
 * Live alerts for the console (server-sent events, app/routes/admin/events.ts): new leads a
 * person may see, leads assigned to them, and their callbacks as they come due. The database is
 * the only source: each server process polls it once per site for every stream it holds, so a lead
 * saved (or a callback time set) by another instance reaches every instance's streams. A poller
 * starts with its first stream and stops with its last.
 */

export const POLL_MS = 2_000;

/** What a stream tells the browser; names masked, never a phone number. */
export type LiveAlert =
  | { type: "lead"; leadId: number; kind: LeadKind; kindLabel: string; maskedName: string }
  | { type: "assigned"; leadId: number; kind: LeadKind; kindLabel: string; maskedName: string; how: string }
  /** A callback the person works came due: "김*늘 고객님께 다시 전화할 시간입니다". */
  | { type: "callback"; leadId: number; kind: LeadKind; kindLabel: string; maskedName: string }
  /** Their customer was checked in at the door (visits/check-in.ts): "김*늘 고객님이 도착했습니다". */
  | { type: "arrived"; leadId: number; kind: LeadKind; kindLabel: string; maskedName: string };

export interface LiveListener {
  viewer: Viewer;
  /** The session the stream was opened with: when it ends, the stream ends. */
  sessionId: string;
  send(alert: LiveAlert): void;
  end(): void;
}

interface SitePoller {
  listeners: Set<LiveListener>;
  lastLeadId: number;
  lastEventId: number;
  /** Callbacks due up to this instant have been announced (by this process's clock: each process announces to its own streams). */
  dueCheckedUntil: Date;
  timer?: NodeJS.Timeout;
  /** Settled once the starting point is read: a stream opened after it sees every later lead. */
  ready: Promise<void>;
  polling: boolean;
}

const pollers = new Map<string, SitePoller>();

/** Adds a stream to its site's poller (starting it if need be); answers the function that removes it. */
export async function subscribe(site: string, listener: LiveListener): Promise<() => void> {
  let poller = pollers.get(site);
  if (!poller) {
    const created: SitePoller = {
      listeners: new Set(),
      lastLeadId: 0,
      lastEventId: 0,
      dueCheckedUntil: new Date(),
      ready: Promise.resolve(),
      polling: false,
    };
    created.ready = startingPoint(site).then(({ lead, event }) => {
      created.lastLeadId = lead;
      created.lastEventId = event;
      created.timer = setInterval(() => void poll(site, created), POLL_MS);
      // An open stream must not keep a stopping server alive.
      created.timer.unref();
    });
    pollers.set(site, created);
    poller = created;
  }
  poller.listeners.add(listener);
  const mine = poller;
  const unsubscribe = () => {
    mine.listeners.delete(listener);
    if (mine.listeners.size === 0 && pollers.get(site) === mine) {
      clearInterval(mine.timer);
      pollers.delete(site);
    }
  };
  try {
    await mine.ready;
  } catch (error) {
    unsubscribe();
    throw error;
  }
  return unsubscribe;
}

async function startingPoint(site: string) {
  const [[lead], [event]] = await Promise.all([
    db()
      .select({ value: max(leads.id) })
      .from(leads)
      .where(eq(leads.site, site)),
    db()
      .select({ value: max(leadEvents.id) })
      .from(leadEvents),
  ]);
  return { lead: lead?.value ?? 0, event: event?.value ?? 0 };
}

async function poll(site: string, poller: SitePoller) {
  if (poller.polling) return;
  poller.polling = true;
  try {
    const kindLabels = sitePack(site).leads.kindLabels;
    const now = new Date();
    const [newLeads, assignments, live, callbacks] = await Promise.all([
      db()
        .select({ id: leads.id, kind: leads.kind, name: leads.name, assigneeId: leads.assigneeId })
        .from(leads)
        .where(and(gt(leads.id, poller.lastLeadId), eq(leads.site, site), eq(leads.spam, false), isNull(leads.deletedAt)))
        .orderBy(asc(leads.id))
        .limit(100),
      db()
        .select({
          id: leadEvents.id,
          leadId: leadEvents.leadId,
          eventKind: leadEvents.kind,
          detail: leadEvents.detail,
          kind: leads.kind,
          name: leads.name,
          assigneeId: leads.assigneeId,
          sourcePath: leads.sourcePath,
        })
        .from(leadEvents)
        .innerJoin(leads, eq(leads.id, leadEvents.leadId))
        .where(and(gt(leadEvents.id, poller.lastEventId), inArray(leadEvents.kind, ["assigned", "visit-marked"]), eq(leads.site, site)))
        .orderBy(asc(leadEvents.id))
        .limit(100),
      liveSessionIds(
        [...poller.listeners].map((listener) => listener.sessionId),
        site,
      ),
      callbacksComingDue(site, poller.dueCheckedUntil, now),
    ]);
    for (const listener of [...poller.listeners]) {
      if (!live.has(listener.sessionId)) {
        listener.end();
        continue;
      }
      for (const lead of newLeads) {
        if (!maySee(listener.viewer, lead)) continue;
        listener.send({
          type: "lead",
          leadId: lead.id,
          kind: lead.kind,
          kindLabel: kindLabels[lead.kind],
          maskedName: maskName(lead.name),
        });
      }
      for (const event of assignments) {
        const about = { leadId: event.leadId, kind: event.kind, kindLabel: kindLabels[event.kind], maskedName: maskName(event.name) };
        if (event.eventKind === "visit-marked") {
          if (event.detail.door === true && event.assigneeId === listener.viewer.id) listener.send({ type: "arrived", ...about });
          continue;
        }
        if (event.detail.assigneeId !== listener.viewer.id) continue;
        // Their own customer registered at the model house's desk: the customer is there now.
        const walkedIn = event.detail.how === "returning" && event.sourcePath === WALK_IN_SOURCE;
        listener.send(walkedIn ? { type: "arrived", ...about } : { type: "assigned", ...about, how: String(event.detail.how ?? "manual") });
      }
      for (const lead of callbacks) {
        if (lead.assigneeId !== listener.viewer.id) continue;
        listener.send({
          type: "callback",
          leadId: lead.id,
          kind: lead.kind,
          kindLabel: kindLabels[lead.kind],
          maskedName: maskName(lead.name),
        });
      }
    }
    poller.lastLeadId = newLeads.at(-1)?.id ?? poller.lastLeadId;
    poller.lastEventId = assignments.at(-1)?.id ?? poller.lastEventId;
    poller.dueCheckedUntil = now;
  } catch (error) {
    logError(`Live alerts could not poll ${site}`, error);
  } finally {
    poller.polling = false;
  }
}
