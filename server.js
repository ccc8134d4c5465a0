// `npm start` and `npm run dev`: build when needed, open the database, serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import { contentDigest, filesUnder, statStamp } from "./scripts/lib/input-stamp.js";

/**
 * Two V8 settings that keep the default demo (PGlite in this process) under 300 MiB of RSS
 * (docs/decisions/039-lean-v8-and-gzip-dictionaries.md). Set here rather than as start flags so
 * that `npm start`, `node server.js` and the measuring scripts all get them:
 * - With PGlite, the young generation keeps its first size (1 MB a semi-space) instead of growing
 *   to 16 MB (32 MiB resident) after a burst of requests. `--max-semi-space-size` is read only when
 *   the process starts, the growth factor at every growth. A `--max-semi-space-size` given to node
 *   (or in NODE_OPTIONS) is the operator's choice, and wins. On PostgreSQL (DATABASE_URL) the server
 *   holds a third of PGlite's memory, and the small young generation cost 8–12 % of its processor
 *   a lead in scavenges (decision 039's addendum), so it grows as V8 decides.
 * - WebAssembly (PostgreSQL) is optimised on one background thread instead of all of V8's
 *   workers: each compiling thread kept a malloc arena of its own (~25 MiB together at start).
 */
function leanV8() {
  v8.setFlagsFromString("--wasm-num-compilation-tasks=1");
  if (process.env.DATABASE_URL) return;
  if (/--max-semi-space-size/.test(`${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`)) return;
  v8.setFlagsFromString("--semi-space-growth-factor=1");
}
leanV8();

const DEVELOPMENT = process.argv.includes("--dev");
/** The build steps' own output (the bundler's report of every file): `npm start -- --verbose` or VERBOSE=1. */
const VERBOSE = process.argv.includes("--verbose") || process.env.VERBOSE === "1";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const INPUTS_HASH_FILE = path.join(BUILD_DIR, ".inputs-hash");
const INPUT_DIGESTS_FILE = path.join(BUILD_DIR, ".input-digests.json");
const BUILD_INPUTS = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

/** Known start-up failures (bad configuration, a busy data folder) are their message, not a stack. */
const EXPECTED_FAILURES = new Set(["EnvError", "DataDirBusyError", "StartFailure"]);

class StartFailure extends Error {
  name = "StartFailure";
}

/**
 * A digest of every build input's content. Each file's own digest is kept beside the build with
 * its size and time, so a start reads only the files that changed (scripts/lib/input-stamp.js);
 * `keep()` writes them there, once the start knows the configuration is sound.
 */
function hashInputs() {
  const files = filesUnder(BUILD_INPUTS).filter((file) => !/\.test\.tsx?$/.test(file));
  let known = {};
  try {
    known = JSON.parse(fs.readFileSync(INPUT_DIGESTS_FILE, "utf8"));
  } catch {
    // No earlier start, or a build folder from before the file existed: every file is read once.
  }
  const { digest, files: digests } = contentDigest(files, known);
  const keep = () => {
    fs.mkdirSync(BUILD_DIR, { recursive: true });
    fs.writeFileSync(INPUT_DIGESTS_FILE, JSON.stringify(digests));
  };
  return { digest, keep };
}

/** What the pictures and link previews are drawn from: when none of these moved, build-images has nothing to do. */
const IMAGE_INPUTS = [
  "public/images",
  "app/content",
  "app/utils/image-variants.js",
  "scripts/build-images.js",
  "scripts/lib/share-image.js",
];
const IMAGE_STAMP_FILE = path.join("public", "images", "_generated", ".inputs-stamp");

function imageInputsStamp() {
  return statStamp(filesUnder(IMAGE_INPUTS, (entry) => entry === path.join("public", "images", "_generated")));
}

/**
 * Runs one step in a child Node process and returns its seconds. Quiet by default: what the step
 * prints is kept, and shown only when it fails (with VERBOSE, everything as it comes).
 */
function runStep(name, args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    // What is built is always the production site: an empty or other NODE_ENV in the server's own
    // environment (the measuring scripts start it with NODE_ENV="") made Vite bundle React's
    // development build into the pages' scripts (553 KB instead of 345 KB).
    env: { ...process.env, NODE_ENV: "production" },
    stdio: VERBOSE ? "inherit" : ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (!VERBOSE) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new StartFailure(`${name} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}).`);
  }
  return (performance.now() - started) / 1000;
}

/**
 * Before any build: a wrong value is named in seconds, not after minutes of building
 * (scripts/check-config.ts). A TypeScript process of its own, so only a start that builds pays for
 * it: with the build made, the server checks the same values as it boots (an EnvError).
 */
