import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { count, eq } from "drizzle-orm";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { pressArticles } from "#app/.server/schema.ts";
import { PRESS_MESSAGES } from "#app/forms/press-messages.ts";
import { loader as rssLoader } from "#app/routes/seo/press-rss[.]xml.ts";
import { loader as sitemapLoader } from "#app/routes/seo/sitemap[.]xml.ts";
import { loader as detailLoader } from "#app/routes/site/press-detail.tsx";
import { loader as listLoader } from "#app/routes/site/press-list.tsx";
import { loader as consoleListLoaderRaw } from "#app/routes/admin/press/press.tsx";
import PressNewPage, { action as newActionRaw, loader as newLoaderRaw } from "#app/routes/admin/press/press-new.tsx";
import { action as editActionRaw, loader as editLoaderRaw } from "#app/routes/admin/press/press-edit.tsx";
import { action as deleteActionRaw } from "#app/routes/admin/press/press-delete.tsx";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { routeContext } from "#tests/route-context.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";
import { viaConsole } from "#tests/console-call.ts";

const consoleListLoader = viaConsole(consoleListLoaderRaw);
const newAction = viaConsole(newActionRaw);
const newLoader = viaConsole(newLoaderRaw);
const editAction = viaConsole(editActionRaw);
const editLoader = viaConsole(editLoaderRaw);
const deleteAction = viaConsole(deleteActionRaw);

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "integration-test-session-secret-0123456789" }));

withTestDatabase();

let manager: string;
let counsellor: string;

beforeEach(async () => {
  const team = await addTeam();
  manager = await consoleCookie(team.manager);
  counsellor = await consoleCookie(team.counsellor);
});

afterEach(() => {
  vi.useRealTimers();
});

// ---- helpers: real Requests into the route modules ------------------------------------------

function routeArgs(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set(
    "User-Agent",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  );
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, SITE_URL), { ...init, headers });
  // /admin/press/:id and /{site}/press/:id both keep the id third.
  const [, site, , id] = new URL(request.url).pathname.split("/");
  const params = { site: site ?? "", id: id ?? "" };
  return { request, url: new URL(request.url), pattern: "", params, context: routeContext(request.url) };
}

function post(path: string, fields: Record<string, string>, cookie = manager) {
  return routeArgs(path, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: SITE_URL }, cookie });
}

/** What a data function answered, whether it returned or threw: status, headers and data. */
async function outcome(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined as unknown };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit" && "data" in result) {
    const init = "init" in result ? (result.init as ResponseInit | null) : null;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: result.data };
  }
  return { status: 200, headers: new Headers(), data: result };
}

const ARTICLE = { title: "모델하우스 개관 안내", summary: "11월 28일 모델하우스를 엽니다.", content: "첫 문단\n둘째 문단" };

async function write(fields: Record<string, string>) {
  return outcome(() => newAction(post("/admin/press/new", { ...ARTICLE, intent: "save", ...fields })));
}

