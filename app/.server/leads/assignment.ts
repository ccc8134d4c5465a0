import { and, asc, count, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { kstDay, kstInstant } from "#app/utils/kst.ts";
import type { LeadKind, Role } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Executor } from "../db.ts";
import { enqueueSms, type TextBudget } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { admins, adminSites, consoleSettings, leadEvents, leads, staffDaysOff, staffDuty } from "../schema.ts";
import { textPack } from "../content/site-settings.ts";
import { siteOrigin, sitePack } from "../site.ts";
import { recordLeadEvent, recordLeadEvents, type EventActor, type LeadEvent, type LeadEventDetails } from "./events.ts";
import { assignmentMessage } from "./messages.ts";
import type { LeadChange } from "./record.ts";

/**
 * Who works a lead: assignment by a manager (one lead or several at once), or, when the site
 * turns round-robin on, by turns among its active counsellors as each new lead arrives. Every
 * assignment is an entry in the lead's history, and a person who asked for it is texted.
 */

type How = LeadEventDetails["assigned"]["how"];

/** Accounts in use on the site (with `role`, that role there): invitation taken up, not disabled. */
const activeOnSite = (site: string, role?: Role) => [
  isNull(admins.disabledAt),
  isNotNull(admins.passwordHash),
  inArray(
    admins.id,
    db()
      .select({ id: adminSites.adminId })
      .from(adminSites)
      .where(and(eq(adminSites.site, site), role ? eq(adminSites.role, role) : undefined)),
  ),
];

/** The people a lead can be assigned to: the site's accounts in use, with their role there. */
export async function assignableStaff(site: string) {
  return db()
    .select({ id: admins.id, name: admins.name, email: admins.email, role: adminSites.role })
    .from(admins)
    .innerJoin(adminSites, and(eq(adminSites.adminId, admins.id), eq(adminSites.site, site)))
    .where(and(...activeOnSite(site)))
    .orderBy(asc(admins.name), asc(admins.id));
}

/** Whether anyone gave this person a lead of the site (the menu then offers "내 고객"). */
export async function hasAssignedLeads(site: string, adminId: number) {
  const [row] = await db()
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.assigneeId, adminId), eq(leads.site, site), isNull(leads.deletedAt)))
    .limit(1);
  return row !== undefined;
}

interface Assignee {
  id: number;
  name: string;
  email: string;
  mobile: string | null;
  textOnAssignment: boolean;
}

export async function findAssignee(executor: Executor, site: string, id: number): Promise<Assignee | undefined> {
  const [assignee] = await findAssignees(executor, site, [id]);
  return assignee;
}

/** The accounts in use on the site among `ids`, with what a text about an assignment needs. */
async function findAssignees(executor: Executor, site: string, ids: readonly number[]): Promise<Assignee[]> {
  return executor
    .select({ id: admins.id, name: admins.name, email: admins.email, mobile: admins.mobile, textOnAssignment: admins.textOnAssignment })
    .from(admins)
    .where(and(inArray(admins.id, [...ids]), ...activeOnSite(site)));
}

/** Gives the lead to a person of this site (or back to the unassigned inbox, with null). */
export async function assignLead(change: ChangeContext, leadId: number, assigneeId: number | null, now = new Date()): Promise<LeadChange> {
  const result = await assignLeads(change, [leadId], assigneeId, { how: "manual", now });
  return result.outcome;
}

export interface BulkAssignment {
  outcome: LeadChange;
  /** How many of the chosen leads changed hands (a lead the person already had is not counted). */
  changed: number;
}

/**
 * Gives several leads of this site at once to one person (or back to the unassigned inbox): one
 * access record names them all, each gets its history entry. Ids of other sites' leads or of leads
 * in the bin are passed over; if none is left, "not-found".
 */