function checkConfiguration() {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-config.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(1);
}

// AVIF/WebP variants and link previews are written into public/, so they come before hashing:
// up-to-date files are skipped, and the hash then sees the same public/ every time. tsx loads
// the content packs (TypeScript) the previews are drawn from.
function buildImages(beforeDrawing = () => {}) {
  // A stat of each input instead of a TypeScript process that loads every pack and looks at every picture.
  const stamp = imageInputsStamp();
  if (fs.existsSync(IMAGE_STAMP_FILE) && fs.readFileSync(IMAGE_STAMP_FILE, "utf8") === stamp) return 0;
  beforeDrawing();
  const seconds = runStep("Drawing the pictures and link previews (scripts/build-images.js)", [
    "--import",
    "tsx",
    "scripts/build-images.js",
  ]);
  fs.writeFileSync(IMAGE_STAMP_FILE, stamp);
  return seconds;
}

/** `  what… 12 s`, written before the step runs, so a long one shows what is under way (VERBOSE: the step's own output instead). */
function progress(what, step) {
  if (!VERBOSE) process.stdout.write(`  ${what}… `);
  const seconds = step();
  if (!VERBOSE) process.stdout.write(`${Math.round(seconds)} s\n`);
}

/**
 * Builds what changed since the last build. `checkFirst` (a start, not `--build-only`) checks the
 * configuration before anything is drawn, written or built, and only then.
 */
function buildIfStale({ checkFirst }) {
  let checked = !checkFirst;
  const checkOnce = () => {
    if (!checked) checkConfiguration();
    checked = true;
  };
  const imageSeconds = buildImages(checkOnce);
  const { digest: inputs, keep } = hashInputs();
  const built = fs.existsSync(INPUTS_HASH_FILE) && fs.readFileSync(INPUTS_HASH_FILE, "utf8");
  if (built === inputs && fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    keep();
    return;
  }
  checkOnce();
  keep();
  const started = performance.now();
  console.log(
    fs.existsSync(INPUTS_HASH_FILE)
      ? "Building the site (the sources changed since the last build)…"
      : "Building the site (the first start takes a minute or two)…",
  );
  progress("pictures and link previews", () => imageSeconds);
  progress("pages and scripts (react-router build)", () =>
    runStep("The site's build (react-router build)", ["node_modules/@react-router/dev/bin.js", "build"]),
  );
  progress("compressed copies of scripts and styles", () =>
    runStep("Compressing the assets (scripts/compress-assets.js)", ["scripts/compress-assets.js"]),
  );
  fs.writeFileSync(INPUTS_HASH_FILE, inputs);
  const seconds = Math.round((performance.now() - started) / 1000 + imageSeconds);
  console.log(`Built in ${seconds} s${VERBOSE ? "." : " (npm start -- --verbose shows the bundler's report)."}`);
}

async function loadApp() {
  if (!DEVELOPMENT) {
    buildIfStale({ checkFirst: true });
    return { server: await import(path.resolve(BUILD_DIR, "server", "index.js")), vite: undefined };
  }
  checkConfiguration();
  buildImages();
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  return { server: await vite.ssrLoadModule("./server/app.ts"), vite };
}

const PRECOMPRESSED_TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/**
 * Fingerprinted files change name when they change, so a browser never asks for them again:
 * validators (ETag, Last-Modified) and range support would be bytes sent on every file for nothing.
 */
const IMMUTABLE = { maxAge: "1y", immutable: true, etag: false, lastModified: false, acceptRanges: false };

/**
 * Scripts, stylesheets and fonts are never documents, so the headers only a document obeys
 * (framing, permissions, opener, referrer, a content policy) would be ~0.5 KB more on every file a
 * page loads; such a response keeps nosniff (and HSTS), and nothing else of the baseline.
 */
const NEVER_A_DOCUMENT = /^(text\/javascript|text\/css|font\/)/;
const DOCUMENT_ONLY_HEADERS = ["Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options"];

/** Serves the build's `.br` twin of an asset to browsers that accept Brotli. */
function servePrecompressed(root) {
  return (req, res, next) => {
    const type = PRECOMPRESSED_TYPES[path.extname(req.path)];
    if ((req.method !== "GET" && req.method !== "HEAD") || !type || !req.acceptsEncodings("br")) return next();
    // Fingerprinted names are plain: anything with a dot-segment or an escape is not ours.
    if (!/^\/[\w.-]+$/.test(req.path) || req.path.includes("..")) return next();
    const file = path.resolve(root, `.${req.path}.br`);
    if (!fs.existsSync(file)) return next();
    res.set({ "Content-Encoding": "br", "Content-Type": type, Vary: "Accept-Encoding" });
    // sendFile takes its ETag switch from the app (pages want theirs), not from IMMUTABLE.
    onHeaders(res, () => res.removeHeader("ETag"));
    res.sendFile(file, IMMUTABLE, (error) => error && next(error));
  };
}

