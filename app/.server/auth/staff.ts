import crypto from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { STAFF_REFUSALS } from "#app/forms/staff.ts";
import type { Role } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Executor } from "../db.ts";
import {
  lockRights,
  membershipsOf,
  membershipsOfStaff,
  ownsEverySite,
  recordRightsChange,
  sitesLeftWithoutOwner,
  sitesOwnedBy,
  type Membership,
} from "./memberships.ts";
import { enqueueSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";
import { admins, adminSites, invitations, recoveryCodes } from "../schema.ts";
import { replaceRecoveryCodes } from "./second-factor.ts";
import { endAccountSessions } from "./session.ts";
import { handBackLeadsOf, type HandedBack } from "../leads/handed-back.ts";
import { siteOrigin, sitePack } from "../site.ts";

/**
 * The sales team's accounts (docs/decisions/015-staff-accounts.md): one per person, invited by an
 * owner, with a role on each site they work on (docs/decisions/022-role-per-site.md). Every change
 * of access rights writes an access record, on every site it touches, in the same transaction;
 * accounts are disabled, never deleted, so the records that name them always have someone to name.
 */

const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

/**
 * The site's staff as this owner's staff page shows them: each person's role here, every site
 * they work on with its role, and whether what is the account's (disabled, second factor,
 * invitation) is this owner's to change.
 */
export async function listStaff(site: string, viewerId: number) {
  const [people, owned] = await Promise.all([
    db()
      .select({
        id: admins.id,
        name: admins.name,
        email: admins.email,
        mobile: admins.mobile,
        role: adminSites.role,
        enrolled: admins.totpEnabledAt,
        invited: isNull(admins.passwordHash),
        disabledAt: admins.disabledAt,
        lastSignInAt: admins.lastSignInAt,
      })
      .from(admins)
      .innerJoin(adminSites, and(eq(adminSites.adminId, admins.id), eq(adminSites.site, site)))
      .orderBy(asc(admins.disabledAt), asc(admins.name), asc(admins.id)),
    sitesOwnedBy(viewerId),
  ]);
  const memberships = await membershipsOfStaff(people.map((person) => person.id));
  return people.map((person) => {
    const sites = memberships.get(person.id) ?? [];
    return { ...person, sites, mayChangeAccount: ownsEverySite(owned, sites) };
  });
}

export type InviteOutcome = { ok: true; link: string; adminId: number } | { ok: false; reason: "exists" | "sites" };

/**
 * Invites a person: their account (no password yet), the sites they will work on, a one-time link
 * valid 72 hours — shown to the owner to pass on, and texted to the person through the outbox.
 */
export async function inviteStaff(
  change: ChangeContext,
  person: { name: string; email: string; mobile: string; role: Role; sites: string[] },
  now = new Date(),
): Promise<InviteOutcome> {
  const email = person.email.trim().toLowerCase();
  const key = crypto.randomBytes(32).toString("base64url");
  // The link opens on a site the person will work on (this one, if it is among theirs).
  const home = person.sites.includes(change.site) ? change.site : person.sites[0]!;
  const link = `${siteOrigin(home)}/admin/invite/${key}`;
  const adminId = await db().transaction(async (tx) => {
    await lockRights(tx);
    const owned = await sitesOwnedBy(change.actor.id, tx);
    if (person.sites.length === 0 || !person.sites.every((site) => owned.includes(site))) return "sites" as const;
    const [existing] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.email, email));
    if (existing) return "exists" as const;
    const [admin] = await tx
      .insert(admins)
      .values({ email, name: person.name, mobile: person.mobile, createdAt: now })
      .returning({ id: admins.id });
    await tx.insert(adminSites).values(person.sites.map((site) => ({ adminId: admin!.id, site, role: person.role })));
    await tx.insert(invitations).values({
      id: hashKey(key),
      adminId: admin!.id,
      invitedBy: change.actor.id,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      createdAt: now,
    });
    await textInvitation(tx, change.site, person.mobile, link, now);
    await recordRightsChange(
      tx,
      change,
      { action: "staff.invite", sites: person.sites, detail: { adminId: admin!.id, role: person.role, sites: person.sites } },
      now,
    );
    return admin!.id;
  });
  if (typeof adminId === "string") return { ok: false, reason: adminId };
  wakeOutboxWorker();
  return { ok: true, link, adminId };
}

