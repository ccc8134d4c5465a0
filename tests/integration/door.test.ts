import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { subscribe, type LiveAlert } from "#app/.server/live-alerts.ts";
import {
  auditLog,
  consoleSettings,
  leads,
  leadStatusChanges,
  sessions,
  siteSettings,
  smsOutbox,
  uploads,
  visitBookings,
  visitSlots,
} from "#app/.server/schema.ts";
import { checkInBooking, checkInByKey, findDoorVisitors } from "#app/.server/visits/check-in.ts";
import { registerWalkIn } from "#app/.server/visits/walk-in.ts";
import { DOOR_REFUSALS } from "#app/forms/door.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { consoleRequest } from "#tests/console-request.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addUnitLead } from "#tests/units.ts";
import { forgetAllPages } from "#server/page-cache.ts";
import { uniquePhone } from "#tests/lead-requests.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * The model house's door (issue #29, items 4–6): checking a booking in by its entry QR or a search,
 * refusals for another site's and a used key, walk-ins as visited leads, the kiosk kept on its
 * screen, the booking's calendar entry, and the location page's way there with and without a map key.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@http://there.localhost:${app.port}`, TRUST_PROXY: "1", LEADS_RATE_LIMIT: "off" }));
  team = await addTeam();
  // The location page is cached for everyone: each test's settings must be read afresh.
  forgetAllPages();
});

const desk = (actor: TestStaff, site = "daegu") => ({ site, actor, clientAddress: "203.0.113.7" });

/** A booking on `day` (today unless told) of a lead assigned to `assigneeId`, with its personal key. */
async function addBooking({
  site = "daegu",
  day = kstDay(new Date()),
  name = "김하늘",
  phone = uniquePhone(),
  assigneeId = null as number | null,
  status = "booked" as "booked" | "visited" | "cancelled",
} = {}) {
  const leadId = await addUnitLead({ site, name, phone, assigneeId });
  const startsAt = new Date(`${day}T14:00:00+09:00`);
  const [slot] = await db()
    .insert(visitSlots)
    .values({ site, day, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), capacity: 10 })
    .onConflictDoNothing()
    .returning({ id: visitSlots.id });
  const slotId =
    slot?.id ??
    (
      await db()
        .select({ id: visitSlots.id })
        .from(visitSlots)
        .where(and(eq(visitSlots.site, site), eq(visitSlots.startsAt, startsAt)))
    )[0]!.id;
  const linkToken = crypto.randomBytes(16).toString("base64url").slice(0, 22);
  const [booking] = await db()
    .insert(visitBookings)
    .values({ site, slotId, leadId, name, phone, status, linkToken })
    .returning({ id: visitBookings.id });
  return { id: booking!.id, leadId, linkToken, phone };
}

async function bookingStatus(id: number) {
  const [row] = await db().select({ status: visitBookings.status }).from(visitBookings).where(eq(visitBookings.id, id));
  return row!.status;
}

async function leadStatus(id: number) {
  const [row] = await db().select({ status: leads.status }).from(leads).where(eq(leads.id, id));
  return row!.status;
}