/** What a start that fails half-way has opened (Vite's server, the database), closed before the process exits. */
const openedSoFar = [];

async function main() {
  const { server, vite } = await loadApp();
  if (vite) openedSoFar.push(() => vite.close());
  const booted = await server.boot();
  openedSoFar.push(() => booted.shutdown());
  const { env } = booted;

  const app = express();
  app.disable("x-powered-by");
  const baselineHeaders = server.baselineSecurityHeaders({ production: env.NODE_ENV === "production" });
  app.use((_req, res, next) => {
    res.set(baselineHeaders);
    // Documents set their own policy (with the script nonce); everything else gets the strict one.
    // A 304 carries none: the browser keeps the policy of the copy it holds (a page's nonce).
    onHeaders(res, () => {
      if (NEVER_A_DOCUMENT.test(String(res.getHeader("Content-Type") ?? ""))) {
        DOCUMENT_ONLY_HEADERS.forEach((name) => res.removeHeader(name));
        return;
      }
      if (res.statusCode !== 304 && !res.getHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", server.FILE_CSP);
    });
    next();
  });
  // Before the static files too: an absolute URI or a TRACE never reaches them (server/edge.ts).
  app.use(server.refuseUnusualRequests);
  app.use(compression());
  if (vite) {
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        const { app: handler } = await vite.ssrLoadModule("./server/app.ts");
        handler(req, res, next);
      } catch (error) {
        next(error);
      }
    });
  } else {
    app.use("/assets", servePrecompressed(`${BUILD_DIR}/client/assets`));
    // Hashed file names change with their content, so the browser may keep them for a year.
    app.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { ...IMMUTABLE, index: false }));
    // Unhashed public files (images, PDF, robots) keep their URL across releases: one hour. Every
    // file has an extension and no page does, so a page costs no look at the disk.
    const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
    app.use(server.app);
  }
  // Express's own handler would log a stack and, outside production, send it to the client.
  app.use(server.lastResortErrors);

  const listener = app.listen(env.PORT, (error) => {
    // Express 5 passes a failure to listen here as well; the "error" handler below ends the process.
    if (error) return;
    const sites = env.SITES.map((site) => `${site.slug} at ${site.origins.join(", ")}`).join("; ");
    console.log(`Serving ${sites} on port ${env.PORT} (${booted.database.kind}${DEVELOPMENT ? ", development" : ""})`);
    const addresses = env.SITES.map((site) => (env.SITES.length > 1 ? `${site.origin} (${site.slug})` : site.origin));
    console.log(`Open ${addresses.join(", ")}`);
  });
  // Explicit timeouts: a client gets 20 s to send its headers and 2 minutes for a whole request
  // (an upload from a slow phone), and an idle keep-alive connection outlives a proxy's usual 60 s,
  // so the proxy, not us, closes it (a race there would fail a request).
  server.answerAtTheEdge(listener);
  listener.headersTimeout = 20_000;
  listener.requestTimeout = 120_000;
  listener.keepAliveTimeout = 65_000;
  listener.on("error", (error) =>
    fail(error.code === "EADDRINUSE" ? new StartFailure(`Port ${env.PORT} is already in use: set PORT to a free port.`) : error),
  );

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests, then closing the database.`);
    // Let requests in flight (a lead being saved) finish, but not for ever.
    const closed = new Promise((resolve) => listener.close(resolve));
    listener.closeIdleConnections();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await vite?.close();
    await booted.shutdown();
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Ends a start that failed, whatever it had opened: the message (a stack only for the unexpected),
 * then at most five seconds to close, then exit 1. A database that never answers must not keep a
 * process alive that serves nothing.
 */
async function fail(error) {
  console.error(EXPECTED_FAILURES.has(error?.name) ? error.message : error);
  const closed = Promise.allSettled(openedSoFar.reverse().map((close) => close()));
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  process.exit(1);
}

// `node server.js --build-only`: build when the sources changed, then stop. `npm test` makes the
// build this way beside its first steps, so the browser tests' server finds it made (scripts/test-steps.js).
if (process.argv.includes("--build-only")) {
  try {
    buildIfStale({ checkFirst: false });
  } catch (error) {
    await fail(error);
  }
} else {
  await main().catch(fail);
}
