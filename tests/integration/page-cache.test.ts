import crypto from "node:crypto";
import zlib from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { readFormToken } from "#app/.server/form-tokens.ts";
import { pressArticles, siteSettings, visitSlots } from "#app/.server/schema.ts";
import { setSlotCapacity } from "#app/.server/visits/console.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { VISIT_PICKER_TEXT } from "#app/forms/visit.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { LEAD_KINDS } from "#app/vocabulary.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm } from "#tests/lead-requests.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * The page cache (issue #19, docs/decisions/018-page-cache.md): public pages rendered once and
 * answered from memory, each answer with its own nonce and form tokens, and every change a page
 * shows visible on the very next request — on this instance at once, on another within seconds.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;
let manager: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://localhost:${app.port}`;
});
afterAll(() => app.close());

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
  manager = await consoleCookie((await addTeam()).manager);
});

function on(path: string, { form, headers = {} }: { form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const sent: Record<string, string> = { "X-Forwarded-For": "198.51.100.41", Accept: "text/html", ...headers };
  if (!form) return app.fetch(path, { headers: sent });
  return app.fetch(path, {
    method: "POST",
    headers: { ...sent, Origin: HERE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

const asManager = (path: string, form?: Record<string, string>) => on(path, { form, headers: { Cookie: manager } });

function noncesOf(html: string) {
  return new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
}

/** What a policy's script-src allows by hash. */
function hashSourcesOf(policy: string) {
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)![1]!.split(/\s+/);
  return new Set(scriptSrc.filter((source) => source.startsWith("'sha256-")));
}

/** The SHA-256 source of every script in the page a browser runs: inside <noscript> too, as the starter copies those. */
function scriptHashesOf(html: string) {
  return new Set(
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !attributes!.includes('type="application/ld+json"'))
      .map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text!).digest("base64")}'`),
  );
}

/** Asks for a page as the client `acceptEncoding` says until the answer comes in `encoding` (the Brotli copy is made after the page is kept). */
async function answeredIn(path: string, acceptEncoding: string, encoding: string, limitMs = 8_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const answer = await on(path, { headers: { "Accept-Encoding": acceptEncoding } });
    if (answer.headers.get("Content-Encoding") === encoding) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} was not answered in ${encoding} within ${limitMs} ms`);
}

function tokensOf(html: string) {
  return [...html.matchAll(/name="_token" value="([^"]+)"/g)].map((match) => match[1]!);
}

function telLinks(html: string) {
  return new Set([...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]));
}

/** Asks for a page again and again, as a visitor reloading would, until it shows something (or gives up after a while). */
async function waitUntilShown(path: string, shows: (html: string) => boolean, limitMs = 8_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (shows(await (await on(path)).text())) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} did not change within ${limitMs} ms`);
}