/**
 * A new link for a person who has not taken up their invitation (the old one stops working). The
 * invitation opens every site the person will work on, so only an owner of all of them reissues it.
 */
export async function reinvite(change: ChangeContext, adminId: number, now = new Date()): Promise<{ ok: true; link: string } | Refusal> {
  const key = crypto.randomBytes(32).toString("base64url");
  const link = `${siteOrigin(change.site)}/admin/invite/${key}`;
  const outcome = await db().transaction(async (tx): Promise<{ ok: true } | Refusal> => {
    const target = await targetOn(tx, change, adminId);
    if (!target.ok) return target;
    const refused = accountWideRefusal(target);
    if (refused) return refused;
    if (!target.invited) return conflict(STAFF_REFUSALS.accepted);
    await tx.delete(invitations).where(eq(invitations.adminId, adminId));
    await tx.insert(invitations).values({
      id: hashKey(key),
      adminId,
      invitedBy: change.actor.id,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      createdAt: now,
    });
    if (target.mobile) await textInvitation(tx, change.site, target.mobile, link, now);
    await recordRightsChange(tx, change, { action: "staff.invite", sites: sitesOf(target), detail: { adminId, again: true } }, now);
    return { ok: true };
  });
  if (!outcome.ok) return outcome;
  wakeOutboxWorker();
  return { ok: true, link };
}

async function textInvitation(executor: Executor, site: string, mobile: string, link: string, now: Date) {
  const { senderName } = sitePack(site).leads.sms;
  const body = `${senderName} 관리자 화면 계정이 만들어졌습니다. 72시간 안에 아래 링크에서 비밀번호와 2단계 인증을 등록해 주세요.\n${link}`;
  await enqueueSms(executor, [{ site, leadId: null, purpose: "invitation", recipient: mobile, body, bearerLinks: [link] }], { now });
}

/** The person an invitation link names, while it is good (unused, within 72 hours). */
export async function findInvitation(key: string, now = new Date()) {
  if (!/^[\w-]{43}$/.test(key)) return null;
  const [row] = await db()
    .select({ adminId: admins.id, name: admins.name, email: admins.email })
    .from(invitations)
    .innerJoin(admins, eq(admins.id, invitations.adminId))
    .where(and(eq(invitations.id, hashKey(key)), isNull(invitations.usedAt), gt(invitations.expiresAt, now), isNull(admins.disabledAt)));
  return row ?? null;
}

export type AcceptOutcome =
  { ok: true; adminId: number } | { ok: false; reason: "invalid" } | { ok: false; reason: "password"; message: string };

/** Takes up an invitation: the person's password (the rule checked), the link spent. */
export async function acceptInvitation(key: string, password: string, now = new Date()): Promise<AcceptOutcome> {
  const invited = await findInvitation(key, now);
  if (!invited) return { ok: false, reason: "invalid" };
  const problem = passwordProblem(password, invited);
  if (problem) return { ok: false, reason: "password", message: problem };
  const passwordHash = await hashPassword(password);
  const accepted = await db().transaction(async (tx) => {
    const [spent] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(and(eq(invitations.id, hashKey(key)), isNull(invitations.usedAt)))
      .returning({ adminId: invitations.adminId });
    if (!spent) return false;
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, spent.adminId));
    return true;
  });
  return accepted ? { ok: true, adminId: invited.adminId } : { ok: false, reason: "invalid" };
}

/** Stores a confirmed second factor and answers the account's ten new recovery codes (shown once). */
export async function enrolSecondFactor(adminId: number, secret: string, step: number, now = new Date()): Promise<string[]> {
  return db().transaction(async (tx) => {
    await tx.update(admins).set({ totpSecret: secret, totpEnabledAt: now, totpLastStep: step }).where(eq(admins.id, adminId));
    return replaceRecoveryCodes(tx, adminId);
  });
}

/** A change refused: not this owner's to make (403), or against a rule that keeps the office running (409). */
export type Refusal = { ok: false; refused: "forbidden" | "conflict"; message: string };
/** Done, with how many open leads went back to the unassigned inbox (disabling, or taking a site away). */
export type StaffChange = { ok: true; handedBack?: HandedBack } | Refusal;

const forbidden = (message: string): Refusal => ({ ok: false, refused: "forbidden", message });
const conflict = (message: string): Refusal => ({ ok: false, refused: "conflict", message });

