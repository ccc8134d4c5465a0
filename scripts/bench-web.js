// npm run bench:web — Lighthouse (mobile and desktop, BENCH_WEB_RUNS runs each, default 3) on
// every public route of a fresh production server, with Debian's Chromium and no network beyond
// loopback. Prints the medians, writes them to docs/performance.md and exits 1 when a budget is
// missed. BENCH_WEB_ROUTES=/,/Brand/intro limits the routes and BENCH_WEB_FORMS=mobile the form
// factors (for a quick look; either one leaves docs/performance.md as it is); BENCH_WEB_CPU_SLOWDOWN=6
// simulates a low-end phone (TBT budget 200 ms; the table is left as it is too).
// --short (SHORT=1, run by `npm run test:scripts`): the home page, mobile only, one run, nothing
// written. It fails on a run Lighthouse could not complete and on the budgets that say what the page
// is (accessibility, SEO, best practices); the speed and size budgets it prints: one run on a shared
// machine cannot judge a timing, and sizes are the full run's figures to weigh.
// When / is measured, it is measured again with one notice popup showing (seeded into the server's
// temporary database between two starts), and CLS and LCP are printed side by side: the popup is
// drawn over the page after it has painted, so it must add no layout shift and no later LCP.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import defaultConfig from "lighthouse/core/config/default-config.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startServer } from "./lib/server-process.js";
import { announceShortRun, setting, SHORT } from "./lib/short-run.js";

const RUNS = setting("BENCH_WEB_RUNS", { full: 3, short: 1 });
/**
 * Lighthouse's mobile run simulates a phone 4× slower than this machine; BENCH_WEB_CPU_SLOWDOWN=6
 * simulates a low-end one (issue #32), where the TBT budget is 200 ms. A run at another slowdown
 * than 4 is a look, not the table: docs/performance.md is left as it is.
 */
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? constants.throttling.mobileSlow4G.cpuSlowdownMultiplier);
const MOBILE_THROTTLING = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN };
const FORM_FACTORS = SHORT ? ["mobile"] : (process.env.BENCH_WEB_FORMS?.split(",") ?? ["mobile", "desktop"]);
announceShortRun(`the home page, mobile only, ${RUNS} Lighthouse run(s), nothing written`);
const BUDGET = {
  performance: 98,
  accessibility: 100,
  seo: 100,
  bestPractices: 96,
  // Issue #32: every public route's LCP at 1.2 s or less (issue #19 had asked 1.5 s).
  lcpMs: 1200,
  cls: 0.02,
  tbtMs: CPU_SLOWDOWN > 4 ? 200 : 100,
  jsKb: 110,
  homeTotalKb: 700,
};

/** The metrics the performance score is weighted from (both configs use the default's weights). */
const PERFORMANCE_WEIGHTS = defaultConfig.categories.performance.auditRefs.filter((ref) => ref.weight > 0);
const PERFORMANCE_AUDITS = [...PERFORMANCE_WEIGHTS.map((ref) => ref.id), "resource-summary"];

/** The performance category's score, computed as Lighthouse does when the category itself was not asked for. */
function performanceScore(lhr) {
  if (lhr.categories.performance) return lhr.categories.performance.score ?? 0;
  const total = PERFORMANCE_WEIGHTS.reduce((sum, ref) => sum + ref.weight, 0);
  return PERFORMANCE_WEIGHTS.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0) / total;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const UNITS_PAGE = "/SalesInfo/units";

async function publicRoutes(baseUrl) {
  if (process.env.BENCH_WEB_ROUTES) return process.env.BENCH_WEB_ROUTES.split(",");
  if (SHORT) return ["/"];
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  // One press article stands for all of them: they share one template.
  const articles = paths.filter((path) => /\/press\/\d+$/.test(path));
  // The 잔여세대 page is in the sitemap only while the office has it on (the demo seed turns it on): measured either way.
  const units = paths.includes(UNITS_PAGE) ? [] : [UNITS_PAGE];
  return [...paths.filter((path) => !/\/press\/\d+$/.test(path)), ...units, ...articles.slice(0, 1)];
}

