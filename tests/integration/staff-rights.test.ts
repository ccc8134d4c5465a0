import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { admins, adminSites, auditLog, invitations, leadEvents, leads, smsOutbox } from "#app/.server/schema.ts";
import { disableStaff } from "#app/.server/auth/staff.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { addUnitLead } from "#tests/units.ts";

/**
 * Rights are per site (issue #24, docs/decisions/022-role-per-site.md), asked of the running app
 * over HTTP with two sites, daegu and suwon: an owner of daegu only reaches nobody's rights on
 * suwon, a role changes on one site, what is the account's (disabled, second factor, invitation)
 * changes only by an owner of all its sites, no site is left without an owner, and each site's
 * records hold every change to its staff.
 */

withTestDatabase();
let app: TestApp;
let DAEGU: string;
let SUWON: string;

beforeAll(async () => {
  app = await startTestApp();
  DAEGU = `http://daegu.localhost:${app.port}`;
  SUWON = `http://suwon.localhost:${app.port}`;
});
afterAll(() => app.close());

interface Team {
  /** Owner of daegu and suwon. */
  bothOwner: TestStaff;
  /** Owner of daegu only. */
  daeguOwner: TestStaff;
  manager: TestStaff;
  /** A counsellor on daegu only. */
  counsellor: TestStaff;
  /** A counsellor who also works on suwon. */
  sharedCounsellor: TestStaff;
  /** Invited to be a manager of suwon; has not taken it up. */
  pendingSuwon: TestStaff;
}
let team: Team;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${DAEGU},suwon@${SUWON}`, TRUST_PROXY: "1" }));
  team = {
    bothOwner: await addStaff({ email: "both-owner@example.com", role: "owner", sites: ["daegu", "suwon"], name: "총괄대표" }),
    daeguOwner: await addStaff({ email: "daegu-owner@example.com", role: "owner", sites: ["daegu"], name: "대구대표" }),
    manager: await addStaff({ email: "manager@example.com", role: "manager", sites: ["daegu"], name: "대구실장" }),
    counsellor: await addStaff({ email: "counsellor@example.com", role: "counsellor", sites: ["daegu"], name: "대구상담" }),
    sharedCounsellor: await addStaff({ email: "shared@example.com", role: "counsellor", sites: ["daegu", "suwon"], name: "공동상담" }),
    pendingSuwon: await addStaff({ email: "pending@example.com", role: "manager", sites: ["suwon"], name: "수원대기", invited: true }),
  };
});

/** A signed-in browser on one site's host. */
async function console_(person: { id: number }, origin: string) {
  const site = origin === DAEGU ? "daegu" : "suwon";
  const cookie = await consoleCookie(person, site);
  const headers = (extra: Record<string, string> = {}) => ({
    Host: new URL(origin).host,
    "X-Forwarded-For": "198.51.100.24",
    Cookie: cookie,
    ...extra,
  });
  return {
    get: (path: string) => app.fetch(path, { headers: headers({ Accept: "text/html" }) }),
    post: (path: string, form: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) for (const item of [value].flat()) body.append(name, item);
      return app.fetch(path, {
        method: "POST",
        headers: headers({ Origin: origin, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }),
        body: body.toString(),
      });
    },
  };
}

async function rolesOf(adminId: number) {
  const rows = await db().select().from(adminSites).where(eq(adminSites.adminId, adminId)).orderBy(adminSites.site);
  return Object.fromEntries(rows.map((row) => [row.site, row.role]));
}

/** Each site's enabled owners. */
async function enabledOwners() {
  const rows = await db()
    .select({ site: adminSites.site, adminId: adminSites.adminId })
    .from(adminSites)
    .innerJoin(admins, eq(admins.id, adminSites.adminId))
    .where(and(eq(adminSites.role, "owner"), isNull(admins.disabledAt)));
  const owners: Record<string, number[]> = {};
  for (const row of rows) owners[row.site] = [...(owners[row.site] ?? []), row.adminId].sort();
  return owners;
}

async function rightsRecords() {
  const rows = await db().select().from(auditLog).where(eq(auditLog.chain, "rights")).orderBy(auditLog.id);
  return rows.map((row) => ({ site: row.site, action: row.action, adminId: row.adminId, detail: row.detail }));
}

/** The staff page's entry for one person (their name up to the next person). */
function entryOf(html: string, name: string) {
  const start = html.indexOf(`<strong>${name}</strong>`);
  expect(start, name).toBeGreaterThan(-1);
  const end = html.indexOf('class="admin-staff__person', start);
  return html.slice(start, end === -1 ? undefined : end);
}

describe("an owner of one site", () => {
  test("cannot reissue the invitation of a person invited to another site only", async () => {
    const daegu = await console_(team.daeguOwner, DAEGU);
    const reissued = await daegu.post("/admin/staff", { intent: "reinvite", adminId: String(team.pendingSuwon.id) });
    expect(reissued.status).toBe(403);
    expect(await reissued.text()).toContain("이 사이트의 직원이 아닙니다");
    expect(await db().select().from(invitations)).toEqual([]);
    expect(await db().select().from(smsOutbox)).toEqual([]);
    expect(await rightsRecords()).toEqual([]);
  });

  test("cannot reissue the invitation of a person invited to their site and another; an owner of both can, recorded on both", async () => {
    const pendingBoth = await addStaff({ email: "pending-both@example.com", role: "manager", sites: ["daegu", "suwon"], invited: true });
    const daegu = await console_(team.daeguOwner, DAEGU);
    const refused = await daegu.post("/admin/staff", { intent: "reinvite", adminId: String(pendingBoth.id) });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("그 사이트들을 모두 관리하는 대표 계정만");
    expect(await db().select().from(invitations)).toEqual([]);

    const both = await console_(team.bothOwner, DAEGU);
    expect((await both.post("/admin/staff", { intent: "reinvite", adminId: String(pendingBoth.id) })).status).toBe(200);
    expect(await db().select().from(invitations)).toHaveLength(1);
    expect(await rightsRecords()).toEqual([
      { site: "daegu", action: "staff.invite", adminId: team.bothOwner.id, detail: { adminId: pendingBoth.id, again: true } },
      {
        site: "suwon",
        action: "staff.invite",
        adminId: team.bothOwner.id,
        detail: { adminId: pendingBoth.id, again: true, console: "daegu" },
      },
    ]);
  });

  test("promotes a counsellor who also works on another site on their own site only", async () => {
    const daegu = await console_(team.daeguOwner, DAEGU);
    const promoted = await daegu.post("/admin/staff", { intent: "role", adminId: String(team.sharedCounsellor.id), role: "owner" });
    expect(promoted.status).toBe(200);
    expect(await rolesOf(team.sharedCounsellor.id)).toEqual({ daegu: "owner", suwon: "counsellor" });
    // On suwon they are still a counsellor: the staff page, and every owner's right, stays closed to them.
    const onSuwon = await console_(team.sharedCounsellor, SUWON);
    expect((await onSuwon.get("/admin/staff")).status).toBe(403);
    expect((await onSuwon.get("/admin/audit")).status).toBe(403);
    const onDaegu = await console_(team.sharedCounsellor, DAEGU);
    expect((await onDaegu.get("/admin/staff")).status).toBe(200);
    // The change is daegu's alone, and recorded there.
    expect(await rightsRecords()).toEqual([
      {
        site: "daegu",
        action: "staff.role",
        adminId: team.daeguOwner.id,
        detail: { adminId: team.sharedCounsellor.id, from: "counsellor", to: "owner" },
      },
    ]);
  });

  test("demoting the all-sites owner on their site leaves that owner's other sites as they were", async () => {
    const daegu = await console_(team.daeguOwner, DAEGU);
    const demoted = await daegu.post("/admin/staff", { intent: "role", adminId: String(team.bothOwner.id), role: "counsellor" });
    expect(demoted.status).toBe(200);
    expect(await rolesOf(team.bothOwner.id)).toEqual({ daegu: "counsellor", suwon: "owner" });
    expect(await enabledOwners()).toEqual({ daegu: [team.daeguOwner.id], suwon: [team.bothOwner.id] });
    const onSuwon = await console_(team.bothOwner, SUWON);
    expect((await onSuwon.get("/admin/staff")).status).toBe(200);
    // Nor can the daegu owner then disable suwon's only owner: the account is not theirs alone.
    const disabled = await daegu.post("/admin/staff", { intent: "disable", adminId: String(team.bothOwner.id) });
    expect(disabled.status).toBe(403);
    expect(await enabledOwners()).toEqual({ daegu: [team.daeguOwner.id], suwon: [team.bothOwner.id] });
  });

  test("cannot disable, re-enable or reset the second factor of a person who also works on another site", async () => {
    const daegu = await console_(team.daeguOwner, DAEGU);
    const target = String(team.sharedCounsellor.id);
    for (const intent of ["disable", "reset-second-factor"]) {
      const refused = await daegu.post("/admin/staff", { intent, adminId: target });
      expect(refused.status, intent).toBe(403);
      expect(await refused.text()).toContain("그 사이트들을 모두 관리하는 대표 계정만");
    }
    const [account] = await db().select().from(admins).where(eq(admins.id, team.sharedCounsellor.id));
    expect(account).toMatchObject({ disabledAt: null, totpSecret: team.sharedCounsellor.secret });
    // Disabled by an owner of both, they are not the daegu owner's to enable again.
    const both = await console_(team.bothOwner, DAEGU);
    expect((await both.post("/admin/staff", { intent: "disable", adminId: target })).status).toBe(200);
    expect((await daegu.post("/admin/staff", { intent: "enable", adminId: target })).status).toBe(403);
    const [still] = await db().select().from(admins).where(eq(admins.id, team.sharedCounsellor.id));
    expect(still!.disabledAt).not.toBeNull();
    // Someone on daegu only is theirs to disable.
    expect((await daegu.post("/admin/staff", { intent: "disable", adminId: String(team.counsellor.id) })).status).toBe(200);
  });

  test("invites and gives sites only where they are owner, not where they hold a lesser role", async () => {
    const mixed = await addStaff({ email: "mixed@example.com", role: "owner", sites: ["daegu", "suwon"], roles: { suwon: "manager" } });
    const daegu = await console_(mixed, DAEGU);
    const invite = { intent: "invite", name: "김직원", email: "new@example.com", mobile: "010-1111-2222", role: "manager" };
    const refused = await daegu.post("/admin/staff", { ...invite, sites: ["daegu", "suwon"] });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("직접 관리하는 사이트만");
    expect(await db().select().from(admins).where(eq(admins.email, "new@example.com"))).toEqual([]);
    const sites = await daegu.post("/admin/staff", { intent: "sites", adminId: String(team.counsellor.id), sites: ["daegu", "suwon"] });
    expect(sites.status).toBe(403);
    expect(await rolesOf(team.counsellor.id)).toEqual({ daegu: "counsellor" });
    // Their own site: done, and the manager's role there is a manager's.
    expect((await daegu.post("/admin/staff", { ...invite, sites: "daegu" })).status).toBe(200);
    const [invited] = await db().select().from(admins).where(eq(admins.email, "new@example.com"));
    expect(await rolesOf(invited!.id)).toEqual({ daegu: "manager" });
    // On suwon, where they are a manager, the staff page is closed to them.
    expect((await (await console_(mixed, SUWON)).get("/admin/staff")).status).toBe(403);
  });

  test("is not offered the buttons that would be refused", async () => {
    const pendingBoth = await addStaff({ email: "pending-both@example.com", role: "manager", sites: ["daegu", "suwon"], invited: true });
    const html = await (await (await console_(team.daeguOwner, DAEGU)).get("/admin/staff")).text();
    const shared = entryOf(html, "공동상담");
    expect(shared).toContain("그 사이트들을 모두 관리하는 대표 계정만");
    expect(shared).not.toMatch(/value="(disable|enable|reset-second-factor|reinvite)"/);
    expect(shared).toMatch(/value="role"/);
    expect(entryOf(html, pendingBoth.name)).not.toMatch(/value="reinvite"/);
    expect(entryOf(html, "총괄대표")).not.toMatch(/value="(disable|reset-second-factor)"/);
    const local = entryOf(html, "대구상담");
    expect(local).toMatch(/value="disable"/);
    expect(local).toMatch(/value="reset-second-factor"/);
    // Suwon's pending manager is not on daegu's page at all.
    expect(html).not.toContain("수원대기");
    // An owner of both sites is offered all of it.
    const theirs = entryOf(await (await (await console_(team.bothOwner, DAEGU)).get("/admin/staff")).text(), "공동상담");
    expect(theirs).toMatch(/value="disable"/);
    expect(theirs).toMatch(/value="reset-second-factor"/);
  });
});

describe("no site is left without an owner", () => {
  test("two owners of a site disabling each other at the same moment leave it one, though another site has its own owner", async () => {
    // Daegu's only owner; suwon has its own.
    await db()
      .delete(adminSites)
      .where(and(eq(adminSites.adminId, team.bothOwner.id), eq(adminSites.site, "daegu")));
    const second = await addStaff({ email: "second-owner@example.com", role: "owner", sites: ["daegu"] });
    const change = (actor: TestStaff) => ({ site: "daegu", actor, clientAddress: "198.51.100.9" });
    const outcomes = await Promise.all([
      disableStaff(change(team.daeguOwner), second.id),
      disableStaff(change(second), team.daeguOwner.id),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({
      refused: "conflict",
      message: expect.stringContaining("대표 계정이 하나는"),
    });
    expect((await enabledOwners()).daegu).toHaveLength(1);
    expect((await enabledOwners()).suwon).toEqual([team.bothOwner.id]);
  });
});

describe("the records of a rights change", () => {
  test("disabling a counsellor hands their open leads on every site back to the unassigned inbox; their contracted and closed leads stay theirs; each lead's history and each site's access records say so", async () => {
    const person = team.sharedCounsellor.id;
    const open = [await addUnitLead({ assigneeId: person }), await addUnitLead({ site: "suwon", assigneeId: person })];
    const done = await addUnitLead({ assigneeId: person });
    await db().update(leads).set({ status: "contracted" }).where(eq(leads.id, done));
    const closed = await addUnitLead({ site: "suwon", assigneeId: person });
    await db().update(leads).set({ status: "closed" }).where(eq(leads.id, closed));
    const someoneElses = await addUnitLead({ assigneeId: team.counsellor.id });

    const both = await console_(team.bothOwner, DAEGU);
    expect((await both.post("/admin/staff", { intent: "disable", adminId: String(person) })).status).toBe(200);

    const rows = await db().select({ id: leads.id, assigneeId: leads.assigneeId }).from(leads).orderBy(leads.id);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.assigneeId]))).toEqual({
      [open[0]!]: null,
      [open[1]!]: null,
      [done]: person,
      [closed]: person,
      [someoneElses]: team.counsellor.id,
    });
    const events = await db().select().from(leadEvents).where(eq(leadEvents.kind, "handed-back")).orderBy(leadEvents.leadId);
    expect(events.map((event) => [event.leadId, event.actorEmail, event.detail])).toEqual(
      open.map((id) => [id, team.bothOwner.email, { fromId: person, fromName: "공동상담", why: "disabled" }]),
    );
    // Each site's access records name its own leads, nothing of the other site's.
    const assigned = await db().select().from(auditLog).where(eq(auditLog.action, "lead.assign")).orderBy(auditLog.id);
    expect(assigned.map((record) => [record.site, record.leadIds, record.detail])).toEqual([
      ["daegu", [open[0]], { to: null, how: "handed-back", why: "disabled", from: [person] }],
      ["suwon", [open[1]], { to: null, how: "handed-back", why: "disabled", from: [person] }],
    ]);
    // The lead's page says where it went.
    const page = await (await console_(team.bothOwner, DAEGU)).get(`/admin/leads/${open[0]}`);
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("공동상담 님이 사용 중지되어 미배정으로 돌아감");
  });

  test("taking a counsellor off one site hands back only that site's open leads", async () => {
    const person = team.sharedCounsellor.id;
    const daeguLead = await addUnitLead({ assigneeId: person });
    const suwonLead = await addUnitLead({ site: "suwon", assigneeId: person });
    const both = await console_(team.bothOwner, DAEGU);
    expect((await both.post("/admin/staff", { intent: "sites", adminId: String(person), sites: ["daegu"] })).status).toBe(200);
    const rows = await db().select({ id: leads.id, assigneeId: leads.assigneeId }).from(leads).orderBy(leads.id);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.assigneeId]))).toEqual({ [daeguLead]: person, [suwonLead]: null });
    const [event] = await db().select().from(leadEvents).where(eq(leadEvents.leadId, suwonLead));
    expect(event).toMatchObject({ kind: "handed-back", detail: { why: "left-site" } });
  });

  test("are filed on every site the change touches, naming the console it was made from", async () => {
    const both = await console_(team.bothOwner, DAEGU);
    expect((await both.post("/admin/staff", { intent: "disable", adminId: String(team.sharedCounsellor.id) })).status).toBe(200);
    expect((await both.post("/admin/staff", { intent: "reset-second-factor", adminId: String(team.sharedCounsellor.id) })).status).toBe(
      200,
    );
    expect((await both.post("/admin/staff", { intent: "sites", adminId: String(team.manager.id), sites: ["daegu", "suwon"] })).status).toBe(
      200,
    );
    expect(await rolesOf(team.manager.id)).toEqual({ daegu: "manager", suwon: "manager" });
    const records = await rightsRecords();
    const where = (action: string) => records.filter((record) => record.action === action).map((record) => record.site);
    expect(where("staff.disable")).toEqual(["daegu", "suwon"]);
    expect(where("staff.reset-second-factor")).toEqual(["daegu", "suwon"]);
    expect(where("staff.sites")).toEqual(["daegu", "suwon"]);
    expect(records.filter((record) => record.site === "suwon").map((record) => record.detail.console)).toEqual(["daegu", "daegu", "daegu"]);
    // Suwon's owner reads them in suwon's own records.
    const suwonOwner = await addStaff({ email: "suwon-owner@example.com", role: "owner", sites: ["suwon"], name: "수원대표" });
    const audit = await (await console_(suwonOwner, SUWON)).get("/admin/audit");
    expect(audit.status).toBe(200);
    const details = [...(await audit.text()).matchAll(/<td data-label="내용" class="admin-audit__detail">(.*?)<\/td>/g)].map(
      (match) => match[1],
    );
    expect(details).toEqual([
      "대구실장: daegu → daegu, suwon (동대구 온빛채 센트럴 관리자 화면에서)",
      "공동상담 (동대구 온빛채 센트럴 관리자 화면에서)",
      "공동상담 (동대구 온빛채 센트럴 관리자 화면에서)",
    ]);
  });
});