export async function assignLeads(
  change: ChangeContext,
  leadIds: number[],
  assigneeId: number | null,
  { how = "bulk", now = new Date() }: { how?: Exclude<How, "round-robin" | "taken">; now?: Date } = {},
): Promise<BulkAssignment> {
  if (!can(change.actor.role, "leads.assign")) return { outcome: "forbidden", changed: 0 };
  const ids = [...new Set(leadIds)].sort((a, b) => a - b);
  if (ids.length === 0) return { outcome: "not-found", changed: 0 };
  const result = await db().transaction(async (tx): Promise<BulkAssignment & { texted?: boolean }> => {
    // Locked in id order, so two people assigning overlapping selections cannot deadlock.
    const found = await tx
      .select({ id: leads.id, assigneeId: leads.assigneeId, name: leads.name, kind: leads.kind })
      .from(leads)
      .where(and(inArray(leads.id, ids), eq(leads.site, change.site), isNull(leads.deletedAt)))
      .orderBy(asc(leads.id))
      .for("update");
    if (found.length === 0) return { outcome: "not-found", changed: 0 };
    const assignee = assigneeId === null ? null : await findAssignee(tx, change.site, assigneeId);
    if (assigneeId !== null && !assignee) return { outcome: "not-found", changed: 0 };
    const moving = found.filter((lead) => lead.assigneeId !== assigneeId);
    if (moving.length === 0) return { outcome: "done", changed: 0 };
    await tx
      .update(leads)
      .set({ assigneeId })
      .where(
        inArray(
          leads.id,
          moving.map((lead) => lead.id),
        ),
      );
    for (const lead of moving) {
      await recordLeadEvent(
        tx,
        {
          leadId: lead.id,
          kind: "assigned",
          actor: change.actor,
          detail: { assigneeId, assigneeName: assignee?.name || assignee?.email || null, how },
        },
        now,
      );
    }
    await recordAccess(
      {
        ...change,
        action: "lead.assign",
        leadIds: moving.map((lead) => lead.id),
        detail: { to: assigneeId, how, from: [...new Set(moving.map((lead) => lead.assigneeId))] },
      },
      { executor: tx, now },
    );
    const texted = assignee ? await textAssignee(tx, change.site, assignee, moving, sitePack(change.site).leads.textBudget, now) : false;
    return { outcome: "done", changed: moving.length, texted };
  });
  if (result.texted) wakeOutboxWorker();
  return { outcome: result.outcome, changed: result.changed };
}

/**
 * A person takes an unassigned lead for themselves (배정받기): a counsellor needs no manager to
 * start on a new customer. Only a lead nobody works can be taken ("taken" when someone got there
 * first); the history and the access record say it was taken, not given.
 */
export async function takeLead(change: ChangeContext, leadId: number, now = new Date()): Promise<LeadChange | "taken"> {
  return db().transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, assigneeId: leads.assigneeId })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.site, change.site), isNull(leads.deletedAt)))
      .for("update");
    if (!lead) return "not-found";
    if (lead.assigneeId === change.actor.id) return "done";
    if (lead.assigneeId !== null) return can(change.actor.role, "leads.all") ? "taken" : "not-found";
    const taker = await findAssignee(tx, change.site, change.actor.id);
    if (!taker) return "forbidden";
    await tx.update(leads).set({ assigneeId: taker.id }).where(eq(leads.id, leadId));
    await recordLeadEvent(
      tx,
      {
        leadId,
        kind: "assigned",
        actor: change.actor,
        detail: { assigneeId: taker.id, assigneeName: taker.name || taker.email, how: "taken" },
      },
      now,
    );
    await recordAccess(
      { ...change, action: "lead.assign", leadIds: [leadId], detail: { to: taker.id, how: "taken", from: [null] } },
      { executor: tx, now },
    );
    return "done";
  });
}

/** Texts the person about leads just given to them, if they asked for it and left a number. */
export async function textAssignee(
  executor: Executor,
  site: string,
  assignee: Assignee,
  given: { id: number; name: string; kind: LeadKind }[],
  budget: TextBudget | null,
  now: Date,
): Promise<boolean> {
  return textAssignees(executor, site, [{ assignee, given }], budget, now);
}