interface Target {
  ok: true;
  id: number;
  mobile: string | null;
  invited: boolean;
  disabledAt: Date | null;
  /** The role on the console's site. */
  role: Role;
  memberships: Membership[];
  /** The sites the acting owner owns. */
  owned: string[];
}

const sitesOf = (target: Target) => target.memberships.map((membership) => membership.site);

/**
 * The person as the acting owner may reach them: a member of this console's site, changed by an
 * owner of it, never by themselves. Serialises the change with every other change of rights.
 */
async function targetOn(executor: Executor, change: ChangeContext, adminId: number): Promise<Target | Refusal> {
  await lockRights(executor);
  const owned = await sitesOwnedBy(change.actor.id, executor);
  if (!owned.includes(change.site)) return forbidden(STAFF_REFUSALS.notOwner);
  if (adminId === change.actor.id) return conflict(STAFF_REFUSALS.self);
  const [target] = await executor
    .select({ id: admins.id, mobile: admins.mobile, passwordHash: admins.passwordHash, disabledAt: admins.disabledAt })
    .from(admins)
    .where(eq(admins.id, adminId));
  const memberships = target ? await membershipsOf(executor, adminId) : [];
  const here = memberships.find((membership) => membership.site === change.site);
  if (!target || !here) return forbidden(STAFF_REFUSALS.notHere);
  const { passwordHash, ...rest } = target;
  return { ok: true, ...rest, invited: passwordHash === null, role: here.role, memberships, owned };
}

/** Whether taking the person's owner role on any of `sites` would leave that site without an enabled owner. */
async function leavesSiteWithoutOwner(executor: Executor, target: Target, sites: readonly string[]) {
  if (target.disabledAt) return false;
  const owns = sites.filter((site) => target.memberships.some((membership) => membership.site === site && membership.role === "owner"));
  return (await sitesLeftWithoutOwner(executor, target.id, owns)).length > 0;
}

/** Disabled state, second factor and invitation are the account's, on every site: its every site must be this owner's. */
function accountWideRefusal(target: Target): Refusal | null {
  return ownsEverySite(target.owned, target.memberships) ? null : forbidden(STAFF_REFUSALS.otherSites);
}

/** The person's role on this console's site; their roles elsewhere stay as they are. */
export async function changeRole(change: ChangeContext, adminId: number, role: Role, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    const target = await targetOn(tx, change, adminId);
    if (!target.ok) return target;
    if (target.role === role) return { ok: true };
    if (await leavesSiteWithoutOwner(tx, target, [change.site])) return conflict(STAFF_REFUSALS.lastOwner);
    await tx
      .update(adminSites)
      .set({ role })
      .where(and(eq(adminSites.adminId, adminId), eq(adminSites.site, change.site)));
    // New rights take effect at the next sign-in: the person's sessions on this site end now.
    await endAccountSessions(tx, adminId, { site: change.site });
    await recordRightsChange(tx, change, { action: "staff.role", sites: [], detail: { adminId, from: target.role, to: role } }, now);
    return { ok: true };
  });
}

/**
 * The sites a person works on, among those this owner owns; the others stay as they were. A site
 * added gets the role the person has on this console's site.
 */
export async function setStaffSites(change: ChangeContext, adminId: number, sites: string[], now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    const target = await targetOn(tx, change, adminId);
    if (!target.ok) return target;
    if (sites.length === 0 || !sites.every((site) => target.owned.includes(site))) return forbidden(STAFF_REFUSALS.sites);
    const before = sitesOf(target);
    const added = sites.filter((site) => !before.includes(site));
    const removed = before.filter((site) => target.owned.includes(site) && !sites.includes(site));
    if (added.length === 0 && removed.length === 0) return { ok: true };
    if (await leavesSiteWithoutOwner(tx, target, removed)) return conflict(STAFF_REFUSALS.lastOwner);
    for (const site of removed) await tx.delete(adminSites).where(and(eq(adminSites.adminId, adminId), eq(adminSites.site, site)));
    const handedBack = removed.length > 0 ? await handBackLeadsOf(tx, change, adminId, removed, "left-site", now) : undefined;
    if (added.length > 0) await tx.insert(adminSites).values(added.map((site) => ({ adminId, site, role: target.role })));
    const after = [...before.filter((site) => !removed.includes(site)), ...added].sort();
    await recordRightsChange(
      tx,
      change,
      {
        action: "staff.sites",
        sites: [...added, ...removed],
        detail: { adminId, from: before, to: after, ...(added.length > 0 ? { role: target.role } : {}) },
      },
      now,
    );
    return { ok: true, handedBack };
  });
}

