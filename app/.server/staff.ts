import crypto from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { Role } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "./audit.ts";
import { db, type Executor } from "./db.ts";
import { enqueueSms } from "./outbox/queue.ts";
import { wakeOutboxWorker } from "./outbox/worker.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";
import { admins, adminSites, invitations, recoveryCodes } from "./schema.ts";
import { replaceRecoveryCodes } from "./second-factor.ts";
import { endAccountSessions } from "./session.ts";
import { siteOrigin, sitePack } from "./site.ts";

/**
 * The sales team's accounts (docs/decisions/015-staff-accounts.md): one per person, invited by the
 * owner, with a role and the sites they work on. Every change of access rights writes an access
 * record in the same transaction; accounts are disabled, never deleted, so the records that name
 * them always have someone to name.
 */

const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

export async function listStaff(site: string) {
  return db()
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      mobile: admins.mobile,
      role: admins.role,
      enrolled: admins.totpEnabledAt,
      invited: isNull(admins.passwordHash),
      disabledAt: admins.disabledAt,
      lastSignInAt: admins.lastSignInAt,
    })
    .from(admins)
    .innerJoin(adminSites, and(eq(adminSites.adminId, admins.id), eq(adminSites.site, site)))
    .orderBy(asc(admins.disabledAt), asc(admins.name), asc(admins.id));
}

/** The sites each of these accounts works on. */
export async function sitesOfStaff(adminIds: number[]) {
  if (adminIds.length === 0) return new Map<number, string[]>();
  const rows = await db().select().from(adminSites).where(inArray(adminSites.adminId, adminIds));
  const sites = new Map<number, string[]>();
  for (const row of rows) sites.set(row.adminId, [...(sites.get(row.adminId) ?? []), row.site]);
  return sites;
}

export type InviteOutcome = { ok: true; link: string; adminId: number } | { ok: false; reason: "exists" | "sites" };

/** The sites a person works on; an owner grants only these (the owner of one development cannot open another's console to anyone). */
async function ownSites(executor: Executor, adminId: number) {
  return (await executor.select({ site: adminSites.site }).from(adminSites).where(eq(adminSites.adminId, adminId))).map((row) => row.site);
}

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
    const granted = await ownSites(tx, change.actor.id);
    if (person.sites.length === 0 || !person.sites.every((site) => granted.includes(site))) return "sites" as const;
    const [existing] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.email, email));
    if (existing) return "exists" as const;
    const [admin] = await tx
      .insert(admins)
      .values({ email, name: person.name, mobile: person.mobile, role: person.role, createdAt: now })
      .returning({ id: admins.id });
    await tx.insert(adminSites).values(person.sites.map((site) => ({ adminId: admin!.id, site })));
    await tx.insert(invitations).values({
      id: hashKey(key),
      adminId: admin!.id,
      invitedBy: change.actor.id,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      createdAt: now,
    });
    await textInvitation(tx, change.site, person.mobile, link, now);
    await recordAccess(
      { ...change, action: "staff.invite", detail: { adminId: admin!.id, role: person.role, sites: person.sites } },
      { executor: tx, now },
    );
    return admin!.id;
  });
  if (typeof adminId === "string") return { ok: false, reason: adminId };
  wakeOutboxWorker();
  return { ok: true, link, adminId };
}

/** A new link for a person who has not taken up their invitation (the old one stops working). */
export async function reinvite(change: ChangeContext, adminId: number, now = new Date()): Promise<string | null> {
  const key = crypto.randomBytes(32).toString("base64url");
  const link = `${siteOrigin(change.site)}/admin/invite/${key}`;
  const done = await db().transaction(async (tx) => {
    const [admin] = await tx
      .select({ mobile: admins.mobile })
      .from(admins)
      .where(and(eq(admins.id, adminId), isNull(admins.passwordHash)));
    if (!admin) return false;
    await tx.delete(invitations).where(eq(invitations.adminId, adminId));
    await tx.insert(invitations).values({
      id: hashKey(key),
      adminId,
      invitedBy: change.actor.id,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      createdAt: now,
    });
    if (admin.mobile) await textInvitation(tx, change.site, admin.mobile, link, now);
    await recordAccess({ ...change, action: "staff.invite", detail: { adminId, again: true } }, { executor: tx, now });
    return true;
  });
  if (!done) return null;
  wakeOutboxWorker();
  return link;
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

type StaffChange = { ok: true } | { ok: false; message: string };

/** The target must work on the site whose console changes it: the owner of one site cannot reach another's staff. */
async function targetOn(executor: Executor, site: string, adminId: number) {
  const [target] = await executor
    .select({ id: admins.id, role: admins.role, disabledAt: admins.disabledAt })
    .from(admins)
    .innerJoin(adminSites, and(eq(adminSites.adminId, admins.id), eq(adminSites.site, site)))
    .where(eq(admins.id, adminId));
  return target;
}

/** At least one active owner must remain, or nobody could manage staff again. */
async function otherActiveOwners(executor: Executor, adminId: number) {
  const [row] = await executor
    .select({ value: count() })
    .from(admins)
    .where(and(eq(admins.role, "owner"), isNull(admins.disabledAt), ne(admins.id, adminId)));
  return row?.value ?? 0;
}

const LAST_OWNER = "마지막 대표 계정은 바꾸거나 사용 중지할 수 없습니다. 다른 대표 계정을 먼저 만들어 주세요.";
const NOT_FOUND = "이 사이트의 직원이 아닙니다.";
// An owner who demoted or disabled themselves by a slip could lock the office out of its staff page.
const SELF = "자기 계정의 역할·사이트·사용 여부·2단계 인증은 다른 대표 계정에서 바꿔야 합니다.";
const SITES = "직접 관리하는 사이트만 맡길 수 있습니다.";

export async function changeRole(change: ChangeContext, adminId: number, role: Role, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    if (adminId === change.actor.id) return { ok: false, message: SELF };
    const target = await targetOn(tx, change.site, adminId);
    if (!target) return { ok: false, message: NOT_FOUND };
    if (target.role === role) return { ok: true };
    if (target.role === "owner" && (await otherActiveOwners(tx, adminId)) === 0) return { ok: false, message: LAST_OWNER };
    await tx.update(admins).set({ role }).where(eq(admins.id, adminId));
    // New rights take effect at the next sign-in: sessions of the old role end now.
    await endAccountSessions(tx, adminId);
    await recordAccess({ ...change, action: "staff.role", detail: { adminId, from: target.role, to: role } }, { executor: tx, now });
    return { ok: true };
  });
}