describe("the page cache", () => {
  test("a public page is rendered once and then answered from memory, with a fresh nonce and fresh form tokens each time", async () => {
    // The home page's booking form (one of the forms whose tokens are checked) is there while a day is open.
    await openVisitDays("daegu", [addDays(kstDay(new Date()), 2)]);
    const first = await on("/");
    const second = await on("/");
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    const [firstHtml, secondHtml] = [await first.text(), await second.text()];

    // The policy's nonce is the one in the page's scripts, and a different one in every answer.
    const nonces = [firstHtml, secondHtml].map((html) => [...noncesOf(html)]);
    expect(nonces.map((found) => found.length)).toEqual([1, 1]);
    expect(nonces[0]![0]).not.toBe(nonces[1]![0]);
    expect(first.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonces[0]![0]}'`);
    expect(second.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonces[1]![0]}'`);

    // Every form gets its own valid token; none repeats between answers.
    const tokens = [...tokensOf(firstHtml), ...tokensOf(secondHtml)];
    expect(tokens.length).toBeGreaterThan(1);
    expect(new Set(tokens).size).toBe(tokens.length);
    const valid = (token: string) => LEAD_KINDS.some((kind) => readFormToken("daegu", kind, token).state === "valid");
    expect(tokens.every(valid)).toBe(true);

    // Apart from those, the same bytes.
    const plain = (html: string) => html.replace(/nonce="[^"]+"/g, "").replace(/name="_token" value="[^"]+"/g, "");
    expect(plain(secondHtml)).toBe(plain(firstHtml));
  });

  test("a browser asking for gzip gets the cached page compressed, with its own nonce and form tokens in every answer", async () => {
    await openVisitDays("daegu", [addDays(kstDay(new Date()), 2)]);
    const asBrowser = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    const plainAnswer = await on("/");
    const answers = [await on("/", { headers: asBrowser }), await on("/", { headers: asBrowser })];
    const pages = await Promise.all(
      answers.map(async (answer) => {
        expect(answer.headers.get("X-Page-Cache")).toBe("hit");
        expect(answer.headers.get("Content-Encoding")).toBe("gzip");
        expect(answer.headers.get("Vary")).toContain("Accept-Encoding");
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(Number(answer.headers.get("Content-Length"))).toBe(bytes.byteLength);
        // gunzip checks the trailer's CRC and length against what it decoded.
        return {
          html: zlib.gunzipSync(bytes).toString("utf8"),
          policy: answer.headers.get("Content-Security-Policy")!,
          size: bytes.byteLength,
        };
      }),
    );
    const [nonces, tokens] = [pages.flatMap((page) => [...noncesOf(page.html)]), pages.flatMap((page) => tokensOf(page.html))];
    expect(new Set(nonces).size).toBe(2);
    pages.forEach((page, index) => expect(page.policy).toContain(`'nonce-${nonces[index]}'`));
    expect(tokens.length).toBeGreaterThan(1);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.every((token) => LEAD_KINDS.some((kind) => readFormToken("daegu", kind, token).state === "valid"))).toBe(true);

    // The same page as a client that asks for no compression gets, a fraction of its size.
    expect(plainAnswer.headers.get("Content-Encoding")).toBeNull();
    expect(plainAnswer.headers.get("Vary")).toContain("Accept-Encoding");
    const plainHtml = await plainAnswer.text();
    const plain = (html: string) => html.replace(/nonce="[^"]+"/g, "").replace(/name="_token" value="[^"]+"/g, "");
    expect(plain(pages[0]!.html)).toBe(plain(plainHtml));
    expect(pages[0]!.size).toBeLessThan(Buffer.byteLength(plainHtml) / 3);
    // Each piece refers back to the pieces before it: about the size of the page compressed whole.
    expect(pages[0]!.size).toBeLessThan(zlib.gzipSync(plainHtml, { level: 9 }).byteLength * 1.03);
  });

  test("a browser holding the page gets 304 without a body or a new policy, and the same tag from a fresh render", async () => {
    const first = await on("/Brand/intro");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await on("/Brand/intro", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
    expect(await again.text()).toBe("");
    expect((await on("/Brand/intro", { headers: { "If-None-Match": 'W/"other"' } })).status).toBe(200);
  });

  test("a page without forms is the same in every answer: no nonce, its scripts allowed by exactly their hashes", async () => {
    const answers = [await on("/FloorPlan/84A"), await on("/FloorPlan/84A")];
    expect(answers.map((answer) => answer.headers.get("X-Page-Cache"))).toEqual(["miss", "hit"]);
    const [first, second] = await Promise.all(answers.map((answer) => answer.text()));
    expect(second).toBe(first);
    expect(noncesOf(first!).size).toBe(0);
    const [policy, secondPolicy] = answers.map((answer) => answer.headers.get("Content-Security-Policy")!);
    expect(secondPolicy).toBe(policy);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy!)![1]!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'nonce-");
    expect(scriptSrc).toContain("'strict-dynamic'");
    // Exactly the page's own scripts, the ones held in <noscript> for the starter to copy among them.
    const hashes = scriptHashesOf(first!);
    expect(scriptHashesOf(/<noscript>([\s\S]*?)<\/noscript>/.exec(first!)![1]!).size).toBeGreaterThan(0);
    expect(hashSourcesOf(policy!)).toEqual(hashes);
  });

  test("a page without forms goes in Brotli to a browser that takes it, the same document as in gzip and as it is", async () => {
    const plain = await on("/FloorPlan/84A");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const html = await plain.text();
    const br = await answeredIn("/FloorPlan/84A", "gzip, deflate, br, zstd", "br");
    const gzip = await on("/FloorPlan/84A", { headers: { "Accept-Encoding": "gzip, deflate" } });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    const [brBytes, gzipBytes] = await Promise.all([br, gzip].map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(zlib.brotliDecompressSync(brBytes!).toString("utf8")).toBe(html);
    expect(zlib.gunzipSync(gzipBytes!).toString("utf8")).toBe(html);
    expect(brBytes!.byteLength).toBeLessThan(gzipBytes!.byteLength);
    for (const [answer, bytes] of [
      [br, brBytes],
      [gzip, gzipBytes],
    ] as const) {
      expect(Number(answer.headers.get("Content-Length"))).toBe(bytes!.byteLength);
      expect(answer.headers.get("Vary")).toContain("Accept-Encoding");
      // One page, one tag, one policy, whatever the coding.
      expect(answer.headers.get("ETag")).toBe(plain.headers.get("ETag"));
      expect(answer.headers.get("Content-Security-Policy")).toBe(plain.headers.get("Content-Security-Policy"));
    }

    // HEAD says what GET would send, and sends none of it.
    const head = await app.fetch("/FloorPlan/84A", { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(head.headers.get("Content-Encoding")).toBe("br");
    expect(Number(head.headers.get("Content-Length"))).toBe(brBytes!.byteLength);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // The tag still gets 304, with no policy, whatever the coding asked.
    const again = await on("/FloorPlan/84A", { headers: { "Accept-Encoding": "br", "If-None-Match": plain.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
  });

  test("a page with a form is never sent in Brotli: each answer keeps its own nonce and token, in gzip", async () => {
    await openVisitDays("daegu", [addDays(kstDay(new Date()), 2)]);
    await on("/");
    const answers = [
      await on("/", { headers: { "Accept-Encoding": "br" } }),
      await on("/", { headers: { "Accept-Encoding": "br, gzip" } }),
    ];
    expect(answers.map((answer) => answer.headers.get("Content-Encoding"))).toEqual([null, "gzip"]);
    const pages = [await answers[0]!.text(), zlib.gunzipSync(Buffer.from(await answers[1]!.arrayBuffer())).toString("utf8")];
    expect(new Set(pages.flatMap((html) => [...noncesOf(html)])).size).toBe(2);
    expect(new Set(pages.flatMap(tokensOf)).size).toBe(2);
  });

  test("a published article shows on the very next request", async () => {
    expect(await (await on("/daegu/press")).text()).not.toContain("캐시 확인용 기사");
    expect((await on("/daegu/press")).headers.get("X-Page-Cache")).toBe("hit");
    const published = await asManager("/admin/press/new", {
      title: "캐시 확인용 기사",
      summary: "요약",
      content: "본문",
      publication: "now",
      intent: "save",
    });
    expect(published.status).toBe(303);
    expect(await (await on("/daegu/press")).text()).toContain("캐시 확인용 기사");
  });

  test("a changed sales phone shows on the very next request", async () => {
    expect(telLinks(await (await on("/Brand/intro")).text())).toEqual(new Set(["tel:16610000"]));
    expect((await on("/Brand/intro")).headers.get("X-Page-Cache")).toBe("hit");
    expect((await asManager("/admin/site-settings", { intent: "save", salesPhone: "1588-7777" })).status).toBe(303);
    expect(telLinks(await (await on("/Brand/intro")).text())).toEqual(new Set(["tel:15887777"]));
  });

  test("a booking shows on the very next request: the places left go down by one", async () => {
    const day = addDays(kstDay(new Date()), 3);
    await openVisitDays("daegu", [day]);
    const [slot] = await db()
      .select()
      .from(visitSlots)
      .where(and(eq(visitSlots.site, "daegu"), eq(visitSlots.day, day)))
      .orderBy(visitSlots.startsAt);
    await setSlotCapacity("daegu", slot!.id, 37);
    const path = "/daegu/customer";
    expect(await (await on(path)).text()).toContain(VISIT_PICKER_TEXT.remaining(37));
    expect((await on(path)).headers.get("X-Page-Cache")).toBe("hit");

    const booked = await on("/actions/visit", {
      form: filledForm("visit", { visitDate: day, visitSlot: String(slot!.id) }),
      headers: { Accept: "application/json" },
    });
    expect(booked.status).toBe(200);
    const html = await (await on(path)).text();
    expect(html).toContain(VISIT_PICKER_TEXT.remaining(36));
    expect(html).not.toContain(VISIT_PICKER_TEXT.remaining(37));
  });

  test("the home page stays in the cache after a booking changes its places left: rendered once for the new figure, then answered from memory", async () => {
    const day = addDays(kstDay(new Date()), 3);
    await openVisitDays("daegu", [day]);
    const [slot] = await db()
      .select()
      .from(visitSlots)
      .where(and(eq(visitSlots.site, "daegu"), eq(visitSlots.day, day)))
      .orderBy(visitSlots.startsAt);
    await setSlotCapacity("daegu", slot!.id, 41);
    expect(await (await on("/")).text()).toContain(VISIT_PICKER_TEXT.remaining(41));

    const booked = await on("/actions/visit", {
      form: filledForm("visit", { visitDate: day, visitSlot: String(slot!.id) }),
      headers: { Accept: "application/json" },
    });
    expect(booked.status).toBe(200);
    const afterBooking = await on("/");
    expect(afterBooking.headers.get("X-Page-Cache")).toBe("miss");
    expect(await afterBooking.text()).toContain(VISIT_PICKER_TEXT.remaining(40));
    // Past the second the page used to be kept for, and past the window in which this instance
    // reads the version afresh after its own change: nothing it shows has changed since. The
    // cache and the version reads tell time by Date.now(), so the clock is moved, not waited for.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 5_200);
      const later = await on("/");
      expect(later.headers.get("X-Page-Cache")).toBe("hit");
      expect(later.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
      expect(later.headers.get("X-Page-Changes-At")).toBeNull();
      expect(await later.text()).toContain(VISIT_PICKER_TEXT.remaining(40));
    } finally {
      vi.useRealTimers();
    }
  });

  test("another instance's change shows here within a few seconds, through the database alone", async () => {
    expect(telLinks(await (await on("/Brand/intro")).text())).toEqual(new Set(["tel:16610000"]));
    // What another instance's settings save writes: the value and a new version, in one transaction
    // of its own — nothing in this process hears of it.
    await db().transaction(async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ site: "daegu", version: 1, values: { salesPhone: "15992222" } })
        .onConflictDoUpdate({
          target: siteSettings.site,
          set: { version: sql`${siteSettings.version} + 1`, values: { salesPhone: "15992222" } },
        });
    });
    // Versions are read at most once a second (VERSION_CHECK_MS): it shows within a few seconds.
    await waitUntilShown("/Brand/intro", (html) => telLinks(html).has("tel:15992222"));
  });

  test("an article written straight into the database without a new version is not shown until the page's lifetime ends", async () => {
    // The contract the version keeps: whatever changes a page must bump it (verbs do, in their transaction).
    await on("/daegu/press");
    await db()
      .insert(pressArticles)
      .values({
        site: "daegu",
        title: "버전 없이 넣은 기사",
        summary: "요약",
        content: "본문",
        date: new Date(Date.now() - 1000),
        draft: false,
        views: 0,
      });
    expect(await (await on("/daegu/press")).text()).not.toContain("버전 없이 넣은 기사");
  });

  test("a campaign landing gets the cached page and its campaign cookie, privately", async () => {
    await on("/Brand/intro");
    const landing = await on("/Brand/intro?utm_source=naver&utm_campaign=gyeoul");
    expect(landing.status).toBe(200);
    expect(landing.headers.get("X-Page-Cache")).toBe("hit");
    expect(landing.headers.get("Set-Cookie")).toMatch(/^lead_source=.*gyeoul/);
    expect(landing.headers.get("Cache-Control")).toBe("private, no-store");
    // The next visitor without a campaign gets no cookie and a shareable page.
    const plain = await on("/Brand/intro");
    expect(plain.headers.get("Set-Cookie")).toBeNull();
    expect(plain.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=600");
  });

  test("signed-in staff get pages rendered for them; articles counting their views and unknown paths are never kept", async () => {
    await on("/daegu/press");
    const staffView = await asManager("/daegu/press");
    expect(staffView.headers.get("X-Page-Cache")).toBeNull();
    expect(staffView.headers.get("Cache-Control")).toBe("private, no-store");

    const [article] = await db()
      .insert(pressArticles)
      .values({
        site: "daegu",
        title: "조회수 기사",
        summary: "요약",
        content: "본문",
        date: new Date(Date.now() - 1000),
        draft: false,
        views: 0,
      })
      .returning({ id: pressArticles.id });
    for (let read = 0; read < 3; read += 1) expect((await on(`/daegu/press/${article!.id}`)).status).toBe(200);
    const [counted] = await db().select({ views: pressArticles.views }).from(pressArticles).where(eq(pressArticles.id, article!.id));
    expect(counted!.views).toBe(3);

    expect((await on("/no-such-page")).status).toBe(404);
    expect((await on("/no-such-page")).headers.get("X-Page-Cache")).toBeNull();
  });
});
