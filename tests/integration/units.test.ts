import { and, desc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, test } from "vitest";
import type { ChangeContext } from "#app/.server/audit/records.ts";
import { contentVersion } from "#app/.server/content/content-version.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { moveLeadToBin, restoreLead } from "#app/.server/leads/bin.ts";
import { auditLog, leadEvents, leads, leadStatusChanges, unitChanges, units, unitSettings } from "#app/.server/schema.ts";
import { unitBoard } from "#app/.server/units/board.ts";
import { contractUnit, holdUnit, releaseUnit, undoContract } from "#app/.server/units/holds.ts";
import { importUnits, previewUnitImport, readUnitFile } from "#app/.server/units/import.ts";
import { editUnit } from "#app/.server/units/inventory.ts";
import { remainingByType, remainingUnits } from "#app/.server/units/remaining.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, addTeam, type TestStaff } from "#tests/staff.ts";
import { addBuilding, addUnitLead } from "#tests/units.ts";

/** The unit inventory (issue #30, items 1–3): holds, sales, the import and the public counts. */

setEnv(parseEnv({ SITE_URL: "http://localhost:3000", SESSION_SECRET: "units-integration-test-secret-0123456789" }));
withTestDatabase();

let team: Awaited<ReturnType<typeof addTeam>>;
beforeEach(async () => {
  team = await addTeam();
});

const as = (staff: TestStaff): ChangeContext => ({
  site: "daegu",
  actor: { id: staff.id, email: staff.email, role: staff.role },
  clientAddress: "203.0.113.7",
});
const HOUR = 3_600_000;

async function unit(id: number) {
  const [row] = await db().select().from(units).where(eq(units.id, id));
  return row!;
}

async function leadStatus(id: number) {
  const [row] = await db().select({ status: leads.status }).from(leads).where(eq(leads.id, id));
  return row!.status;
}

/** The public counts, and what the board says they should be: for sale or held counts, sold and 비공개 do not. */
async function expectPublicCountsMatchBoard() {
  const board = await unitBoard("daegu", { id: team.owner.id, role: "owner" });
  const expected = new Map<string, { remaining: number; total: number }>();
  for (const row of board) {
    if (row.status === "hidden") continue;
    const entry = expected.get(row.typeKey) ?? { remaining: 0, total: 0 };
    entry.total++;
    if (row.status !== "contracted") entry.remaining++;
    expected.set(row.typeKey, entry);
  }
  const counts = await remainingByType("daegu");
  expect(Object.fromEntries(counts.map((count) => [count.typeKey, { remaining: count.remaining, total: count.total }]))).toEqual(
    Object.fromEntries(expected),
  );
  return counts;
}

