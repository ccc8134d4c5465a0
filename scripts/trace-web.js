// npm run trace:web — where a public page's main thread goes after its first paint, from Chrome
// traces (Debian's Chromium through Playwright and CDP `Tracing`, phone viewport). Lighthouse's
// mobile run simulates a slow phone by multiplying each task's time on this machine by 4; this
// does the same with each task's *processor* time (the thread's own time, which other work on a
// shared machine does not stretch as it stretches wall time), so paired before/after runs compare
// even when the machine is busy. It prints the blocking time (each task ×4 and ×6, beyond 50 ms)
// per route and per phase: the page's own work (parsing, style, layout), the scripts (the module
// graph's evaluation and hydration) and what follows React Router's route discovery (`/__manifest`).
//
// TRACE_ROUTES=/,/Brand/video (default: a few of the worst routes), TRACE_SLOWDOWNS=4,6,
// TRACE_RUNS=3 (per route; medians are printed), TRACE_PORT (the server's port; a free one),
// TRACE_VERBOSE=1 (each run's tasks over 50 ms at the first slowdown), TRACE_SAVE=/tmp/trace
// (keeps each trace for chrome://tracing). The server is the production build, started as
// bench:web starts it (a fresh temporary data folder).
import fs from "node:fs";
import { chromium } from "playwright-core";
import { startServer } from "./lib/server-process.js";
import { announceShortRun, setting, SHORT } from "./lib/short-run.js";

const ROUTES = (
  process.env.TRACE_ROUTES ?? (SHORT ? "/" : "/,/Brand/video,/SalesInfo/SubscriptionGuide,/daegu/customer,/Promotion/Customer")
).split(",");
const SLOWDOWNS = (process.env.TRACE_SLOWDOWNS ?? "4,6").split(",").map(Number);
const RUNS = setting("TRACE_RUNS", { full: 3, short: 1 });
announceShortRun("the home page, one trace");
const VERBOSE = process.env.TRACE_VERBOSE === "1";
/** TRACE_PROFILE=1: also sample the main thread and print the functions the scripts' time went to (read with an unminified build). */
const PROFILE = process.env.TRACE_PROFILE === "1";
/** What Lighthouse counts as blocking: the part of a task beyond 50 ms. */
const LONG_TASK_MS = 50;
/** After the load event, scripts start, hydrate and discover routes; this long after it they are done. */
const SETTLE_MS = 3000;
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "toplevel",
  "v8",
  ...(PROFILE ? ["disabled-by-default-v8.cpu_profiler"] : []),
].join(",");

