// npm run bench:press — how fast the press list answers with 100,000 published articles on one
// site: its first page, and the page that starts 5,000 articles deep (what "더보기" fetches there).
//
// Creates a temporary database (PGlite in a temp DATA_DIR; with DATABASE_URL, a fresh database on
// that server, dropped afterwards), migrates it, seeds the articles in one INSERT … SELECT
// generate_series (plus drafts, scheduled articles and another site's, which the list must skip),
// then times N calls of listPressPage (app/.server/content/press.ts, loaded through tsx) and N GETs of the
// page from the production server (`node server.js` on that database). Prints p50/p95/p99 per
// case and whether p95 meets the 20 ms target; exits 1 if any call failed or showed the wrong rows.
// STATISTICS=0 skips the ANALYZE that follows the seed (the planner then guesses the table's size).
// --short (SHORT=1): 5,000 articles, a page 2,000 deep, 20 calls of each.
//
//   ARTICLES=100000 DEPTH=5000 N=200 npm run bench:press
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { register } from "tsx/esm/api";
import { startServer } from "./lib/server-process.js";
import { announceShortRun, setting, SHORT } from "./lib/short-run.js";
import { percentile } from "./lib/lead-load.js";

const ARTICLES = setting("ARTICLES", { full: 100_000, short: 5_000 });
const DEPTH = setting("DEPTH", { full: 5_000, short: 2_000 });
const N = setting("N", { full: 200, short: 20 });
announceShortRun(`${ARTICLES} articles, a page ${DEPTH} deep, ${N} calls of each`);
const STATISTICS = process.env.STATISTICS !== "0";
const TARGET_MS = 20;
const SITE = "daegu";

register();
const { openDatabase, setDatabase } = await import("../app/.server/db.ts");
const { formatCursor, listPressPage, parseCursor, PRESS_PAGE_SIZE } = await import("../app/.server/content/press.ts");

/** A temporary database: its config for openDatabase, the env for the server, and how to remove it. */
async function temporaryDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-press-"));
    return {
      label: `PGlite, DATA_DIR=${dataDir}`,
      config: { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
      serverEnv: { DATA_DIR: dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_press_${crypto.randomBytes(6).toString("hex")}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const version = await serverVersion(url.toString());
  return {
    label: `PostgreSQL ${version}, database ${name} (dropped afterwards)`,
    config: { kind: "postgres", url: url.toString() },
    serverEnv: { DATABASE_URL: url.toString() },
    remove: () => admin(`drop database if exists ${name} with (force)`),
  };
}

async function serverVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("show server_version")).rows[0].server_version;
  } finally {
    await client.end();
  }
}

/**
 * The published articles are dated one minute apart back from an hour ago, every tenth pair
 * sharing a date (so the id breaks ties); around them drafts and scheduled articles of the same
 * site and another site's articles, none of which the list may show.
 */
async function seed(handle) {
  const run = (text) => handle.db.execute(text);
  const { sql } = await import("drizzle-orm");
  await run(sql`
    insert into press_articles (site, title, summary, content, date, views, draft)
    select ${SITE}, '보도자료 ' || n, '요약 ' || n, '본문 ' || n,
           now() - interval '1 hour' - make_interval(mins => n - n % 10 / 9), n % 997, false
    from generate_series(1, ${ARTICLES}::int) as n`);
  const others = Math.ceil(ARTICLES / 100);
  await run(sql`
    insert into press_articles (site, title, summary, date, draft)
    select ${SITE}, case when n % 2 = 0 then '임시 저장 ' else '예약 ' end || n, '요약',
           case when n % 2 = 0 then now() - make_interval(mins => n) else now() + make_interval(days => n) end,
           n % 2 = 0
    from generate_series(1, ${others}::int) as n`);
  await run(sql`
    insert into press_articles (site, title, summary, date)
    select 'elsewhere', '다른 현장 ' || n, '요약', now() - make_interval(mins => n)
    from generate_series(1, ${others * 10}::int) as n`);
  // What follows a write of this size: PostgreSQL's autovacuum analyzes the table within a minute,
  // and on PGlite createPress does (app/.server/content/press.ts). STATISTICS=0 shows the planner without.
  if (STATISTICS) await run(sql`analyze press_articles`);
}