describe("holding a unit", () => {
  test("of 100 counsellors holding one unit at once for their customers, exactly one gets it", async () => {
    const [target] = await addBuilding({ floors: 1, lines: 1 });
    const people = await Promise.all(
      Array.from({ length: 100 }, (_, index) => addStaff({ email: `c${index}@example.com`, role: "counsellor", name: `상담${index}` })),
    );
    const leadIds = await Promise.all(people.map((person) => addUnitLead({ assigneeId: person.id })));
    const outcomes = await Promise.all(people.map((person, index) => holdUnit(as(person), target!.id, leadIds[index]!)));
    expect(outcomes.filter((outcome) => outcome.outcome === "done")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === "taken")).toHaveLength(99);
    const winner = outcomes.findIndex((outcome) => outcome.outcome === "done");
    const held = await unit(target!.id);
    expect(held).toMatchObject({ status: "held", leadId: leadIds[winner], heldBy: people[winner]!.id });
    expect(await db().select().from(unitChanges).where(eq(unitChanges.unitId, target!.id))).toHaveLength(1);
  });

  test("a hold runs out by itself: past its hours the unit is for sale on the board and another counsellor holds it", async () => {
    await db().insert(unitSettings).values({ site: "daegu", holdHours: 2 });
    const [target] = await addBuilding({ floors: 1, lines: 1 });
    const other = await addStaff({ email: "other@example.com", role: "counsellor" });
    const first = await addUnitLead({ assigneeId: team.counsellor.id });
    const second = await addUnitLead({ assigneeId: other.id });
    const start = new Date();
    expect((await holdUnit(as(team.counsellor), target!.id, first, start)).outcome).toBe("done");
    expect((await holdUnit(as(other), target!.id, second, new Date(start.getTime() + HOUR))).outcome).toBe("taken");
    const later = new Date(start.getTime() + 2 * HOUR + 1000);
    const [row] = await unitBoard("daegu", { id: other.id, role: "counsellor" }, later);
    expect(row).toMatchObject({ status: "available", leadId: null, heldBy: null });
    expect((await holdUnit(as(other), target!.id, second, later)).outcome).toBe("done");
    expect(await unit(target!.id)).toMatchObject({ status: "held", leadId: second, heldBy: other.id });
  });

  test("a counsellor holds only for a customer they work, and only the holder or a manager lets the hold go", async () => {
    const [target] = await addBuilding({ floors: 1, lines: 1 });
    const theirs = await addUnitLead({ assigneeId: team.manager.id });
    expect((await holdUnit(as(team.counsellor), target!.id, theirs)).outcome).toBe("not-your-lead");
    const mine = await addUnitLead({ assigneeId: team.counsellor.id });
    expect((await holdUnit(as(team.counsellor), target!.id, mine)).outcome).toBe("done");
    const other = await addStaff({ email: "other@example.com", role: "counsellor" });
    expect(await releaseUnit(as(other), target!.id)).toBe("not-holder");
    expect(await releaseUnit(as(team.manager), target!.id)).toBe("done");
    expect(await unit(target!.id)).toMatchObject({ status: "available", leadId: null });
  });

  test("deleting a customer lets their live holds go at once and keeps their sold unit sold; the unit's and the lead's histories and the access record say so", async () => {
    const [held, sold, other] = await addBuilding({ floors: 1, lines: 3 });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    const someoneElse = await addUnitLead({ assigneeId: team.counsellor.id });
    await holdUnit(as(team.counsellor), held!.id, lead);
    await holdUnit(as(team.counsellor), sold!.id, lead);
    await contractUnit(as(team.manager), sold!.id);
    await holdUnit(as(team.counsellor), other!.id, someoneElse);
    const versionBefore = await contentVersion(db(), "daegu");

    expect(await moveLeadToBin(as(team.manager), lead)).toBe("done");

    expect(await unit(held!.id)).toMatchObject({ status: "available", leadId: null, heldBy: null, heldUntil: null });
    expect(await unit(sold!.id)).toMatchObject({ status: "contracted", leadId: lead });
    expect(await unit(other!.id)).toMatchObject({ status: "held", leadId: someoneElse });
    expect(await contentVersion(db(), "daegu")).not.toBe(versionBefore);
    const [release] = await db().select().from(unitChanges).where(eq(unitChanges.unitId, held!.id)).orderBy(desc(unitChanges.id)).limit(1);
    expect(release).toMatchObject({
      kind: "released",
      fromStatus: "held",
      toStatus: "available",
      leadId: lead,
      actorEmail: team.manager.email,
      detail: { reason: "lead-deleted" },
    });
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead)).orderBy(leadEvents.id);
    expect(events.at(-1)).toMatchObject({ kind: "unit", actorEmail: team.manager.email, detail: { unitId: held!.id, change: "released" } });
    const [record] = await db().select().from(auditLog).where(eq(auditLog.action, "lead.delete"));
    expect(record).toMatchObject({ leadIds: [lead], detail: { releasedUnits: [held!.id] } });
    expect((await holdUnit(as(team.counsellor), held!.id, someoneElse)).outcome).toBe("done");

    // A restored lead comes back without the hold: the unit may have gone to someone else meanwhile.
    expect(await restoreLead(as(team.manager), lead)).toBe("done");
    expect(await unit(held!.id)).toMatchObject({ status: "held", leadId: someoneElse });
  });
});