/**
 * Disabling ends every session of the account at once, on every site; the account and its records
 * stay, and its open leads go back to the unassigned inbox (leads/handed-back.ts).
 */
export async function disableStaff(change: ChangeContext, adminId: number, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    const target = await targetOn(tx, change, adminId);
    if (!target.ok) return target;
    const refused = accountWideRefusal(target);
    if (refused) return refused;
    if (target.disabledAt) return { ok: true };
    if (await leavesSiteWithoutOwner(tx, target, sitesOf(target))) return conflict(STAFF_REFUSALS.lastOwner);
    await tx.update(admins).set({ disabledAt: now }).where(eq(admins.id, adminId));
    await endAccountSessions(tx, adminId);
    const handedBack = await handBackLeadsOf(tx, change, adminId, null, "disabled", now);
    await recordRightsChange(tx, change, { action: "staff.disable", sites: sitesOf(target), detail: { adminId } }, now);
    return { ok: true, handedBack };
  });
}

export async function enableStaff(change: ChangeContext, adminId: number, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    const target = await targetOn(tx, change, adminId);
    if (!target.ok) return target;
    const refused = accountWideRefusal(target);
    if (refused) return refused;
    if (!target.disabledAt) return { ok: true };
    await tx.update(admins).set({ disabledAt: null }).where(eq(admins.id, adminId));
    await recordRightsChange(tx, change, { action: "staff.enable", sites: sitesOf(target), detail: { adminId } }, now);
    return { ok: true };
  });
}

/** A lost phone: the second factor and recovery codes are cleared; the next sign-in enrols again. */
export async function resetSecondFactor(change: ChangeContext, adminId: number, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    const target = await targetOn(tx, change, adminId);
    if (!target.ok) return target;
    const refused = accountWideRefusal(target);
    if (refused) return refused;
    await tx.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(admins.id, adminId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
    await endAccountSessions(tx, adminId);
    await recordRightsChange(tx, change, { action: "staff.reset-second-factor", sites: sitesOf(target), detail: { adminId } }, now);
    return { ok: true };
  });
}

export const CURRENT_PASSWORD_WRONG = "지금 쓰는 비밀번호가 맞지 않습니다.";

/** One's own new password: the current one first; every other session of the account ends. */
export async function changeOwnPassword(
  change: ChangeContext,
  { current, next, sessionId }: { current: string; next: string; sessionId: string },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  const [admin] = await db()
    .select({ email: admins.email, name: admins.name, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, change.actor.id));
  if (!admin?.passwordHash || !(await verifyPassword(current, admin.passwordHash))) return { ok: false, message: CURRENT_PASSWORD_WRONG };
  const problem = passwordProblem(next, admin);
  if (problem) return { ok: false, message: problem };
  const passwordHash = await hashPassword(next);
  await db().transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, change.actor.id));
    await endAccountSessions(tx, change.actor.id, { except: sessionId });
    await recordAccess({ ...change, action: "auth.password" }, { executor: tx, now });
  });
  return { ok: true };
}

/** One's own name as stored now (the session read at the start of the request may predate a rename in it). */
export async function ownName(adminId: number) {
  const [row] = await db().select({ name: admins.name }).from(admins).where(eq(admins.id, adminId));
  return row?.name ?? "";
}

/**
 * One's own name as the console shows it. A change of who an account says it is: recorded with
 * the rights, on every site the account works on (the record names the account, never the name).
 */
export async function renameOwnAccount(change: ChangeContext, name: string, now = new Date()) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select({ name: admins.name }).from(admins).where(eq(admins.id, change.actor.id)).for("update");
    if (before?.name === name) return;
    await tx.update(admins).set({ name }).where(eq(admins.id, change.actor.id));
    const sites = (await membershipsOf(tx, change.actor.id)).map((membership) => membership.site);
    await recordRightsChange(tx, change, { action: "staff.name", sites, detail: { adminId: change.actor.id } }, now);
  });
}

/** "Sign out everywhere": every session of the account ends, this one included. */
export async function signOutEverywhere(change: ChangeContext, now = new Date()) {
  await db().transaction(async (tx) => {
    await endAccountSessions(tx, change.actor.id);
    await recordAccess({ ...change, action: "auth.sign-out-everywhere" }, { executor: tx, now });
  });
}
