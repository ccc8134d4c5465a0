// `npm start` and `npm run dev`: build when needed, open the database, serve.
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";

const DEVELOPMENT = process.argv.includes("--dev");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const INPUTS_HASH_FILE = path.join(BUILD_DIR, ".inputs-hash");
const BUILD_INPUTS = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

/** Known start-up failures (bad configuration, a busy data folder) are one line, not a stack. */
const EXPECTED_FAILURES = new Set(["EnvError", "DataDirBusyError"]);

function hashInputs() {
  const hash = crypto.createHash("sha256");
  const walk = (entry) => {
    if (!fs.existsSync(entry)) return;
    if (fs.statSync(entry).isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) walk(path.join(entry, name));
    } else if (!/\.test\.tsx?$/.test(entry)) {
      hash.update(entry).update(fs.readFileSync(entry));
    }
  };
  BUILD_INPUTS.forEach(walk);
  return hash.digest("hex");
}

// AVIF/WebP variants and link previews are written into public/, so they come before hashing:
// up-to-date files are skipped, and the hash then sees the same public/ every time. tsx loads
// the content packs (TypeScript) the previews are drawn from.
function buildImages() {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-images.js"], { stdio: "inherit" });
}

function buildIfStale() {
  buildImages();
  const inputs = hashInputs();
  const built = fs.existsSync(INPUTS_HASH_FILE) && fs.readFileSync(INPUTS_HASH_FILE, "utf8");
  if (built === inputs && fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) return;
  console.log("Building the site (sources changed since the last build)…");
  execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  execFileSync(process.execPath, ["scripts/compress-assets.js"], { stdio: "inherit" });
  fs.writeFileSync(INPUTS_HASH_FILE, inputs);
}

async function loadApp() {
  if (!DEVELOPMENT) {
    buildIfStale();
    return { server: await import(path.resolve(BUILD_DIR, "server", "index.js")), vite: undefined };
  }
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

async function main() {
  const { server, vite } = await loadApp();
  let booted;
  try {
    booted = await server.boot();
  } catch (error) {
    if (!EXPECTED_FAILURES.has(error?.name)) throw error;
    console.error(error.message);
    await vite?.close();
    process.exit(1);
  }
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

  const listener = app.listen(env.PORT, () => {
    const sites = env.SITES.map((site) => `${site.slug} at ${site.origins.join(", ")}`).join("; ");
    console.log(`Serving ${sites} on port ${env.PORT} (${booted.database.kind}${DEVELOPMENT ? ", development" : ""})`);
  });
  // Explicit timeouts: a client gets 20 s to send its headers and 2 minutes for a whole request
  // (an upload from a slow phone), and an idle keep-alive connection outlives a proxy's usual 60 s,
  // so the proxy, not us, closes it (a race there would fail a request).
  server.answerAtTheEdge(listener);
  listener.headersTimeout = 20_000;
  listener.requestTimeout = 120_000;
  listener.keepAliveTimeout = 65_000;
  listener.on("error", async (error) => {
    console.error(error.code === "EADDRINUSE" ? `Port ${env.PORT} is already in use: set PORT to a free port.` : error.message);
    await booted.shutdown();
    process.exit(1);
  });

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

await main();