describe("selling a unit", () => {
  test("계약 완료 sells the held unit and makes its lead 계약 완료 in the same change; undoing puts both back", async () => {
    const [target] = await addBuilding({ floors: 1, lines: 1 });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    await db().update(leads).set({ status: "visited" }).where(eq(leads.id, lead));
    expect(await contractUnit(as(team.manager), target!.id)).toBe("not-held");
    await holdUnit(as(team.counsellor), target!.id, lead);
    expect(await contractUnit(as(team.counsellor), target!.id)).toBe("forbidden");
    expect(await contractUnit(as(team.manager), target!.id)).toBe("done");
    expect(await unit(target!.id)).toMatchObject({ status: "contracted", leadId: lead });
    expect(await leadStatus(lead)).toBe("contracted");
    const history = await db().select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, lead));
    expect(history.map((change) => [change.fromStatus, change.toStatus])).toEqual([["visited", "contracted"]]);

    expect(await undoContract(as(team.manager), target!.id)).toBe("done");
    expect(await unit(target!.id)).toMatchObject({ status: "available", leadId: null });
    expect(await leadStatus(lead)).toBe("visited");
    const kinds = await db()
      .select({ kind: unitChanges.kind })
      .from(unitChanges)
      .where(eq(unitChanges.unitId, target!.id))
      .orderBy(unitChanges.id);
    expect(kinds.map((row) => row.kind)).toEqual(["held", "contracted", "contract-undone"]);
    const records = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.action, "units.change"));
    expect(records).toHaveLength(3);
  });

  test("a sale that fails half-way changes neither the unit nor the lead", async () => {
    const [target] = await addBuilding({ floors: 1, lines: 1 });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    await holdUnit(as(team.counsellor), target!.id, lead);
    // A manager whose account is gone cannot author the lead's status change: the whole sale rolls back.
    const ghost: ChangeContext = { ...as(team.manager), actor: { id: 999_999, email: "ghost@example.com", role: "manager" } };
    await expect(contractUnit(ghost, target!.id)).rejects.toThrow();
    expect(await unit(target!.id)).toMatchObject({ status: "held", leadId: lead });
    expect(await leadStatus(lead)).toBe("new");
  });
});

describe("the public counts", () => {
  test("match the board after a hold, its expiry, a sale, its undoing, hiding, an edit and an import", async () => {
    await db().insert(unitSettings).values({ site: "daegu", holdHours: 1, remainingSource: "board" });
    const built = await addBuilding({ floors: 2, lines: 2 });
    const [a, b, c] = built;
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    const versions = [await contentVersion(db(), "daegu")];
    const step = async () => {
      versions.push(await contentVersion(db(), "daegu"));
      return expectPublicCountsMatchBoard();
    };
    expect(await step()).toEqual([
      { typeKey: "84A", remaining: 2, total: 2 },
      { typeKey: "84B", remaining: 2, total: 2 },
    ]);
    const start = new Date();
    await holdUnit(as(team.counsellor), a!.id, lead, start);
    // Held is still for sale to the public.
    expect((await step())[0]).toEqual({ typeKey: "84A", remaining: 2, total: 2 });
    await expectPublicCountsMatchBoard();
    await holdUnit(as(team.counsellor), c!.id, lead, new Date(start.getTime() - 2 * HOUR));
    // An expired hold: nothing to write, the public figure never counted it as sold.
    expect((await step())[0]).toEqual({ typeKey: "84A", remaining: 2, total: 2 });
    await contractUnit(as(team.manager), a!.id);
    expect((await step())[0]).toEqual({ typeKey: "84A", remaining: 1, total: 2 });
    expect((await remainingUnits("daegu", {})).line).toBe("잔여세대 84A 1세대 · 84B 2세대");
    await undoContract(as(team.manager), a!.id);
    expect((await step())[0]).toEqual({ typeKey: "84A", remaining: 2, total: 2 });
    expect(await editUnit(as(team.manager), b!.id, { typeKey: "84B", price: null, hidden: true }, new Date())).toBe("done");
    expect((await step())[1]).toEqual({ typeKey: "84B", remaining: 1, total: 1 });
    expect(await editUnit(as(team.manager), b!.id, { typeKey: "84A", price: 510_000_000, hidden: false })).toBe("done");
    expect(await step()).toEqual([
      { typeKey: "84A", remaining: 3, total: 3 },
      { typeKey: "84B", remaining: 1, total: 1 },
    ]);
    const preview = previewUnitImport("daegu", team.manager.id, {
      fileName: "배치표.csv",
      headers: ["동", "층", "호", "타입", "상태"],
      rows: [
        { line: 2, building: "101", floor: "2", unit: "202", typeKey: "84B", price: "", status: "계약완료" },
        { line: 3, building: "102", floor: "1", unit: "1", typeKey: "59A", price: "", status: "" },
      ],
    });
    expect(await importUnits(as(team.manager), preview.batch)).toMatchObject({ outcome: "imported", added: 1, updated: 1 });
    expect(await step()).toEqual([
      { typeKey: "59A", remaining: 1, total: 1 },
      { typeKey: "84A", remaining: 3, total: 3 },
      { typeKey: "84B", remaining: 0, total: 1 },
    ]);
    expect((await remainingUnits("daegu", {})).line).toBe("잔여세대 59A 1세대 · 84A 3세대 · 84B 잔여 없음");
    // Every change the public sees moved the content version, so every instance's page cache drops its pages.
    const changes = versions.slice(1).map((version, index) => version > versions[index]!);
    expect(changes).toEqual([false, true, true, true, true, true, true, true]);
  });

  test("say nothing when the board is chosen but empty, the office's line when it chooses it, nothing when it turns them off", async () => {
    const settings = { remainingUnitsLine: "잔여세대 12세대 선착순 분양 중" };
    expect((await remainingUnits("daegu", settings)).line).toBe(settings.remainingUnitsLine);
    await db().insert(unitSettings).values({ site: "daegu", remainingSource: "board" });
    expect((await remainingUnits("daegu", settings)).line).toBeNull();
    await addBuilding({ floors: 1, lines: 1, types: ["84A"] });
    expect((await remainingUnits("daegu", settings)).line).toBe("잔여세대 84A 1세대");
    await db().update(unitSettings).set({ remainingSource: "off" }).where(eq(unitSettings.site, "daegu"));
    expect((await remainingUnits("daegu", settings)).line).toBeNull();
  });
});