export async function setStaffSites(change: ChangeContext, adminId: number, sites: string[], now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    if (adminId === change.actor.id) return { ok: false, message: SELF };
    const target = await targetOn(tx, change.site, adminId);
    if (!target) return { ok: false, message: NOT_FOUND };
    const granted = await ownSites(tx, change.actor.id);
    if (sites.length === 0 || !sites.every((site) => granted.includes(site))) return { ok: false, message: SITES };
    const before = await ownSites(tx, adminId);
    // Sites the owner does not work on stay as they were: only their own are theirs to give or take.
    const after = [...new Set([...before.filter((site) => !granted.includes(site)), ...sites])].sort();
    await tx.delete(adminSites).where(eq(adminSites.adminId, adminId));
    await tx.insert(adminSites).values(after.map((site) => ({ adminId, site })));
    await recordAccess({ ...change, action: "staff.sites", detail: { adminId, from: before.sort(), to: after } }, { executor: tx, now });
    return { ok: true };
  });
}

/** Disabling ends every session of the account at once; the account and its records stay. */
export async function disableStaff(change: ChangeContext, adminId: number, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    if (adminId === change.actor.id) return { ok: false, message: SELF };
    const target = await targetOn(tx, change.site, adminId);
    if (!target) return { ok: false, message: NOT_FOUND };
    if (target.disabledAt) return { ok: true };
    if (target.role === "owner" && (await otherActiveOwners(tx, adminId)) === 0) return { ok: false, message: LAST_OWNER };
    await tx.update(admins).set({ disabledAt: now }).where(eq(admins.id, adminId));
    await endAccountSessions(tx, adminId);
    await recordAccess({ ...change, action: "staff.disable", detail: { adminId } }, { executor: tx, now });
    return { ok: true };
  });
}

export async function enableStaff(change: ChangeContext, adminId: number, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    const target = await targetOn(tx, change.site, adminId);
    if (!target) return { ok: false, message: NOT_FOUND };
    if (!target.disabledAt) return { ok: true };
    await tx.update(admins).set({ disabledAt: null }).where(eq(admins.id, adminId));
    await recordAccess({ ...change, action: "staff.enable", detail: { adminId } }, { executor: tx, now });
    return { ok: true };
  });
}

/** A lost phone: the second factor and recovery codes are cleared; the next sign-in enrols again. */
export async function resetSecondFactor(change: ChangeContext, adminId: number, now = new Date()): Promise<StaffChange> {
  return db().transaction(async (tx) => {
    if (adminId === change.actor.id) return { ok: false, message: SELF };
    const target = await targetOn(tx, change.site, adminId);
    if (!target) return { ok: false, message: NOT_FOUND };
    await tx.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(admins.id, adminId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
    await endAccountSessions(tx, adminId);
    await recordAccess({ ...change, action: "staff.reset-second-factor", detail: { adminId } }, { executor: tx, now });
    return { ok: true };
  });
}

/** One's own new password: the current one first; every other session of the account ends. */
export async function changeOwnPassword(
  change: ChangeContext,
  { current, next, sessionId }: { current: string; next: string; sessionId: string },
  now = new Date(),
): Promise<StaffChange> {
  const [admin] = await db()
    .select({ email: admins.email, name: admins.name, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, change.actor.id));
  if (!admin?.passwordHash || !(await verifyPassword(current, admin.passwordHash)))
    return { ok: false, message: "지금 쓰는 비밀번호가 맞지 않습니다." };
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

/** "Sign out everywhere": every session of the account ends, this one included. */
export async function signOutEverywhere(change: ChangeContext, now = new Date()) {
  await db().transaction(async (tx) => {
    await endAccountSessions(tx, change.actor.id);
    await recordAccess({ ...change, action: "auth.sign-out-everywhere" }, { executor: tx, now });
  });
}
