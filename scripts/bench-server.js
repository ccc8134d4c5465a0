// npm run bench:server — requests/s, latency and errors of the production server on loopback,
// next to the same home page served as a static file by a plain Node server in its own process. Pages come
// from the page cache (server/page-cache.ts) after their first render, which is timed on its own.
// Figures depend on the machine and what else runs on it: compare ratios, not absolutes.
// Exits 1 when any target answered other than 2xx or a page was not answered from the cache.
// --short (SHORT=1): one second per target.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort, processorMs, residentMemory, startServer, visitEveryPublicPage } from "./lib/server-process.js";
import { announceShortRun, setting } from "./lib/short-run.js";

const DURATION = setting("BENCH_SECONDS", { full: 10, short: 1 });
const CONNECTIONS = setting("BENCH_CONNECTIONS", { full: 20, short: 10 });
announceShortRun(`${DURATION} s per target, ${CONNECTIONS} connections`);

/**
 * The same page's bytes from a plain node:http server in a process of its own: in the load tool's
 * process (as before issue #32) the baseline shared its event loop with autocannon and read low,
 * which made the cache look faster than a static file.
 */
async function withStaticFileServer(html, measure) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bench-static-"));
  const file = path.join(folder, "index.html");
  fs.writeFileSync(file, html);
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL("./lib/static-file-server.js", import.meta.url)), file, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once("data", resolve);
      child.once("exit", (code) => reject(new Error(`The static file server exited (${code})`)));
    });
    return await measure(`http://127.0.0.1:${port}/`, child.pid);
  } finally {
    child.kill();
    process.off("exit", killOnExit);
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** What a browser sends: the page comes compressed (the cache's gzip, server/gzip-pieces.ts). */
const AS_A_BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

/** One autocannon run; `pid` is the process answering, whose processor time per answer is reported. */
function run(title, options, pid) {
  const cpuBefore = processorMs(pid);
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...options }, (error, result) => {
      if (error) return reject(error);
      const non2xx = result.non2xx + result.errors + result.timeouts;
      const answers = Math.max(result.requests.total, 1);
      resolve({
        title,
        "req/s": Math.round(result.requests.average),
        "KB/answer": Math.round(result.throughput.total / answers / 1024),
        "CPU µs/answer": Math.round(((processorMs(pid) - cpuBefore) * 1000) / answers),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        errors: non2xx,
      });
    });
  });
}

/**
 * A cached page's run, counting the answers the cache did not give (X-Page-Cache): each is a
 * render that a visitor waited for.
 */
async function runCached(title, url, headers = {}) {
  const renders = { hit: 0, other: 0 };
  const row = await run(
    title,
    {
      url,
      requests: [
        {
          method: "GET",
          headers,
          // autocannon names headers as the server wrote them.
          onResponse: (_status, _body, _context, answer) => (renders[answer["X-Page-Cache"] === "hit" ? "hit" : "other"] += 1),
        },
      ],
    },
    server.child.pid,
  );
  return { ...row, "not from cache": renders.other };
}

const server = await startServer({ env: { LEADS_RATE_LIMIT: "off", E2E: "1" } });
const rows = [];
try {
  // The first request for each page renders it (the server has just started); the rest are cached.
  const PAGES = [
    ["home", "/"],
    ["press list", "/daegu/press"],
    ["floor plan", "/FloorPlan/59A"],
  ];
  const firstRenders = [];
  let home = "";
  for (const [name, path] of PAGES) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`);
    const html = await response.text();
    firstRenders.push(`${name} ${(performance.now() - started).toFixed(0)} ms (${response.headers.get("x-page-cache")})`);
    if (path === "/") home = html;
  }
  const pagesServed = await visitEveryPublicPage(server.baseUrl);
  const memoryAfterPages = residentMemory(server.child.pid);
  for (const [name, path] of PAGES) rows.push(await runCached(`GET ${path} (${name}, cached)`, `${server.baseUrl}${path}`));
  const homeAsBrowser = await runCached("GET / (home, cached, as a browser: gzip)", `${server.baseUrl}/`, AS_A_BROWSER);
  rows.push(homeAsBrowser);
  rows.push(await run("GET /healthz", { url: `${server.baseUrl}/healthz` }, server.child.pid));

  // A form as the popup renders it: its token, consent ticked, one submission id per lead. No wait
  // for a person's two seconds of filling it in: the server runs with LEADS_RATE_LIMIT=off, whose
  // policy has no minimum fill time (app/.server/spam.ts, RELAXED_POLICY).
  const { token } = await (await fetch(`${server.baseUrl}/actions/interest`, { headers: { Accept: "application/json" } })).json();
  let sequence = 0;
  rows.push(
    await run(
      "POST lead (interest)",
      {
        url: `${server.baseUrl}/actions/interest`,
        method: "POST",
        connections: Math.min(CONNECTIONS, 10),
        setupClient(client) {
          client.setRequests([
            {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
              setupRequest(request) {
                sequence += 1;
                const phone = `010${String(10_000_000 + sequence).slice(-8)}`;
                request.body = new URLSearchParams({
                  name: "벤치마크",
                  phone,
                  consent: "yes",
                  _token: token,
                  _gotcha: "",
                  _submission: `bench-${process.pid}-${sequence}`,
                }).toString();
                return request;
              },
            },
          ]);
        },
      },
      server.child.pid,
    ),
  );

  const [staticRow, staticGzipRow] = await withStaticFileServer(home, async (url, pid) => [
    await run("GET / as a static file (node:http, own process)", { url }, pid),
    await run("GET / as a static file, gzip (node:http, own process)", { url, headers: AS_A_BROWSER }, pid),
  ]);
  rows.push(staticRow, staticGzipRow);

  console.table(rows);
  console.log(`First (uncached) render: ${firstRenders.join(", ")}`);
  const memoryAtEnd = residentMemory(server.child.pid);
  console.log(
    `Server RSS (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${memoryAfterPages.rssMiB} MiB after all ${pagesServed} public pages, ` +
      `${memoryAtEnd.rssMiB} MiB after the runs (peak ${memoryAtEnd.peakMiB} MiB)`,
  );
  const percent = (row, baseline) => `${((row["req/s"] / baseline["req/s"]) * 100).toFixed(1)}%`;
  console.log(
    `Home (cached) vs the same bytes from a static file server in its own process: ${percent(rows[0], staticRow)} of its ` +
      `throughput uncompressed, ${percent(homeAsBrowser, staticGzipRow)} with gzip as a browser asks; ` +
      `home p99 ${rows[0]["p99 ms"]} ms, ${homeAsBrowser["p99 ms"]} ms with gzip (target ≤ 50 ms at ${CONNECTIONS} connections); ` +
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" / ")}`,
  );
  // Refused or failed requests mean the figures measure something else than the page or the form.
  const failed = rows.filter((row) => row.errors > 0);
  if (failed.length > 0) console.log(`Answers other than 2xx: ${failed.map((row) => `${row.title} ${row.errors}`).join(", ")}`);
  // Figures of pages rendered per request would be labelled "cached" by mistake (a broken cache
  // fails no page). An entry's lifetime ends at most once a minute, and the requests that arrive
  // while it is rendered again share that render (each answered "miss"): more is a page not kept.
  const uncached = rows
    .filter((row) => row["not from cache"] > Math.ceil(DURATION / 60) * CONNECTIONS)
    .map((row) => `${row.title}: ${row["not from cache"]} answers rendered during the run`);
  if (uncached.length > 0) console.log(`Not answered from the page cache: ${uncached.join(", ")}`);
  process.exitCode = failed.length > 0 || uncached.length > 0 ? 1 : 0;
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