describe("importing a 배치표", () => {
  async function workbook(rows: unknown[][]) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("배치표");
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  test("a file with problems reports each row with its problems, and imports only the good rows", async () => {
    const file = await readUnitFile(
      "배치표.xlsx",
      await workbook([
        ["동", "층", "호수", "주택형", "분양가", "상태"],
        ["101동", 12, 1203, "84A㎡", "52,000만원", ""],
        ["101", 12, 1203, "84A", "", ""],
        ["", 3, 1, "84A", "", ""],
        ["101", "지하", 2, "84B", "", ""],
        ["101", 5, 607, "84B", "", ""],
        ["101", 5, 2, "99Z", "오억", "모름"],
        ["102", 1, 1, "59a", 480000000, "비공개"],
      ]),
    );
    const preview = previewUnitImport("daegu", team.manager.id, file);
    expect(preview).toMatchObject({ total: 7, good: 2, skipped: 5 });
    expect(preview.problemRows.map((row) => [row.line, row.problems])).toEqual([
      [3, ["repeated-in-file"]],
      [4, ["missing-building"]],
      [5, ["bad-floor"]],
      [6, ["bad-line"]],
      [7, ["unknown-type", "bad-price", "bad-status"]],
    ]);
    expect(await importUnits(as(team.manager), preview.batch)).toMatchObject({ outcome: "imported", added: 2, skipped: 5 });
    const stored = await db().select().from(units).where(eq(units.site, "daegu")).orderBy(units.building);
    expect(stored.map((row) => [row.building, row.floor, row.line, row.typeKey, row.price, row.status])).toEqual([
      ["101", 12, 3, "84A", 520_000_000, "available"],
      ["102", 1, 1, "59A", 480_000_000, "hidden"],
    ]);
    const [record] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "units.import"), eq(auditLog.site, "daegu")));
    expect(record?.detail).toMatchObject({ added: 2, skipped: 5 });
  });

  test("an import keeps a unit the console holds or sold as it is", async () => {
    const [target] = await addBuilding({ floors: 1, lines: 1, types: ["84A"] });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    await holdUnit(as(team.counsellor), target!.id, lead);
    const preview = previewUnitImport("daegu", team.manager.id, {
      fileName: "배치표.csv",
      headers: [],
      rows: [{ line: 2, building: "101", floor: "1", unit: "1", typeKey: "84B", price: "", status: "비공개" }],
    });
    expect(await importUnits(as(team.manager), preview.batch)).toMatchObject({ outcome: "imported", kept: 1, updated: 0 });
    expect(await unit(target!.id)).toMatchObject({ status: "held", typeKey: "84A", leadId: lead });
  });
});

describe("the texts' remaining-units line", () => {
  test("the board's template is offered with the board's line, and not at all while the site shows no count", async () => {
    const pack = (await import("#app/.server/site.ts")).sitePack("daegu");
    const { filledTemplates } = await import("#app/.server/leads/texts.ts");
    await db().insert(unitSettings).values({ site: "daegu", remainingSource: "board" });
    const keys = (line: string | null) =>
      filledTemplates(pack, { customerName: "김하늘", staffName: "상담사", remainingUnits: line }).find(
        (t) => t.key === "remaining-units-board",
      );
    expect(keys((await remainingUnits("daegu", {})).line)).toBeUndefined();
    await addBuilding({ floors: 1, lines: 2 });
    const template = keys((await remainingUnits("daegu", {})).line);
    expect(template?.text).toContain("현재 잔여세대 84A 1세대 · 84B 1세대");
  });
});