async function onlyArticle() {
  const rows = await db().select().from(pressArticles);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Where visitors could come across an article: the list, its page, the feed and the sitemap. */
async function publicly(id: number) {
  const list = await outcome(() => listLoader(routeArgs("/daegu/press")));
  const detail = await outcome(() => detailLoader(routeArgs(`/daegu/press/${id}`)));
  const rss = await ((await rssLoader(routeArgs("/daegu/press/rss.xml"))) as Response).text();
  const sitemap = await ((await sitemapLoader(routeArgs("/sitemap.xml"))) as Response).text();
  const titles = (list.data as { list: { items: { title: string }[] } }).list.items.map((item) => item.title);
  return {
    onList: titles.includes(ARTICLE.title),
    detailStatus: detail.status,
    inFeed: rss.includes(ARTICLE.title),
    inSitemap: sitemap.includes(`/daegu/press/${id}<`),
  };
}

// ---- tests ---------------------------------------------------------------------------------

describe("press in the console", () => {
  test("a manager saves a draft; it is in /admin/press and nowhere public (list, article URL 404, RSS, sitemap)", async () => {
    const saved = await write({ publication: "draft" });
    expect(saved.status).toBe(303);
    const article = await onlyArticle();
    expect(article).toMatchObject({ draft: true, views: 0 });
    expect(saved.headers.get("Location")).toBe(`/admin/press?saved=saved&id=${article.id}`);

    const console = await outcome(() => consoleListLoader(routeArgs(saved.headers.get("Location")!, { cookie: manager })));
    expect(console.data).toMatchObject({
      articles: [{ id: article.id, title: ARTICLE.title, status: "draft", badge: "임시 저장" }],
      message: `「${ARTICLE.title}」를 저장했습니다.`,
    });
    expect(await publicly(article.id)).toEqual({ onList: false, detailStatus: 404, inFeed: false, inSitemap: false });
    // Asking for it counted nothing.
    expect((await onlyArticle()).views).toBe(0);

    // Published from the editor: public everywhere, dated now.
    const published = await outcome(() =>
      editAction(post(`/admin/press/${article.id}`, { ...ARTICLE, intent: "save", publication: "now" })),
    );
    expect(published.headers.get("Location")).toBe(`/admin/press?saved=published&id=${article.id}`);
    const stored = await onlyArticle();
    expect(stored.draft).toBe(false);
    expect(stored.updatedAt).not.toBeNull();
    expect(await publicly(article.id)).toEqual({ onList: true, detailStatus: 200, inFeed: true, inSitemap: true });
  });

  test("an article scheduled for tomorrow appears publicly only once its time has come", async () => {
    const tomorrow = addDays(kstDay(new Date()), 1);
    const [, month, day] = tomorrow.split("-").map(Number);
    const saved = await write({ publication: "scheduled", publishDay: tomorrow, publishTime: "09:00" });
    expect(saved.status).toBe(303);
    const article = await onlyArticle();
    const due = kstInstant(tomorrow, "09:00");
    expect(article.date.toISOString()).toBe(due.toISOString());
    const console = await outcome(() => consoleListLoader(routeArgs(saved.headers.get("Location")!, { cookie: manager })));
    expect(console.data).toMatchObject({
      articles: [{ status: "scheduled", badge: `예약 발행 ${month}.${day} 09:00` }],
      message: `「${ARTICLE.title}」는 ${month}월 ${day}일 09:00에 발행됩니다.`,
    });
    expect(await publicly(article.id)).toEqual({ onList: false, detailStatus: 404, inFeed: false, inSitemap: false });

    // The clock moves on; nothing else changes.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(due.getTime() - 1_000);
    expect(await publicly(article.id)).toEqual({ onList: false, detailStatus: 404, inFeed: false, inSitemap: false });
    vi.setSystemTime(due);
    expect(await publicly(article.id)).toEqual({ onList: true, detailStatus: 200, inFeed: true, inSitemap: true });
  });

  test("a schedule in the past or without a time is refused in Korean, nothing saved", async () => {
    const yesterday = addDays(kstDay(new Date()), -1);
    const past = await write({ publication: "scheduled", publishDay: yesterday, publishTime: "09:00" });
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ result: { error: { publishDay: [PRESS_MESSAGES.scheduleInPast] } } });
    const missing = await write({ publication: "scheduled", publishDay: "2026-02-30", publishTime: "" });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ result: { error: { publishDay: [PRESS_MESSAGES.scheduleMissing] } } });
    expect(await db().select({ value: count() }).from(pressArticles)).toEqual([{ value: 0 }]);
  });

  test("the preview shows the article as visitors will see it, escaped", async () => {
    const fields = {
      intent: "preview",
      publication: "now",
      title: "<img src=x onerror=alert(1)>",
      summary: "요약 & 안내",
      content: "첫 문단 <script>alert('xss')</script>\r\n\r\n<b>둘째</b> 문단",
    };
    const previewed = await outcome(() => newAction(post("/admin/press/new", fields)));
    expect(previewed.status).toBe(200);
    expect(await db().select({ value: count() }).from(pressArticles)).toEqual([{ value: 0 }]);
    const preview = (previewed.data as { preview: Record<string, unknown> }).preview;

    // Saved, the public page reads the same title, summary and paragraphs.
    await write({ ...fields, intent: "save" });
    const article = await onlyArticle();
    const detail = await outcome(() => detailLoader(routeArgs(`/daegu/press/${article.id}`)));
    const shown = (detail.data as { article: Record<string, unknown> }).article;
    for (const key of ["title", "summary", "paragraphs"]) expect(preview[key]).toEqual(shown[key]);

    const { today } = (await newLoader(routeArgs("/admin/press/new", { cookie: manager }))) as { today: string };
    const Stub = createRoutesStub([{ id: "new", path: "/admin/press/new", Component: PressNewPage }]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/admin/press/new"],
        hydrationData: { loaderData: { new: { today } }, actionData: { new: previewed.data } },
      }),
    );
    const article_ = html.slice(html.indexOf('<article class="press-article"'));
    expect(article_).not.toContain("<script>");
    expect(article_).not.toContain("<img src=x");
    expect(article_).toContain("<p>첫 문단 &lt;script&gt;alert(&#x27;xss&#x27;)&lt;/script&gt;</p><p>&lt;b&gt;둘째&lt;/b&gt; 문단</p>");
  });

  test("a counsellor cannot open /admin/press (403)", async () => {
    const article = await write({ publication: "now" }).then(onlyArticle);
    for (const run of [
      () => consoleListLoader(routeArgs("/admin/press", { cookie: counsellor })),
      () => newLoader(routeArgs("/admin/press/new", { cookie: counsellor })),
      () => editLoader(routeArgs(`/admin/press/${article.id}`, { cookie: counsellor })),
      () => newAction(post("/admin/press/new", { ...ARTICLE, intent: "save", publication: "now" }, counsellor)),
      () => deleteAction(post(`/admin/press/${article.id}/delete`, {}, counsellor)),
    ]) {
      expect((await outcome(run)).status).toBe(403);
    }
    expect(await db().select({ value: count() }).from(pressArticles)).toEqual([{ value: 1 }]);
  });

  test("a title over the limit gets a Korean message and a 400, nothing saved", async () => {
    const result = await write({ publication: "now", title: "가".repeat(201) });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      result: { error: { title: [PRESS_MESSAGES.titleTooLong] }, initialValue: { title: "가".repeat(201) } },
    });
    expect(await db().select({ value: count() }).from(pressArticles)).toEqual([{ value: 0 }]);
  });

  test("a post wrong in three fields at once answers 400 with every field's error and the values typed", async () => {
    const yesterday = addDays(kstDay(new Date()), -1);
    const result = await write({
      title: "",
      summary: "가".repeat(1001),
      publication: "scheduled",
      publishDay: yesterday,
      publishTime: "09:00",
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      result: {
        status: "error",
        error: {
          title: [PRESS_MESSAGES.required],
          summary: [PRESS_MESSAGES.summaryTooLong],
          publishDay: [PRESS_MESSAGES.scheduleInPast],
        },
        initialValue: { summary: "가".repeat(1001), publishDay: yesterday, publishTime: "09:00" },
      },
    });
    expect(await db().select({ value: count() }).from(pressArticles)).toEqual([{ value: 0 }]);
  });

  test("editing an article that is out keeps its date and views; deleting removes it", async () => {
    const [row] = await db()
      .insert(pressArticles)
      .values({ site: "daegu", ...ARTICLE, date: new Date("2026-05-05T05:05:05Z"), views: 12 })
      .returning();
    const saved = await outcome(() =>
      editAction(post(`/admin/press/${row!.id}`, { ...ARTICLE, title: "고친 제목", intent: "save", publication: "now" })),
    );
    expect(saved.headers.get("Location")).toBe(`/admin/press?saved=saved&id=${row!.id}`);
    const stored = await onlyArticle();
    expect(stored).toMatchObject({ title: "고친 제목", views: 12, draft: false });
    expect(stored.date.toISOString()).toBe("2026-05-05T05:05:05.000Z");

    const deleted = await outcome(() => deleteAction(post(`/admin/press/${row!.id}/delete`, {})));
    expect(deleted.status).toBe(303);
    expect(await db().select().from(pressArticles).where(eq(pressArticles.id, row!.id))).toEqual([]);
  });

  test("a manager opening a draft's public address sees it marked as not public, and counts no view", async () => {
    const article = await write({ publication: "draft" }).then(onlyArticle);
    const seen = await outcome(() => detailLoader(routeArgs(`/daegu/press/${article.id}`, { cookie: manager })));
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ hidden: "draft", mayManage: true });
    expect(seen.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await onlyArticle()).views).toBe(0);
  });
});