describe("checking in at the door", () => {
  test("the entry QR's key checks today's booking in, and the lead becomes 방문 완료 with the desk's access record", async () => {
    const booking = await addBooking({ assigneeId: team.manager.id });
    const checked = await checkInByKey(desk(team.counsellor), booking.linkToken);
    expect(checked).toMatchObject({ ok: true, bookingId: booking.id, name: "김하늘" });
    expect(await bookingStatus(booking.id)).toBe("visited");
    expect(await leadStatus(booking.leadId)).toBe("visited");
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "visits.change"));
    expect(records.map((record) => [record.adminId, record.detail])).toEqual([
      [team.counsellor.id, expect.objectContaining({ door: true, to: "visited" })],
    ]);
  });

  test("the whole personal link read from a QR works like the key alone", async () => {
    const booking = await addBooking();
    expect(await checkInByKey(desk(team.owner), `${HERE}/daegu/visit/${booking.linkToken}`)).toMatchObject({ ok: true });
  });

  test("a used key is refused with its reason, and the booking stays as it was", async () => {
    const booking = await addBooking();
    await checkInByKey(desk(team.manager), booking.linkToken);
    expect(await checkInByKey(desk(team.manager), booking.linkToken)).toEqual({ ok: false, reason: "used", when: expect.any(String) });
  });

  test("another site's key is refused without checking it in or naming its visitor", async () => {
    const suwon = await addBooking({ site: "suwon", name: "이수원" });
    const checked = await checkInByKey(desk(team.manager), suwon.linkToken);
    expect(checked).toEqual({ ok: false, reason: "other-site" });
    expect(await bookingStatus(suwon.id)).toBe("booked");
  });

  test("a cancelled booking, another day's booking and an unknown key are refused", async () => {
    const cancelled = await addBooking({ status: "cancelled" });
    const tomorrow = await addBooking({ day: addDays(kstDay(new Date()), 1) });
    expect(await checkInByKey(desk(team.manager), cancelled.linkToken)).toMatchObject({ ok: false, reason: "cancelled" });
    expect(await checkInBooking(desk(team.manager), tomorrow.id)).toMatchObject({ ok: false, reason: "other-day" });
    expect(await checkInByKey(desk(team.manager), "no such key!")).toEqual({ ok: false, reason: "unknown" });
    expect(await bookingStatus(tomorrow.id)).toBe("booked");
  });

  test("the desk finds today's visitors by name or the phone's last four digits, never another day's or site's", async () => {
    const today = await addBooking({ name: "박도착", phone: "01012348765", assigneeId: team.counsellor.id });
    await addBooking({ name: "박도착", day: addDays(kstDay(new Date()), 1) });
    await addBooking({ site: "suwon", name: "박도착", phone: "01099998765" });
    const byName = await findDoorVisitors(desk(team.counsellor), "박도");
    expect(byName).toEqual([
      { bookingId: today.id, name: "박도착", phoneEnd: "010-****-8765", time: "14:00", status: "booked", counsellor: team.counsellor.name },
    ]);
    expect((await findDoorVisitors(desk(team.counsellor), "8765")).map((visitor) => visitor.bookingId)).toEqual([today.id]);
    expect(await findDoorVisitors(desk(team.counsellor), "%")).toEqual([]);
  });

  test("over HTTP a refused key answers its Korean reason beside the form with 409, and the search is a page", async () => {
    const booking = await addBooking({ name: "최입장" });
    const cookie = await consoleCookie(team.counsellor);
    const first = await consoleRequest(app, "/admin/door", {
      method: "POST",
      form: { intent: "check-in-key", key: booking.linkToken },
      cookie,
    });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("최입장 고객님 입장 확인되었습니다");
    const again = await consoleRequest(app, "/admin/door", {
      method: "POST",
      form: { intent: "check-in-key", key: booking.linkToken },
      cookie,
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(DOOR_REFUSALS.used);
    const search = await consoleRequest(app, `/admin/door?q=${encodeURIComponent("최입장")}`, { cookie });
    expect(search.status).toBe(200);
    expect(await search.text()).toContain("최입장");
  });

  test("the door's document alone allows WebAssembly and the camera", async () => {
    const cookie = await consoleCookie(team.manager);
    const door = await consoleRequest(app, "/admin/door", { cookie });
    expect(door.headers.get("content-security-policy")).toContain("'wasm-unsafe-eval'");
    expect(door.headers.get("permissions-policy")).toContain("camera=(self)");
    const visits = await consoleRequest(app, "/admin/visits", { cookie });
    expect(visits.headers.get("content-security-policy")).not.toContain("wasm-unsafe-eval");
    expect(visits.headers.get("permissions-policy") ?? "").not.toContain("camera=(self)");
  });

  test("the customer's counsellor hears live that their customer arrived, and nobody else does", async () => {
    const booking = await addBooking({ name: "정도착", assigneeId: team.counsellor.id });
    const { heard, stops } = await listenAsCounsellorAndManager();
    try {
      await checkInByKey(desk(team.owner), booking.linkToken);
      await expect
        .poll(() => heard.counsellor, { timeout: 10_000 })
        .toContainEqual(expect.objectContaining({ type: "arrived", leadId: booking.leadId, maskedName: "정*착" }));
      expect(heard.manager.filter((alert) => alert.type === "arrived")).toEqual([]);
    } finally {
      stops.forEach((stop) => stop());
    }
  });
});

