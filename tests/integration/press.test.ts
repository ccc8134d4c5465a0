import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { count, eq, sql } from "drizzle-orm";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, test } from "vitest";
import { getAdmin } from "#app/.server/auth/sign-in.ts";
import { db, queryRows } from "#app/.server/db.ts";
import { createPress } from "#app/.server/content/press.ts";
import { MAX_CLIENT_FAILURES } from "#app/.server/auth/login-throttle.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { pressArticles, sessions, signInAttempts } from "#app/.server/schema.ts";
import { PRESS_MESSAGES } from "#app/forms/press-messages.ts";
import { loader as rssLoader } from "#app/routes/seo/press-rss[.]xml.ts";
import PressDetailPage, { loader as detailLoader, shouldRevalidate as detailShouldRevalidate } from "#app/routes/site/press-detail.tsx";
import { action as listAction, loader as listLoader } from "#app/routes/site/press-list.tsx";
import { loader as promotionPressLoader } from "#app/routes/site/press-redirect.ts";
import { routeContext } from "#tests/route-context.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, consoleCookie, totpCode, type TestStaff } from "#tests/staff.ts";
import { action as codeActionRaw } from "#app/routes/admin/sign-in/login-code.tsx";
import { action as consoleLoginActionRaw } from "#app/routes/admin/sign-in/login.tsx";
import { viaConsole } from "#tests/console-call.ts";

const codeAction = viaConsole(codeActionRaw);
const consoleLoginAction = viaConsole(consoleLoginActionRaw);

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "integration-test-session-secret-0123456789" }));

withTestDatabase();

const ADMIN = { email: "press-admin@example.com", password: "staff password for tests" };
let staff: TestStaff;
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeEach(async () => {
  staff = await addStaff({ email: ADMIN.email, role: "manager" });
  expect(staff.password).toBe(ADMIN.password);
});

// ---- helpers: real Requests into the route modules ------------------------------------------

function routeArgs(path: string, init: RequestInit & { cookie?: string; client?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("User-Agent", headers.get("User-Agent") ?? BROWSER);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, SITE_URL), { ...init, headers });
  const context = routeContext(request.url, { client: init.client });
  const url = new URL(request.url);
  const [, site, , id] = url.pathname.split("/");
  return { request, url, pattern: "", params: { site: site ?? "", id: id ?? "" }, context };
}

const requestAndContext = ({ request, context }: ReturnType<typeof routeArgs>) => [request, context] as const;

function post(path: string, fields: Record<string, string>, init: { cookie?: string; client?: string; origin?: string | null } = {}) {
  const headers = new Headers();
  if (init.origin !== null) headers.set("Origin", init.origin ?? SITE_URL);
  return routeArgs(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers,
    cookie: init.cookie,
    client: init.client,
  });
}

/** What a data function answered, whether it returned or threw: status, headers and data. */
async function outcome(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined };
  if (
    result &&
    typeof result === "object" &&
    "type" in result &&
    result.type === "DataWithResponseInit" &&
    "init" in result &&
    "data" in result
  ) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: result.data };
  }
  throw new Error(`Unexpected result ${String(result)}`);
}

/** The password step, on the console's sign-in page (the press list links there). */
function login(credentials: { email: string; password: string }, client?: string, cookie?: string, returnTo = "/admin/press") {
  return outcome(() => consoleLoginAction(post("/admin/login", { ...credentials, returnTo }, { client, cookie })));
}

/** Signed in with both factors (the two steps themselves are tests/integration/staff.test.ts's subject). */
function signIn() {
  return consoleCookie(staff);
}

function cookiePair(headers: Headers) {
  const setCookie = headers.get("Set-Cookie");
  if (!setCookie) throw new Error("No Set-Cookie");
  return setCookie.split(";")[0]!;
}

async function insertArticle(values: Partial<typeof pressArticles.$inferInsert> = {}) {
  const [row] = await db()
    .insert(pressArticles)
    // Dated a second ago by the test's clock: the database's now() keeps microseconds, so an article
    // dated by it can be later than the millisecond the page asks "what is published by now".
    .values({
      site: "daegu",
      title: "온빛채 소식",
      summary: "요약",
      content: "본문",
      views: 0,
      date: new Date(Date.now() - 1_000),
      ...values,
    })
    .returning();
  return row!;
}