/** One text for each note whose person asked for them and left a number, queued together; whether any was. */
async function textAssignees(
  executor: Executor,
  site: string,
  notes: { assignee: Assignee; given: { id: number; name: string; kind: LeadKind }[] }[],
  budget: TextBudget | null,
  now: Date,
): Promise<boolean> {
  const texted = notes.filter(({ assignee, given }) => assignee.textOnAssignment && assignee.mobile && given.length > 0);
  if (texted.length === 0) return false;
  const pack = await textPack(site, executor);
  const origin = siteOrigin(site);
  await enqueueSms(
    executor,
    texted.map(({ assignee, given }) => assignmentMessage(pack, origin, assignee.mobile!, given)),
    { budget, now },
  );
  return true;
}

// --- Round-robin: new leads by turns ---

export async function consoleSettingsOf(site: string) {
  const [row] = await db()
    .select({ roundRobin: consoleSettings.roundRobin, recycleAfterDays: consoleSettings.recycleAfterDays })
    .from(consoleSettings)
    .where(eq(consoleSettings.site, site));
  return { roundRobin: row?.roundRobin ?? false, recycleAfterDays: row?.recycleAfterDays ?? null };
}

/** Turns round-robin on or off and sets the recycling period, with its access record in the same transaction. */
export async function saveConsoleSettings(
  change: ChangeContext,
  settings: { roundRobin: boolean; recycleAfterDays: number | null },
  now = new Date(),
): Promise<LeadChange> {
  if (!can(change.actor.role, "leads.assign")) return "forbidden";
  await db().transaction(async (tx) => {
    await tx
      .insert(consoleSettings)
      .values({ site: change.site, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: consoleSettings.site, set: { ...settings, updatedAt: now } });
    await recordAccess({ ...change, action: "console.settings", detail: settings }, { executor: tx, now });
  });
  return "done";
}

/** Weights run 1 to 5; each turn moves a person's pass on by STRIDE / weight, so the steps stay whole numbers. */
export const ASSIGN_WEIGHTS = [1, 2, 3, 4, 5] as const;
const STRIDE = 60;

export interface Candidate {
  id: number;
  name: string;
  email: string;
  weight: number;
  pass: number;
  dailyCap: number | null;
  /** Leads given to them on this site since the Korean day began. */
  assignedToday: number;
  onDuty: boolean | null;
  dayOff: boolean;
}

/**
 * The site's counsellors in use (not disabled, invitation taken up) with what automatic assignment
 * weighs: weight, pass, cap and today's count, and whether they marked 퇴근 or have the day off.
 */
export async function counsellorTurns(executor: Executor, site: string, now: Date): Promise<Candidate[]> {
  const today = kstDay(now);
  const dayStart = kstInstant(today, "00:00");
  const rows = await executor
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      weight: adminSites.assignWeight,
      pass: adminSites.assignPass,
      dailyCap: adminSites.dailyCap,
      onDuty: staffDuty.onDuty,
      dayOff: staffDaysOff.day,
    })
    .from(admins)
    .innerJoin(adminSites, and(eq(adminSites.adminId, admins.id), eq(adminSites.site, site), eq(adminSites.role, "counsellor")))
    .leftJoin(staffDuty, and(eq(staffDuty.adminId, admins.id), eq(staffDuty.site, site), eq(staffDuty.day, today)))
    .leftJoin(staffDaysOff, and(eq(staffDaysOff.adminId, admins.id), eq(staffDaysOff.site, site), eq(staffDaysOff.day, today)))
    .where(and(isNull(admins.disabledAt), isNotNull(admins.passwordHash)))
    .orderBy(asc(admins.id));
  if (rows.length === 0) return [];
  const given = await executor
    .select({ assigneeId: sql<number>`(${leadEvents.detail} ->> 'assigneeId')::int`, value: count() })
    .from(leadEvents)
    .innerJoin(leads, eq(leads.id, leadEvents.leadId))
    .where(and(eq(leads.site, site), eq(leadEvents.kind, "assigned"), gte(leadEvents.createdAt, dayStart)))
    .groupBy(sql`1`);
  const todayOf = new Map(given.map((row) => [Number(row.assigneeId), row.value]));
  return rows.map((row) => ({ ...row, dayOff: row.dayOff !== null, assignedToday: todayOf.get(row.id) ?? 0 }));
}