/** The counsellor's and the manager's live streams, with live sessions (the poller keeps only those): what each heard. */
async function listenAsCounsellorAndManager() {
  const heard: { counsellor: LiveAlert[]; manager: LiveAlert[] } = { counsellor: [], manager: [] };
  const people = [
    ["counsellor", team.counsellor],
    ["manager", team.manager],
  ] as const;
  for (const [who, staff] of people) {
    await db()
      .insert(sessions)
      .values({
        id: `test-${who}`,
        adminId: staff.id,
        site: "daegu",
        secondFactorAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
  }
  const stops = await Promise.all(
    people.map(([who, staff]) =>
      subscribe("daegu", {
        viewer: { id: staff.id, role: staff.role },
        sessionId: `test-${who}`,
        send: (alert) => heard[who].push(alert),
        end: () => {},
      }),
    ),
  );
  return { heard, stops };
}

describe("walk-ins", () => {
  test("a walk-in of a customer someone already works is theirs, and they hear live that the customer is at the model house", async () => {
    const known = await addUnitLead({ assigneeId: team.counsellor.id, name: "재방문", phone: "01066665555" });
    const { heard, stops } = await listenAsCounsellorAndManager();
    try {
      const registered = await registerWalkIn(desk(team.owner), {
        name: "재방문",
        phone: "01066665555",
        partySize: 2,
        unitType: "",
        marketing: false,
      });
      if (registered.outcome !== "registered") throw new Error("not registered");
      expect(registered.leadId).not.toBe(known);
      const [lead] = await db().select().from(leads).where(eq(leads.id, registered.leadId));
      expect(lead).toMatchObject({ assigneeId: team.counsellor.id, status: "visited" });
      await expect
        .poll(() => heard.counsellor, { timeout: 10_000 })
        .toContainEqual(expect.objectContaining({ type: "arrived", leadId: registered.leadId, maskedName: "재*문" }));
      expect(heard.counsellor.filter((alert) => alert.type === "assigned")).toEqual([]);
      expect(heard.manager.filter((alert) => alert.type === "arrived")).toEqual([]);
    } finally {
      stops.forEach((stop) => stop());
    }
  });

  test("a walk-in becomes a visited lead, assigned by the site's rules, texted its confirmation, with the desk in its history", async () => {
    const registered = await registerWalkIn(desk(team.counsellor), {
      name: "한현장",
      phone: "01077776666",
      partySize: 3,
      unitType: "84A",
      marketing: false,
    });
    expect(registered).toMatchObject({ outcome: "registered", receiptNumber: expect.stringMatching(/^DG-\d{8}-\d{4}$/) });
    if (registered.outcome !== "registered") throw new Error("not registered");
    const [lead] = await db().select().from(leads).where(eq(leads.id, registered.leadId));
    expect(lead).toMatchObject({ name: "한현장", kind: "interest", status: "visited", sourcePath: "/admin/door", utmSource: "walk-in" });
    expect(lead!.message).toContain("현장 방문 3명");
    expect(lead!.message).toContain("관심 타입: 84A");
    const changes = await db().select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, registered.leadId));
    expect(changes.map((change) => [change.fromStatus, change.toStatus, change.authorId])).toEqual([
      ["new", "visited", team.counsellor.id],
    ]);
    const texts = await db()
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.leadId, registered.leadId), eq(smsOutbox.purpose, "confirmation")));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("관심고객 등록이 완료되었습니다");
  });

  test("a walk-in is assigned by turns when the site assigns automatically", async () => {
    await db()
      .insert(consoleSettings)
      .values({ site: "daegu", roundRobin: true })
      .onConflictDoUpdate({ target: consoleSettings.site, set: { roundRobin: true } });
    const registered = await registerWalkIn(desk(team.manager), {
      name: "오배정",
      phone: uniquePhone(),
      partySize: 1,
      unitType: "",
      marketing: false,
    });
    if (registered.outcome !== "registered") throw new Error("not registered");
    const [lead] = await db().select({ assigneeId: leads.assigneeId }).from(leads).where(eq(leads.id, registered.leadId));
    expect(lead!.assigneeId).not.toBeNull();
  });

  test("a walk-in without consent, with a bad phone or an unknown type is refused beside each field with 400", async () => {
    const cookie = await consoleCookie(team.manager);
    const refused = await consoleRequest(app, "/admin/door", {
      method: "POST",
      form: { intent: "walk-in", name: "", phone: "1234", partySize: "9", unitType: "" },
      cookie,
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    for (const message of [
      "이름을 입력해 주세요.",
      "휴대폰 번호를 정확히 입력해 주세요.",
      "방문 인원은 1명에서 4명 사이로 골라 주세요.",
      "개인정보 수집·이용에 동의해야 등록할 수 있습니다.",
    ]) {
      expect(html).toContain(message);
    }
    const unknownType = await consoleRequest(app, "/admin/door", {
      method: "POST",
      form: { intent: "walk-in", name: "한현장", phone: "010-7777-1111", partySize: "1", unitType: "999Z", consent: "on" },
      cookie,
    });
    expect(unknownType.status).toBe(400);
    expect(await unknownType.text()).toContain("관심 타입을 목록에서 골라 주세요.");
    expect(await db().select().from(leads)).toEqual([]);
  });
});