/** The trace's events, read from the stream CDP hands back. */
async function record(page, cdp, url) {
  await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReturnAsStream" });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(SETTLE_MS);
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.end");
  const { stream } = await done;
  let text = "";
  for (;;) {
    const chunk = await cdp.send("IO.read", { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send("IO.close", { handle: stream });
  return JSON.parse(text).traceEvents;
}

const basename = (url) => (url ? url.replace(/^.*\//, "").replace(/\?.*$/, "") || url : "");

/** Work a task can be named by, from the timeline's categories. */
const NAMED_WORK = new Set([
  "v8.evaluateModule",
  "EvaluateScript",
  "FunctionCall",
  "v8.callFunction",
  "TimerFire",
  "EventDispatch",
  "FireAnimationFrame",
  "FireIdleCallback",
  "RunMicrotasks",
  "ParseHTML",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
  "MajorGC",
  "MinorGC",
  "v8.compile",
  "v8.compileModule",
]);
const STYLE_AND_LAYOUT = new Set(["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit"]);

/** The processor time of an event in ms: its thread time when the trace has it (the machine's load does not stretch it). */
const cpuMs = (event) => (event.tdur ?? event.dur) / 1000;

/** What a task ran: its largest named piece of work, and how much of it was style and layout. */
function describe(task, events) {
  const end = task.ts + task.dur;
  const inside = events.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task && e.dur > 0 && NAMED_WORK.has(e.name));
  const biggest = [...inside].sort((a, b) => b.dur - a.dur)[0];
  if (!biggest) return "(unnamed work)";
  const call = inside.find((e) => e.name === "FunctionCall" && e.args?.data?.url) ?? biggest;
  const data = call.args?.data ?? {};
  const detail = data.url ? basename(data.url) : (biggest.args?.data?.type ?? "");
  const layoutMs = inside.filter((e) => STYLE_AND_LAYOUT.has(e.name)).reduce((sum, e) => sum + cpuMs(e), 0);
  return layoutMs > 0.5 * cpuMs(task) ? `style/layout/paint` : `${biggest.name}${detail ? ` ${detail}` : ""}`;
}

/**
 * The page's main-thread tasks after its first contentful paint, with their processor time and
 * the phase they fall in: before the scripts start, the module graph's evaluation, after it
 * (hydration), and after React Router's route discovery (`/__manifest`) has answered.
 */
function tasksAfterPaint(events) {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) throw new Error("No first contentful paint in the trace.");
  const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid);
  const candidates = main
    .filter((e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.ts >= fcp.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let lastEnd = 0;
  for (const task of candidates) {
    if (task.ts < lastEnd) continue; // nested in the previous one
    tasks.push(task);
    lastEnd = task.ts + task.dur;
  }
  const firstModule = main.find((e) => e.name === "v8.evaluateModule" && e.ts >= fcp.ts);
  const manifestRequest = events.find((e) => e.name === "ResourceSendRequest" && e.args?.data?.url?.includes("/__manifest"));
  const manifestAnswer =
    manifestRequest && events.find((e) => e.name === "ResourceFinish" && e.args?.data?.requestId === manifestRequest.args.data.requestId);
  const phase = (task) => {
    if (manifestAnswer && task.ts >= manifestAnswer.ts) return "discovery";
    if (firstModule && task.ts + task.dur >= firstModule.ts) return "scripts";
    return "page";
  };
  return tasks.map((task) => ({
    atMs: Math.round((task.ts - fcp.ts) / 1000),
    cpuMs: cpuMs(task),
    phase: phase(task),
    what: describe(task, main),
  }));
}

/**
 * The main thread's samples from the scripts' start on, added up per function: inclusive time
 * (the function and what it called) and self time, in ms of sampled time.
 */
function profileFunctions(events) {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  const profile = events.find((e) => e.name === "Profile" && e.pid === fcp.pid && e.tid === fcp.tid);
  if (!profile) return [];
  const from = events.find((e) => e.name === "v8.evaluateModule" && e.pid === fcp.pid && e.ts >= fcp.ts)?.ts ?? fcp.ts;
  const nodes = new Map();
  let time = profile.args.data.startTime;
  const samples = [];
  for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.id === profile.id)) {
    const data = chunk.args.data.cpuProfile ?? {};
    for (const node of data.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args.data.timeDeltas ?? [];
    (data.samples ?? []).forEach((id, index) => {
      time += deltas[index] ?? 0;
      samples.push({ id, time });
    });
  }
  const label = (node) => {
    const frame = node.callFrame;
    return `${frame.functionName || "(anonymous)"} ${basename(frame.url)}:${frame.lineNumber + 1}`;
  };
  const inclusive = new Map();
  const self = new Map();
  for (let index = 0; index + 1 < samples.length; index++) {
    const { id, time: at } = samples[index];
    if (at < from) continue;
    const ms = (samples[index + 1].time - at) / 1000;
    let node = nodes.get(id);
    if (!node || ["(idle)", "(program)", "(root)"].includes(node.callFrame.functionName)) continue;
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const seen = new Set();
    while (node) {
      const name = label(node);
      if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      seen.add(name);
      node = node.parent ? nodes.get(node.parent) : undefined;
    }
  }
  return { inclusive, self };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (ms) => Math.round(ms);

/** Blocking time as Lighthouse's simulation counts it: each task's processor time times the slowdown, beyond 50 ms. */
const blockingAt = (tasks, slowdown) => tasks.reduce((sum, task) => sum + Math.max(0, task.cpuMs * slowdown - LONG_TASK_MS), 0);

const server = await startServer({ port: process.env.TRACE_PORT ? Number(process.env.TRACE_PORT) : undefined });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  console.log(
    `Phone viewport, ${RUNS} run(s) a route, unthrottled; blocking = each task's processor time ×${SLOWDOWNS.join(" and ×")} beyond ${LONG_TASK_MS} ms, after the first paint (medians)`,
  );
  for (const route of ROUTES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const events = await record(page, cdp, `${server.baseUrl}${route}`);
      await context.close();
      if (process.env.TRACE_SAVE)
        fs.writeFileSync(`${process.env.TRACE_SAVE}${route.replaceAll("/", "_")}-${run}.json`, JSON.stringify(events));
      const tasks = tasksAfterPaint(events);
      if (PROFILE) {
        const { inclusive, self } = profileFunctions(events);
        const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
        console.log(`  run ${run + 1}, inclusive:`);
        for (const [name, ms] of top(inclusive, 45)) console.log(`    ${ms.toFixed(1).padStart(6)} ms ${name}`);
        console.log(`  run ${run + 1}, self:`);
        for (const [name, ms] of top(self, 25)) console.log(`    ${ms.toFixed(1).padStart(6)} ms ${name}`);
      }
      runs.push(tasks);
      if (VERBOSE) {
        const shown = tasks.filter((task) => task.cpuMs * SLOWDOWNS[0] > LONG_TASK_MS);
        for (const task of shown)
          console.log(`  run ${run + 1} +${task.atMs} ms [${task.phase}] ${task.cpuMs.toFixed(1)} ms: ${task.what}`);
      }
    }
    const line = SLOWDOWNS.map((slowdown) => {
      const each = runs.map((tasks) => round(blockingAt(tasks, slowdown)));
      return `×${slowdown} ${median(each)} ms [${each.join(", ")}]`;
    }).join(", ");
    const scripting = runs.map((tasks) => round(tasks.filter((t) => t.phase !== "page").reduce((sum, t) => sum + t.cpuMs, 0)));
    console.log(`${route}: blocking ${line}; processor time from the scripts' start ${median(scripting)} ms`);
    for (const phase of ["page", "scripts", "discovery"]) {
      const each = runs.map((tasks) =>
        blockingAt(
          tasks.filter((t) => t.phase === phase),
          SLOWDOWNS[0],
        ),
      );
      const cpu = runs.map((tasks) => tasks.filter((t) => t.phase === phase).reduce((sum, t) => sum + t.cpuMs, 0));
      console.log(
        `  ${phase.padEnd(9)} blocking ×${SLOWDOWNS[0]} ${String(round(median(each))).padStart(4)} ms, processor ${round(median(cpu))} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