/** The cursor after the DEPTH-th published article, and the title the next page must open with. */
async function deepCursor(handle) {
  const { sql } = await import("drizzle-orm");
  const result = await handle.db.execute(sql`
    select to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date, id,
           lead(title) over (order by date desc, id desc) as next_title
    from press_articles where site = ${SITE} and not draft and date <= now()
    order by date desc, id desc offset ${DEPTH - 1} limit 1`);
  const [row] = result.rows;
  return { cursor: formatCursor({ date: row.date, id: Number(row.id) }), nextTitle: row.next_title };
}

/** Times `count` calls of `call`, which answers true, or why the call failed. */
async function time(count, call) {
  const ms = [];
  const failures = new Map();
  for (let i = 0; i < count + 10; i++) {
    const started = performance.now();
    let outcome;
    try {
      outcome = await call();
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    const elapsed = performance.now() - started;
    // The first ten warm caches and prepared plans; a visitor's request rarely meets a cold one.
    if (i >= 10) ms.push(elapsed);
    if (outcome !== true) failures.set(String(outcome), (failures.get(String(outcome)) ?? 0) + 1);
  }
  ms.sort((a, b) => a - b);
  for (const [reason, times] of failures) console.log(`  failed ${times}×: ${reason}`);
  const failed = [...failures.values()].reduce((sum, times) => sum + times, 0);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), failures: failed };
}

/** True when a listPressPage answer starts with `title` after `newer` rows; otherwise what it showed. */
function describe(page, title, newer) {
  if (page.articles.length === PRESS_PAGE_SIZE && page.articles[0].title === title && page.newer === newer) return true;
  return `expected ${title} after ${newer}, got ${page.articles[0]?.title} after ${page.newer} (${page.articles.length} rows)`;
}

const database = await temporaryDatabase();
console.log(
  `Press list: ${ARTICLES.toLocaleString("en")} published articles on ${SITE}, a page ${DEPTH.toLocaleString("en")} deep, ${N} calls each`,
);
console.log(`Database: ${database.label}`);
const rows = [];
try {
  const handle = await openDatabase(database.config);
  let deep;
  try {
    await handle.migrate();
    setDatabase(handle);
    const seedStarted = performance.now();
    await seed(handle);
    console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    deep = await deepCursor(handle);
    const after = parseCursor(deep.cursor);
    rows.push({
      case: "listPressPage, first page",
      ...(await time(N, async () => {
        const page = await listPressPage(SITE);
        return describe(page, "보도자료 1", 0);
      })),
    });
    rows.push({
      case: `listPressPage, ${DEPTH} deep`,
      ...(await time(N, async () => {
        const page = await listPressPage(SITE, after);
        return describe(page, deep.nextTitle, DEPTH);
      })),
    });
  } finally {
    setDatabase(undefined);
    await handle.close();
  }

  // PGlite is single-user: the server opens the data folder only once the script has closed it.
  const server = await startServer({ env: { ...database.serverEnv, LEADS_RATE_LIMIT: "off", NODE_ENV: "" } });
  try {
    const page = (query, mustShow) => async () => {
      const response = await fetch(`${server.baseUrl}/${SITE}/press${query}`);
      const body = await response.text();
      if (response.status !== 200) return `HTTP ${response.status}`;
      return body.includes(`>${mustShow}</a>`) || `the page does not show ${mustShow}`;
    };
    rows.push({ case: "GET /daegu/press", ...(await time(N, page("", "보도자료 1"))) });
    rows.push({
      case: `GET /daegu/press?after=… (${DEPTH} deep)`,
      ...(await time(N, page(`?after=${encodeURIComponent(deep.cursor)}`, deep.nextTitle))),
    });
  } finally {
    await server.stop();
  }
} finally {
  await database.remove();
}

const fixed = (ms) => ms.toFixed(1);
console.table(
  rows.map((row) => ({
    case: row.case,
    "p50 ms": fixed(row.p50),
    "p95 ms": fixed(row.p95),
    "p99 ms": fixed(row.p99),
    failed: row.failures,
    [`p95 ≤ ${TARGET_MS} ms`]: row.p95 <= TARGET_MS ? "yes" : "no",
  })),
);
if (SHORT) console.log("(short mode: fewer articles and calls than the target speaks of)");
const ok = rows.length === 4 && rows.every((row) => row.failures === 0);
process.exit(ok ? 0 : 1);