describe("the kiosk", () => {
  test("turning the kiosk on keeps that browser on the kiosk: other console pages send it back, the live stream refuses it", async () => {
    const cookie = await consoleCookie(team.manager);
    const turnedOn = await consoleRequest(app, "/admin/door", { method: "POST", form: { intent: "kiosk" }, cookie });
    expect(turnedOn.status).toBe(302);
    expect(turnedOn.headers.get("location")).toBe("/admin/door/kiosk");
    for (const path of ["/admin", "/admin/leads", "/admin/door", "/admin/visits", "/admin/account"]) {
      const answer = await consoleRequest(app, path, { cookie });
      expect([path, answer.status, answer.headers.get("location")]).toEqual([path, 302, "/admin/door/kiosk"]);
    }
    const post = await consoleRequest(app, "/admin/leads", { method: "POST", form: { intent: "search", q: "김" }, cookie });
    expect([post.status, post.headers.get("location")]).toEqual([302, "/admin/door/kiosk"]);
    const stream = await app.fetch("/admin/events", { headers: { Host: new URL(HERE).host, Accept: "text/event-stream", Cookie: cookie } });
    expect(stream.status).toBe(403);
    expect((await consoleRequest(app, "/admin/door/kiosk", { cookie })).status).toBe(200);
  });

  test("a walk-in registered on the kiosk is a visited lead, and the kiosk shows only its receipt number", async () => {
    const cookie = await consoleCookie(team.counsellor);
    await consoleRequest(app, "/admin/door", { method: "POST", form: { intent: "kiosk" }, cookie });
    const answer = await consoleRequest(app, "/admin/door/kiosk", {
      method: "POST",
      form: { intent: "walk-in", name: "유키오", phone: "010-3333-2222", partySize: "2", unitType: "", consent: "on" },
      cookie,
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toMatch(/등록되었습니다\. 접수번호 DG-\d{8}-\d{4}/);
    expect(html).not.toContain("01033332222");
    const [lead] = await db().select().from(leads).where(eq(leads.phone, "01033332222"));
    expect(lead).toMatchObject({ status: "visited", utmMedium: "kiosk" });
  });

  test("a kiosk outlives the idle timeout, and signing in again in that browser ends it", async () => {
    const cookie = await consoleCookie(team.manager);
    await consoleRequest(app, "/admin/door", { method: "POST", form: { intent: "kiosk" }, cookie });
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 3_600_000) });
    expect((await consoleRequest(app, "/admin/door/kiosk", { cookie })).status).toBe(200);
    const signedOut = await consoleRequest(app, "/admin/logout", { method: "POST", cookie });
    expect(signedOut.headers.get("location")).toBe("/admin/login");
    expect(await db().select().from(sessions)).toEqual([]);
  });

  test("an ordinary session is not a kiosk: the door, its menu entry and the console stay open", async () => {
    const cookie = await consoleCookie(team.counsellor);
    expect((await consoleRequest(app, "/admin/today", { cookie })).status).toBe(200);
    const door = await consoleRequest(app, "/admin/door", { cookie });
    expect(door.status).toBe(200);
    expect(await door.text()).toContain('href="/admin/door"');
  });
});