/** Whether automatic assignment may give this person a lead now. */
export function takesLeads(candidate: Candidate) {
  if (candidate.dayOff || candidate.onDuty === false) return false;
  return candidate.dailyCap === null || candidate.assignedToday < candidate.dailyCap;
}

/**
 * Whose turn it is: the lowest pass among those who take leads (nobody's pass counts from before
 * the last turn, so a day off does not earn a run of leads afterwards); among equals, the first by
 * id after the last one given a lead, wrapping round, as plain round-robin did.
 */
export function nextInTurn(candidates: Candidate[], state: { last: number | null; clock: number }) {
  const open = candidates.filter(takesLeads).map((candidate) => ({ ...candidate, due: Math.max(candidate.pass, state.clock) }));
  if (open.length === 0) return undefined;
  const lowest = Math.min(...open.map((candidate) => candidate.due));
  const tied = open.filter((candidate) => candidate.due === lowest).sort((a, b) => a.id - b.id);
  const chosen = tied.find((candidate) => state.last !== null && candidate.id > state.last) ?? tied[0]!;
  return { ...chosen, nextPass: chosen.due + STRIDE / chosen.weight };
}

/** The counsellor the next new lead would go to, for the settings page (null: round-robin off or nobody available). */
export async function nextInLine(site: string, now = new Date()) {
  const [setting] = await db()
    .select({ roundRobin: consoleSettings.roundRobin, last: consoleSettings.lastAutoAssigneeId, clock: consoleSettings.assignClock })
    .from(consoleSettings)
    .where(eq(consoleSettings.site, site));
  const candidates = await counsellorTurns(db(), site, now);
  const next = nextInTurn(candidates, { last: setting?.last ?? null, clock: setting?.clock ?? 0 });
  return { candidates, next: next ? { id: next.id, name: next.name || next.email } : null };
}

/**
 * In new leads' own transaction: when the site has round-robin on, gives each lead, in the order
 * given, to the counsellor whose turn it is (nextInTurn), passing over those who marked 퇴근, have
 * the day off or reached their daily cap. The settings row is locked for the turns, so leads
 * arriving at once on several servers are counted and weighed one after another and no cap is
 * overrun; with round-robin off this costs one primary-key lookup and locks nothing. A form's lead
 * comes alone; an import's leads come together (leads/import.ts), and each is weighed as if it had
 * come alone after the one before it (its pass, today's count and the last one given move on with
 * every lead), in statements that do not grow with the leads. Answers how many were given and
 * whether a text was queued (the caller wakes the outbox after its commit).
 */
