import { describe, expect, test } from "vitest";
import { notesFor, showsLiveLeads, type Alert } from "./live-alerts.tsx";

const alert = (type: Alert["type"], leadId: number): Alert => ({ type, leadId, kindLabel: "관심고객", maskedName: `김*${leadId}` });

describe("the console's browser notifications for a burst of alerts", () => {
  test("a few new leads make one notification each, opening each lead", () => {
    const notes = notesFor([alert("lead", 1), alert("lead", 2), alert("assigned", 3)]);
    expect(notes.map(({ title, path }) => [title, path])).toEqual([
      ["새 고객이 접수되었습니다", "/admin/leads/1"],
      ["새 고객이 접수되었습니다", "/admin/leads/2"],
      ["고객이 배정되었습니다", "/admin/leads/3"],
    ]);
    expect(notes[0]!.body).toBe("김*1 · 관심고객");
  });

  test("an import's hundred new leads make one notification that counts them and opens the inbox, and its assignments one that opens the person's own list", () => {
    const burst = [
      ...Array.from({ length: 100 }, (_, index) => alert("lead", index + 1)),
      ...Array.from({ length: 40 }, (_, index) => alert("assigned", index + 1)),
    ];
    expect(notesFor(burst).map(({ title, path }) => [title, path])).toEqual([
      ["새 고객 100명이 접수되었습니다", "/admin/leads"],
      ["고객 40명이 배정되었습니다", "/admin/leads?mine=1"],
    ]);
  });

  test("a callback coming due and an arrival keep their own notifications beside a burst of leads", () => {
    const burst = [alert("callback", 7), ...Array.from({ length: 5 }, (_, index) => alert("lead", index + 10)), alert("arrived", 8)];
    expect(notesFor(burst).map(({ title }) => title)).toEqual([
      "새 고객 5명이 접수되었습니다",
      "다시 전화할 시간입니다",
      "고객이 도착했습니다",
    ]);
  });
});

describe("the pages a burst of alerts reloads", () => {
  test("are the dashboard, the inbox, a lead's page and 오늘 할 일, and not the import page whose summary a reload would drop", () => {
    expect(["/admin", "/admin/leads", "/admin/leads/42", "/admin/today"].filter(showsLiveLeads)).toHaveLength(4);
    expect(["/admin/leads/import", "/admin/leads/42/text", "/admin/settings", "/admin/visits"].filter(showsLiveLeads)).toEqual([]);
  });
});