describe("the way there", () => {
  test("the booking's calendar entry is the visit in Seoul time with the model house and its links, private like its page", async () => {
    const day = addDays(kstDay(new Date()), 2);
    const booking = await addBooking({ day });
    const answer = await app.fetch(`/daegu/visit/${booking.linkToken}/calendar.ics`, { headers: { Host: new URL(HERE).host } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const ics = await answer.text();
    const compact = day.replaceAll("-", "");
    expect(ics).toContain(`DTSTART;TZID=Asia/Seoul:${compact}T140000`);
    expect(ics).toContain(`DTEND;TZID=Asia/Seoul:${compact}T150000`);
    expect(ics).toContain("TZID:Asia/Seoul");
    expect(ics).toContain("TZOFFSETTO:+0900");
    expect(ics.replace(/\r\n[ \t]/g, "")).toContain(`/daegu/visit/${booking.linkToken}`);
    expect(ics).toMatch(/LOCATION:.+/);
    const suwonKey = await app.fetch(`/suwon/visit/${booking.linkToken}/calendar.ics`, { headers: { Host: "there.localhost" } });
    expect(suwonKey.status).toBe(404);
  });

  test("the booking page shows the entry QR of its key, the map apps and the calendar link", async () => {
    const booking = await addBooking({ day: addDays(kstDay(new Date()), 1) });
    const page = await app.fetch(`/daegu/visit/${booking.linkToken}`, { headers: { Host: new URL(HERE).host } });
    const html = await page.text();
    expect(html).toContain('class="visit-entry__qr" src="data:image/svg+xml;base64,');
    expect(html).toContain(`/daegu/visit/${booking.linkToken}/calendar.ics`);
    expect(html).toContain("https://map.kakao.com/link/");
    expect(html).toContain("https://map.naver.com/p/search/");
  });

  test("the visit page and its answer to a booking link the model house in Kakao Map and Naver Map", async () => {
    const page = await app.fetch("/daegu/customer?done=1", { headers: { Host: new URL(HERE).host } });
    const html = await page.text();
    expect(html).toContain("https://map.kakao.com/link/search/");
    expect(html).toContain("https://map.naver.com/p/search/");
  });

  test("without a map key the location page has the way there, map-app buttons and no map script or host in its CSP", async () => {
    await db()
      .insert(siteSettings)
      .values({
        site: "daegu",
        values: { modelHouseCoordinates: "35.8797, 128.6286", parkingInfo: "전용 주차장 40대", transitInfo: "동대구역 3번 출구 도보 5분" },
      })
      .onConflictDoNothing();
    const page = await app.fetch("/LocationEnvironment/intro", { headers: { Host: new URL(HERE).host } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("오시는 길");
    expect(html).toContain("https://map.kakao.com/link/to/");
    expect(html).toContain("35.8797,128.6286");
    expect(html).toContain("tmap://route?");
    expect(html).toContain("전용 주차장 40대");
    expect(html).toContain("동대구역 3번 출구 도보 5분");
    expect(html).not.toContain("dapi.kakao.com");
    expect(page.headers.get("content-security-policy")).not.toContain("kakao.com");
  });

  test("without a key, the map image the office uploaded is drawn from the address of any of its variants, and another site's is not", async () => {
    const sha = (character: string) => character.repeat(64);
    const [original] = await db()
      .insert(uploads)
      .values({
        site: "daegu",
        fileName: "map.png",
        mimeType: "image/png",
        size: 3,
        width: 1200,
        height: 800,
        sha256: sha("a"),
        bytes: Buffer.from("png"),
      })
      .returning({ id: uploads.id });
    const [variant] = await db()
      .insert(uploads)
      .values({
        site: "daegu",
        parentId: original!.id,
        variant: "webp-800",
        fileName: "map-800.webp",
        mimeType: "image/webp",
        size: 3,
        width: 800,
        height: 533,
        sha256: sha("b"),
        bytes: Buffer.from("web"),
      })
      .returning({ id: uploads.id });
    const [suwonImage] = await db()
      .insert(uploads)
      .values({
        site: "suwon",
        fileName: "other.png",
        mimeType: "image/png",
        size: 3,
        width: 10,
        height: 10,
        sha256: sha("c"),
        bytes: Buffer.from("png"),
      })
      .returning({ id: uploads.id });
    const located = async (address: string) => {
      await db().delete(siteSettings);
      await db()
        .insert(siteSettings)
        .values({ site: "daegu", values: { staticMapImage: address } });
      forgetAllPages();
      return (await app.fetch("/LocationEnvironment/intro", { headers: { Host: new URL(HERE).host } })).text();
    };
    const fromVariant = await located(`${HERE}/uploads/${variant!.id}-${sha("b")}.webp`);
    expect(fromVariant).toContain('alt="견본주택과 현장 약도"');
    expect(fromVariant).toContain(`/uploads/${variant!.id}-${sha("b")}.webp 800w`);
    expect(await located(`/uploads/${suwonImage!.id}-${sha("c")}.png`)).not.toContain("견본주택과 현장 약도");
  });

  test("with a map key the location page draws the Kakao map and its CSP opens exactly the map's hosts", async () => {
    await db()
      .insert(siteSettings)
      .values({ site: "daegu", values: { modelHouseCoordinates: "35.8797, 128.6286", kakaoMapKey: "0123456789abcdef0123456789abcdef" } })
      .onConflictDoNothing();
    const page = await app.fetch("/LocationEnvironment/intro", { headers: { Host: new URL(HERE).host } });
    const html = await page.text();
    expect(html).toContain('class="way-there__kakao"');
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/dapi\.kakao\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.daumcdn\.net/);
    expect(csp).not.toContain("wasm-unsafe-eval");
  });
});