/** One run's figures; a performance-only run takes the other categories from the route's first run. */
function summarize(lhr, first) {
  const audits = lhr.audits;
  const items = audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type) => (items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  return {
    performance: Math.round(performanceScore(lhr) * 100),
    accessibility: first?.accessibility ?? Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    bestPractices: first?.bestPractices ?? Math.round((lhr.categories["best-practices"].score ?? 0) * 100),
    seo: first?.seo ?? Math.round((lhr.categories.seo.score ?? 0) * 100),
    lcpMs: Math.round(audits["largest-contentful-paint"].numericValue),
    cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    tbtMs: Math.round(audits["total-blocking-time"].numericValue),
    totalKb: Math.round(bytes("total")),
    jsKb: Math.round(bytes("script")),
    // The budget is judged on the rounded KB, as Lighthouse shows it; the bytes say how near it a page is.
    jsBytes: Math.round(bytes("script") * 1024),
    imageKb: Math.round(bytes("image")),
    fontKb: Math.round(bytes("font")),
  };
}

/** The budgets missed; `quality` marks those about what the page is rather than how fast or big it is. */
function missedBudgets(route, formFactor, m, label = route) {
  const misses = [];
  const check = (ok, text, quality = false) => ok || misses.push({ text: `${formFactor} ${label}: ${text}`, quality });
  if (formFactor === "mobile") check(m.performance >= BUDGET.performance, `performance ${m.performance} < ${BUDGET.performance}`);
  check(m.accessibility >= BUDGET.accessibility, `accessibility ${m.accessibility} < ${BUDGET.accessibility}`, true);
  check(m.seo >= BUDGET.seo, `SEO ${m.seo} < ${BUDGET.seo}`, true);
  check(m.bestPractices >= BUDGET.bestPractices, `best practices ${m.bestPractices} < ${BUDGET.bestPractices}`, true);
  check(m.lcpMs <= BUDGET.lcpMs, `LCP ${m.lcpMs} ms > ${BUDGET.lcpMs} ms`);
  check(m.cls <= BUDGET.cls, `CLS ${m.cls} > ${BUDGET.cls}`);
  check(m.tbtMs <= BUDGET.tbtMs, `TBT ${m.tbtMs} ms > ${BUDGET.tbtMs} ms`);
  check(m.jsKb <= BUDGET.jsKb, `JS ${m.jsKb} KB > ${BUDGET.jsKb} KB`);
  if (route === "/") check(m.totalKb <= BUDGET.homeTotalKb, `home transfer ${m.totalKb} KB > ${BUDGET.homeTotalKb} KB`);
  return misses;
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Median figures of RUNS Lighthouse runs of one route at one form factor, in the given Chrome. */
async function measure(chrome, baseUrl, route, formFactor) {
  const runs = [];
  for (let run = 0, attempts = 0; run < RUNS && attempts < RUNS * 3; attempts++) {
    const result = await lighthouse(
      `${baseUrl}${route}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        // The performance score is made of five metrics; the table needs those and the bytes, not
        // Lighthouse's diagnostics (coverage, image and CSS analysis), which cost a second or more.
        // Accessibility, best practices and SEO don't vary between runs: the first run adds them.
        onlyAudits: PERFORMANCE_AUDITS,
        ...(run === 0 ? { onlyCategories: ["accessibility", "best-practices", "seo"] } : {}),
        // Screenshots are for people reading a report; the table needs none.
        disableFullPageScreenshot: true,
        skipAudits: ["screenshot-thumbnails", "final-screenshot"],
        skipAboutBlank: true,
        // Everything is on loopback: a quarter second of quiet means the page is done (the
        // defaults, one second each, are for real networks and would double the run).
        pauseAfterFcpMs: 250,
        pauseAfterLoadMs: 250,
        networkQuietThresholdMs: 250,
        cpuQuietThresholdMs: 250,
        ...(formFactor === "mobile" ? { throttling: MOBILE_THROTTLING } : {}),
      },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    // A run Lighthouse could not complete (e.g. NO_NAVSTART on a busy machine), or in which a
    // metric could not be computed from the trace, is tried again.
    const failedMetric = PERFORMANCE_WEIGHTS.map((ref) => result.lhr.audits[ref.id]).find(
      (audit) => typeof audit?.numericValue !== "number",
    );
    if (result.lhr.runtimeError || failedMetric) {
      const reason = result.lhr.runtimeError?.code ?? `${failedMetric?.id}: ${failedMetric?.errorMessage ?? "no value"}`;
      console.log(`  retrying ${route} (${formFactor}): ${reason}`);
      continue;
    }
    runs.push(summarize(result.lhr, runs[0]));
    run++;
  }
  if (runs.length === 0) return null;
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
}

/** The label of the home page's row measured with a notice popup showing. */
const WITH_POPUP = "/ (1 popup)";

/**
 * One notice popup on the demo site, showing from an hour ago for a day, written straight into the
 * stopped server's database (as the console's savePopup would, content version bumped).
 */
async function seedPopup(dataDir) {
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    const now = Date.now();
    await db.query(
      `insert into notice_popups (site, title, body, starts_at, ends_at, sort_order, devices)
       values ('daegu', $1, $2, $3, $4, 0, 'all')`,
      [
        "견본주택 그랜드 오픈 안내",
        "11월 28일(금) 오전 10시 견본주택을 엽니다. 방문 예약 고객께는 상담 우선 순서를 드립니다.",
        new Date(now - 60 * 60 * 1000).toISOString(),
        new Date(now + 24 * 60 * 60 * 1000).toISOString(),
      ],
    );
    await db.query(
      `insert into site_settings (site, version) values ('daegu', 1)
       on conflict (site) do update set version = site_settings.version + 1, updated_at = now()`,
    );
  } finally {
    await db.close();
  }
}

/** Measures the routes (one page at a time) into rows, and the budgets they miss into misses. */
async function measureRoutes(chrome, baseUrl, routes, rows, misses, { label } = {}) {
  for (const route of routes) {
    for (const formFactor of FORM_FACTORS) {
      const shown = label ?? route;
      const medians = await measure(chrome, baseUrl, route, formFactor);
      if (!medians) {
        misses.push({ text: `${formFactor} ${shown}: Lighthouse could not complete a run`, quality: true });
        continue;
      }
      rows.push({ route: shown, formFactor, ...medians });
      misses.push(...missedBudgets(route, formFactor, medians, shown));
      console.log(
        `${formFactor.padEnd(7)} ${shown.padEnd(34)} perf ${medians.performance} a11y ${medians.accessibility} bp ${medians.bestPractices} seo ${medians.seo} LCP ${medians.lcpMs}ms CLS ${medians.cls} TBT ${medians.tbtMs}ms JS ${medians.jsKb}KB (${medians.jsBytes} B) total ${medians.totalKb}KB`,
      );
    }
  }
}

/**
 * The home page with and without a popup, per form factor. A popup must shift nothing (its CLS is
 * the page's own) and must not become a later LCP: a tolerance of 10 % (at least 100 ms) absorbs
 * the noise between two medians of a few runs.
 */
function popupComparison(rows) {
  return FORM_FACTORS.flatMap((formFactor) => {
    const without = rows.find((row) => row.route === "/" && row.formFactor === formFactor);
    const withPopup = rows.find((row) => row.route === WITH_POPUP && row.formFactor === formFactor);
    if (!without || !withPopup) return [];
    const misses = [];
    if (withPopup.cls > without.cls) misses.push(`CLS ${withPopup.cls} with a popup > ${without.cls} without`);
    if (withPopup.lcpMs > without.lcpMs + Math.max(100, without.lcpMs * 0.1))
      misses.push(`LCP ${withPopup.lcpMs} ms with a popup, ${without.lcpMs} ms without`);
    return [{ formFactor, without, withPopup, misses }];
  });
}

let server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
const rows = [];
const misses = [];
// One page at a time: Lighthouse keeps global timing state (it can't run twice in one process),
// and a second run on the other core would slow the first one's main thread and skew its scores.
try {
  const routes = await publicRoutes(server.baseUrl);
  await measureRoutes(chrome, server.baseUrl, routes, rows, misses);
  if (routes.includes("/")) {
    // PGlite takes one process at a time: the server stops while the popup is written.
    await server.stop();
    await seedPopup(server.dataDir);
    server = await startServer({ dataDir: server.dataDir });
    const { popups } = await (await fetch(`${server.baseUrl}/popups.json`)).json();
    if (popups.length !== 1) throw new Error(`Expected one popup showing after seeding, got ${popups.length}.`);
    await measureRoutes(chrome, server.baseUrl, ["/"], rows, misses, { label: WITH_POPUP });
  }
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

const comparison = popupComparison(rows);
for (const { formFactor, without, withPopup, misses: popupMisses } of comparison) {
  console.log(
    `${formFactor.padEnd(7)} / without → with a popup: CLS ${without.cls} → ${withPopup.cls}, LCP ${without.lcpMs} → ${withPopup.lcpMs} ms`,
  );
  misses.push(...popupMisses.map((text) => ({ text: `${formFactor} /: ${text}`, quality: false })));
}

const header =
  "| route | form | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms | total KB | JS KB | img KB | font KB |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|";
const table = rows
  .map(
    (r) =>
      `| ${r.route} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${r.totalKb} | ${r.jsKb} | ${r.imageKb} | ${r.fontKb} |`,
  )
  .join("\n");
const popupTable =
  comparison.length === 0
    ? ""
    : `\n\nThe home page with one notice popup showing (\`${WITH_POPUP}\` above; the popup is drawn over the page after it has painted):\n\n| form | CLS without | CLS with popup | LCP ms without | LCP ms with popup |\n|---|---|---|---|---|\n${comparison
        .map(
          ({ formFactor, without, withPopup }) =>
            `| ${formFactor} | ${without.cls} | ${withPopup.cls} | ${without.lcpMs} | ${withPopup.lcpMs} |`,
        )
        .join("\n")}`;
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const loadAverage = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(" / ");
const measured = `<!-- bench:web -->\nMeasured by \`npm run bench:web\` on ${new Date().toISOString().slice(0, 10)} (${machine}; load average at the end ${loadAverage}, 1/5/15 min).\nLighthouse ${JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, median of ${RUNS} runs, Debian Chromium headless, production build on loopback; mobile uses Lighthouse's simulated slow-4G throttling (CPU ${CPU_SLOWDOWN}×).\n\nBudgets: mobile performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, SEO ${BUDGET.seo}, best practices ≥ ${BUDGET.bestPractices}, LCP ≤ ${BUDGET.lcpMs} ms, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms, JS ≤ ${BUDGET.jsKb} KB per route, home ≤ ${BUDGET.homeTotalKb} KB.\n\n${header}\n${table}${popupTable}\n\n${misses.length === 0 ? "All budgets met." : `Missed budgets:\n\n${misses.map((m) => `- ${m.text}`).join("\n")}`}\n<!-- /bench:web -->`;
// The table goes between the markers; what people wrote around it (causes, decisions) stays.
if (!process.env.BENCH_WEB_ROUTES && !process.env.BENCH_WEB_FORMS && !SHORT && CPU_SLOWDOWN === 4) {
  const file = "docs/performance.md";
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Performance\n\n<!-- bench:web --><!-- /bench:web -->\n";
  const updated = current.includes("<!-- bench:web -->")
    ? current.replace(/<!-- bench:web -->[\s\S]*<!-- \/bench:web -->/, () => measured)
    : `${current.trimEnd()}\n\n${measured}\n`;
  fs.writeFileSync(file, updated);
}
console.log(misses.length === 0 ? "All budgets met." : `Missed budgets:\n${misses.map((m) => m.text).join("\n")}`);
const failing = SHORT ? misses.filter((miss) => miss.quality) : misses;
if (failing.length < misses.length) {
  console.log("Short run: speed and size budgets are printed, not enforced (`npm run bench:web` judges them).");
}
process.exitCode = failing.length === 0 ? 0 : 1;