interface ListPage {
  items: { id: number; number: number }[];
  after: string | null;
  next: string | null;
}

async function listPage(after?: string | null) {
  const { data } = await outcome(() => listLoader(routeArgs(`/daegu/press${after ? `?after=${encodeURIComponent(after)}` : ""}`)));
  return (data as { list: ListPage }).list;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

async function viewsOf(id: number) {
  const [row] = await db().select({ views: pressArticles.views }).from(pressArticles).where(eq(pressArticles.id, id));
  return row?.views;
}

// ---- tests ---------------------------------------------------------------------------------

describe("press list", () => {
  test("keyset pages never repeat or skip an article when dates are equal", async () => {
    const sameInstant = new Date("2026-11-01T01:00:00.000Z");
    for (let i = 0; i < 17; i++) await insertArticle({ title: `같은 시각 ${i}`, date: sameInstant });
    // Microseconds apart: equal to JavaScript's millisecond clock, different to PostgreSQL.
    for (const micros of ["123456", "123457", "123001"]) {
      await db().execute(
        sql`insert into press_articles (site, title, summary, date) values ('daegu', ${`마이크로초 ${micros}`}, '요약', ${`2026-11-01T00:59:59.${micros}Z`}::timestamptz)`,
      );
    }
    for (let i = 0; i < 6; i++) await insertArticle({ title: `이전 ${i}`, date: new Date(`2026-10-0${i + 1}T00:00:00Z`) });

    const seen: number[] = [];
    const numbers: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const { data } = await outcome(() => listLoader(routeArgs(`/daegu/press${after ? `?after=${encodeURIComponent(after)}` : ""}`)));
      const list = (data as { list: { items: { id: number; number: number }[]; next: string | null } }).list;
      expect(list.items.length).toBeLessThanOrEqual(10);
      seen.push(...list.items.map((item) => item.id));
      numbers.push(...list.items.map((item) => item.number));
      after = list.next;
      pages++;
    } while (after && pages < 10);

    const expected = await db()
      .select({ id: pressArticles.id })
      .from(pressArticles)
      .orderBy(sql`date desc, id desc`);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(numbers).toEqual(Array.from({ length: 26 }, (_, index) => index + 1));
  });

  test("pages follow one another to the last; drafts, scheduled and other sites' articles take no place or number", async () => {
    const published: number[] = [];
    for (let i = 0; i < 35; i++) {
      const article = await insertArticle({ title: `공개 ${i}`, date: new Date(Date.UTC(2026, 9, 1, 0, i)) });
      published.unshift(article.id);
      if (i % 5 === 0) await insertArticle({ title: `임시 저장 ${i}`, draft: true, date: new Date(Date.UTC(2026, 9, 1, 0, i, 30)) });
      if (i % 7 === 0) await insertArticle({ title: `다른 현장 ${i}`, site: "elsewhere", date: new Date(Date.UTC(2026, 9, 1, 0, i, 30)) });
    }
    await insertArticle({ title: "예약", date: new Date(Date.now() + 86_400_000) });

    const first = await listPage();
    expect(first.items.map((item) => item.id)).toEqual(published.slice(0, 10));
    expect(first.items.map((item) => item.number)).toEqual(range(1, 10));
    expect(first.after).toBeNull();

    const second = await listPage(first.next);
    const deep = await listPage(second.next);
    expect(deep.after).toBe(second.next);
    expect(deep.items.map((item) => item.id)).toEqual(published.slice(20, 30));
    expect(deep.items.map((item) => item.number)).toEqual(range(21, 30));

    const last = await listPage(deep.next);
    expect(last.items.map((item) => item.id)).toEqual(published.slice(30));
    expect(last.items.map((item) => item.number)).toEqual(range(31, 35));
    expect(last.next).toBeNull();
  });

  test("a cursor past the oldest article answers an empty list, not an error", async () => {
    const oldest = await insertArticle({ date: new Date("2026-01-01T00:00:00Z") });
    const pastTheEnd = `2026-01-01T00:00:00.000000Z_${oldest.id}`;
    const result = await outcome(() => listLoader(routeArgs(`/daegu/press?after=${encodeURIComponent(pastTheEnd)}`)));
    expect(result.status).toBe(200);
    expect((result.data as { list: ListPage }).list).toEqual({ items: [], after: pastTheEnd, next: null });
  });

  // PostgreSQL's autovacuum gathers its own statistics, in its own time.
  test.runIf(!process.env.TEST_DATABASE_URL)("writing an article on PGlite leaves the planner statistics for the list", async () => {
    // The worker's database may keep statistics an earlier file's writes left: start without any.
    await db().execute(sql`delete from pg_statistic where starelid = 'press_articles'::regclass`);
    await createPress("daegu", { title: "통계", summary: "요약", content: "", publication: "now", publishAt: null });
    const rows = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from pg_stats where tablename = 'press_articles'`);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  test("a malformed or impossible cursor shows the first page instead of failing", async () => {
    const first = await insertArticle();
    for (const after of ["garbage", "2025-02-30T00:00:00.000000Z_5", "2026-01-01T00:00:00.000000Z_99999999999", "' or 1=1 --"]) {
      const result = await outcome(() => listLoader(routeArgs(`/daegu/press?after=${encodeURIComponent(after)}`)));
      expect(result.status).toBe(200);
      expect((result.data as { list: { items: { id: number }[] } }).list.items.map((item) => item.id)).toEqual([first.id]);
    }
  });

  test("an unknown site is not found", async () => {
    expect((await outcome(() => listLoader(routeArgs("/nowhere/press")))).status).toBe(404);
    expect((await outcome(() => rssLoader(routeArgs("/nowhere/press/rss.xml")))).status).toBe(404);
  });

  test("/Promotion/Press sends visitors to the default site's list", async () => {
    const result = await outcome(async () => promotionPressLoader(routeArgs("/Promotion/Press")));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/daegu/press");
  });

  test("logged out, the list may be cached publicly; signed in, never", async () => {
    const anonymous = await outcome(() => listLoader(routeArgs("/daegu/press")));
    expect(anonymous.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect(anonymous.headers.get("Vary")).toBe("Cookie");
    const cookie = await signIn();
    const signedIn = await outcome(() => listLoader(routeArgs("/daegu/press", { cookie })));
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect((signedIn.data as { admin: { email: string } }).admin.email).toBe(ADMIN.email);
  });
});

describe("press detail", () => {
  test("100 concurrent detail views add exactly 100", async () => {
    const article = await insertArticle({ views: 7 });
    await Promise.all(Array.from({ length: 100 }, () => detailLoader(routeArgs(`/daegu/press/${article.id}`))));
    expect(await viewsOf(article.id)).toBe(107);
  });

  test("a form sent from the article page does not re-run the loader that counts views; navigations do", () => {
    const base = {
      currentUrl: new URL(`${SITE_URL}/daegu/press/1`),
      nextUrl: new URL(`${SITE_URL}/daegu/press/1`),
      currentParams: { site: "daegu", id: "1" },
      nextParams: { site: "daegu", id: "1" },
      defaultShouldRevalidate: true,
    };
    expect(detailShouldRevalidate({ ...base, formMethod: "POST", formAction: "/actions/interest" })).toBe(false);
    expect(detailShouldRevalidate(base)).toBe(true);
  });

  test("opening an article shows the view it just counted", async () => {
    const article = await insertArticle({ views: 3 });
    const { data } = await outcome(() => detailLoader(routeArgs(`/daegu/press/${article.id}`)));
    expect((data as { article: { views: number } }).article.views).toBe(4);
  });

  test("crawlers, prefetches and HEAD requests do not count as views", async () => {
    const article = await insertArticle();
    const path = `/daegu/press/${article.id}`;
    await detailLoader(
      routeArgs(path, {
        headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      }),
    );
    await detailLoader(routeArgs(path, { headers: { "Sec-Purpose": "prefetch" } }));
    await detailLoader(routeArgs(path, { headers: { Purpose: "prefetch" } }));
    await detailLoader(routeArgs(path, { method: "HEAD" }));
    expect(await viewsOf(article.id)).toBe(0);
  });

  test("a missing article, a malformed id or another site's article leads to /Promotion/Press", async () => {
    const elsewhere = await insertArticle({ site: "busan" });
    for (const path of ["/daegu/press/999999", "/daegu/press/abc", "/daegu/press/99999999999", `/daegu/press/${elsewhere.id}`]) {
      const result = await outcome(() => detailLoader(routeArgs(path)));
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe("/Promotion/Press");
    }
    expect(await viewsOf(elsewhere.id)).toBe(0);
  });

  test("article content with <script> is shown as text, never as HTML", async () => {
    const article = await insertArticle({
      title: "<img src=x onerror=alert(1)>",
      content: "첫 문단 <script>alert('xss')</script>\n\n<b>둘째</b> 문단",
    });
    const { data } = await outcome(() => detailLoader(routeArgs(`/daegu/press/${article.id}`)));
    const Stub = createRoutesStub([{ id: "detail", path: "/daegu/press/:id", Component: PressDetailPage }]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [`/daegu/press/${article.id}`],
        hydrationData: { loaderData: { detail: data } },
      }),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("첫 문단 &lt;script&gt;alert(&#x27;xss&#x27;)&lt;/script&gt;");
    expect(html).toContain("<p>&lt;b&gt;둘째&lt;/b&gt; 문단</p>");
  });

  test("the NewsArticle structured data describes the article", async () => {
    const article = await insertArticle({ title: "착공 소식", summary: "착공했습니다." });
    const { data } = await outcome(() => detailLoader(routeArgs(`/daegu/press/${article.id}`)));
    expect((data as { jsonLd: Record<string, unknown> }).jsonLd).toMatchObject({
      "@type": "NewsArticle",
      headline: "착공 소식",
      description: "착공했습니다.",
      mainEntityOfPage: `${SITE_URL}/daegu/press/${article.id}`,
    });
  });
});

describe("signing in", () => {
  test("a wrong password and an unknown email fail alike, without saying which", async () => {
    const wrongPassword = await login({ email: ADMIN.email, password: "not the password" });
    const unknownEmail = await login({ email: "nobody@example.com", password: ADMIN.password });
    for (const result of [wrongPassword, unknownEmail]) {
      expect(result.status).toBe(401);
      expect(result.data).toMatchObject({ result: { error: { "": [expect.stringContaining(PRESS_MESSAGES.loginInvalid)] } } });
      expect(result.headers.get("Set-Cookie")).toBeNull();
    }
  });

  test("one client failing ten times is refused for any email with when to retry, other clients are not", async () => {
    for (let i = 0; i < MAX_CLIENT_FAILURES; i++) {
      expect((await login({ email: `guess${i}@example.com`, password: "guess" }, "192.0.2.1")).status).toBe(401);
    }
    const refused = await login(ADMIN, "192.0.2.1");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      result: { error: { "": [expect.stringContaining("이 접속 주소에서 틀린 비밀번호가 여러 번 입력되어 잠시 막았습니다. 15분 후에")] } },
    });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect((await login(ADMIN, "192.0.2.2")).status).toBe(302);
  });

  test("the attempts table holds keyed hashes, never an address or an email", async () => {
    await login({ email: ADMIN.email, password: "wrong" }, "192.0.2.55");
    const rows = await db().select().from(signInAttempts);
    expect(rows).toHaveLength(1);
    for (const key of [rows[0]!.accountKey, rows[0]!.clientKey]) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain("192.0.2.55");
      expect(key).not.toContain("press-admin");
    }
  });

  test("a right password is not counted as a failure", async () => {
    for (let i = 0; i < 4; i++) await login({ email: ADMIN.email, password: "wrong" });
    expect((await login(ADMIN)).status).toBe(302);
    expect(await db().select({ value: count() }).from(signInAttempts)).toEqual([{ value: 4 }]);
  });

  test("a session is an HttpOnly, SameSite=Lax signed cookie whose token the database never stores", async () => {
    const result = await login(ADMIN);
    const setCookie = result.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const [row] = await db().select().from(sessions);
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(setCookie)).not.toContain(row!.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  test("the password leads on to the code, which comes back to the press list it started from; signing in replaces the session the browser had, and signing out ends it", async () => {
    const first = await signIn();
    const passwordStep = await login(ADMIN, undefined, first, "/daegu/press");
    expect(passwordStep.headers.get("Location")).toBe(`/admin/login/code?${new URLSearchParams({ returnTo: "/daegu/press" })}`);
    const half = cookiePair(passwordStep.headers);
    expect(half).not.toBe(first);
    expect(await getAdmin(...requestAndContext(routeArgs("/daegu/press", { cookie: first })))).toBeNull();
    // Only the password: nobody yet.
    expect(await getAdmin(...requestAndContext(routeArgs("/daegu/press", { cookie: half })))).toBeNull();
    const codeStep = await outcome(() =>
      codeAction(post("/admin/login/code", { code: totpCode(staff.secret!), returnTo: "/daegu/press" }, { cookie: half })),
    );
    expect(codeStep.status).toBe(302);
    expect(codeStep.headers.get("Location")).toBe("/daegu/press");
    const second = cookiePair(codeStep.headers);
    expect(await getAdmin(...requestAndContext(routeArgs("/daegu/press", { cookie: second })))).toMatchObject({ email: ADMIN.email });

    const out = await outcome(() => listAction(post("/daegu/press", { intent: "logout" }, { cookie: second })));
    expect(out.status).toBe(302);
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await getAdmin(...requestAndContext(routeArgs("/daegu/press", { cookie: second })))).toBeNull();
    expect(await db().select({ value: count() }).from(sessions)).toEqual([{ value: 0 }]);
  });

  test("a forged or unsigned session cookie is nobody", async () => {
    await signIn();
    expect(await getAdmin(...requestAndContext(routeArgs("/daegu/press", { cookie: "__session=forged" })))).toBeNull();
  });
});

describe("writing happens in the console", () => {
  test("the list offers signed-in managers a way to the console, and visitors a link to sign in there", async () => {
    const visitor = await outcome(() => listLoader(routeArgs("/daegu/press")));
    expect(visitor.data).toMatchObject({ admin: null, loginUrl: "/admin/login?returnTo=%2Fadmin%2Fpress" });
    const cookie = await signIn();
    const manager = await outcome(() => listLoader(routeArgs("/daegu/press", { cookie })));
    expect(manager.data).toMatchObject({ admin: { email: ADMIN.email, mayManage: true } });
  });

  test("the list page takes no article and no password: anything but signing out is a 400", async () => {
    const cookie = await signIn();
    const attempts: Record<string, string>[] = [
      { intent: "publish", title: "새 소식", summary: "요약" },
      { intent: "login", email: ADMIN.email, password: ADMIN.password },
    ];
    for (const fields of attempts) {
      const result = await outcome(() => listAction(post("/daegu/press", fields, { cookie })));
      expect(result.status).toBe(400);
    }
    expect(await db().select({ value: count() }).from(pressArticles)).toEqual([{ value: 0 }]);
  });

  test("signing out from the list's welcome bar is refused from another origin", async () => {
    const cookie = await signIn();
    const result = await outcome(() => listAction(post("/daegu/press", { intent: "logout" }, { cookie, origin: "https://evil.example" })));
    expect(result.status).toBe(403);
    expect(await getAdmin(...requestAndContext(routeArgs("/daegu/press", { cookie })))).toMatchObject({ email: ADMIN.email });
  });
});

describe("RSS feed", () => {
  test("lists the latest 20 articles as escaped RSS 2.0", async () => {
    for (let i = 0; i < 22; i++) await insertArticle({ title: `기사 ${i}`, date: new Date(Date.UTC(2026, 0, i + 1)) });
    await insertArticle({
      title: `R&D <센터> "개관"`,
      summary: "A & B < C\u0001",
      date: new Date("2026-06-30T00:00:00Z"),
    });
    const response = (await rssLoader(routeArgs("/daegu/press/rss.xml"))) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml.match(/<item>/g)).toHaveLength(20);
    expect(xml).toContain("<title>R&amp;D &lt;센터&gt; &quot;개관&quot;</title>");
    expect(xml).toContain("<description>A &amp; B &lt; C</description>");
    expect(xml).not.toContain("기사 0<");
    expect(xml).toContain(`<link>${SITE_URL}/daegu/press/`);
  });
});