export async function assignByTurns(
  tx: Executor,
  site: string,
  newLeads: readonly { id: number; name: string; kind: LeadKind }[],
  { budget, now }: { budget: TextBudget | null; now: Date },
): Promise<{ assigned: number; texted: boolean }> {
  const none = { assigned: 0, texted: false };
  if (newLeads.length === 0) return none;
  const [setting] = await tx.select({ roundRobin: consoleSettings.roundRobin }).from(consoleSettings).where(eq(consoleSettings.site, site));
  if (!setting?.roundRobin) return none;
  const [locked] = await tx
    .select({ roundRobin: consoleSettings.roundRobin, last: consoleSettings.lastAutoAssigneeId, clock: consoleSettings.assignClock })
    .from(consoleSettings)
    .where(eq(consoleSettings.site, site))
    .for("update");
  if (!locked?.roundRobin) return none;
  let candidates = await counsellorTurns(tx, site, now);
  let state = { last: locked.last, clock: locked.clock };
  const turns: { lead: (typeof newLeads)[number]; assigneeId: number }[] = [];
  const passes = new Map<number, number>();
  for (const lead of newLeads) {
    const chosen = nextInTurn(candidates, state);
    // Nobody takes leads now, and giving none changes nothing for the next lead.
    if (!chosen) break;
    candidates = candidates.map((candidate) =>
      candidate.id === chosen.id ? { ...candidate, pass: chosen.nextPass, assignedToday: candidate.assignedToday + 1 } : candidate,
    );
    state = { last: chosen.id, clock: chosen.due };
    passes.set(chosen.id, chosen.nextPass);
    turns.push({ lead, assigneeId: chosen.id });
  }
  if (turns.length === 0) return none;
  const assignees = new Map((await findAssignees(tx, site, [...passes.keys()])).map((assignee) => [assignee.id, assignee]));
  await tx.execute(
    sql`update ${leads} set assignee_id = turn.assignee_id
        from unnest(${sql.param(turns.map((turn) => turn.lead.id))}::int[], ${sql.param(turns.map((turn) => turn.assigneeId))}::int[]) as turn(lead_id, assignee_id)
        where ${leads.id} = turn.lead_id`,
  );
  await tx.execute(
    sql`update ${adminSites} set assign_pass = turn.pass
        from unnest(${sql.param([...passes.keys()])}::int[], ${sql.param([...passes.values()])}::int[]) as turn(admin_id, pass)
        where ${adminSites.adminId} = turn.admin_id and ${adminSites.site} = ${site}`,
  );
  await tx.update(consoleSettings).set({ lastAutoAssigneeId: state.last, assignClock: state.clock }).where(eq(consoleSettings.site, site));
  await recordLeadEvents(
    tx,
    turns.map(({ lead, assigneeId }): LeadEvent => {
      const assignee = assignees.get(assigneeId)!;
      return {
        leadId: lead.id,
        kind: "assigned",
        actor: null,
        detail: { assigneeId, assigneeName: assignee.name || assignee.email, how: "round-robin" },
      };
    }),
    now,
  );
  // A text for each lead, as each would have had arriving alone.
  const notes = turns.map(({ lead, assigneeId }) => ({ assignee: assignees.get(assigneeId)!, given: [lead] }));
  return { assigned: turns.length, texted: await textAssignees(tx, site, notes, budget, now) };
}

/**
 * In a new lead's own transaction, before and instead of any turn: a customer someone on the team
 * already works is theirs (`returning`: another form, a visit booked on the site, a walk-in), with
 * the text a turn would have given them; a call is the lead of whoever took it (`taken`, by them, so
 * nobody is texted). Someone no longer in use on the site is given nothing: the lead takes its turn.
 */
export async function giveNewLead(
  tx: Executor,
  site: string,
  lead: { id: number; name: string; kind: LeadKind },
  given: { assigneeId: number; how: "returning" } | { assigneeId: number; how: "taken"; by: EventActor },
  { budget, now }: { budget: TextBudget | null; now: Date },
): Promise<{ assigned: boolean; texted: boolean }> {
  const assignee = await findAssignee(tx, site, given.assigneeId);
  if (!assignee) return { assigned: false, texted: false };
  await tx.update(leads).set({ assigneeId: given.assigneeId }).where(eq(leads.id, lead.id));
  await recordLeadEvent(
    tx,
    {
      leadId: lead.id,
      kind: "assigned",
      actor: given.how === "taken" ? given.by : null,
      detail: { assigneeId: given.assigneeId, assigneeName: assignee.name || assignee.email, how: given.how },
    },
    now,
  );
  if (given.how === "taken") return { assigned: true, texted: false };
  return { assigned: true, texted: await textAssignees(tx, site, [{ assignee, given: [lead] }], budget, now) };
}

// --- One's own assignment alerts ---

export async function assignmentAlertsOf(adminId: number) {
  const [row] = await db()
    .select({ mobile: admins.mobile, textOnAssignment: admins.textOnAssignment })
    .from(admins)
    .where(eq(admins.id, adminId));
  return { mobile: row?.mobile ?? null, textOnAssignment: row?.textOnAssignment ?? false };
}

/** Whether I am texted when a lead is given to me, and at which mobile number (recorded, never the number itself). */
export async function saveAssignmentAlerts(
  change: ChangeContext,
  alerts: { textOnAssignment: boolean; mobile: string | null },
  now = new Date(),
) {
  await db().transaction(async (tx) => {
    await tx.update(admins).set(alerts).where(eq(admins.id, change.actor.id));
    await recordAccess(
      { ...change, action: "console.settings", detail: { account: "assignment-texts", textOnAssignment: alerts.textOnAssignment } },
      { executor: tx, now },
    );
  });
}
