// npm run bench:uploads — whether a photo uploaded in the console stalls the public site: a
// signed-in owner saves a 4032 × 3024 phone photo (about 3 MB of JPEG, noisy so it does not
// compress) as a notice popup's image while another client loads public pages one after another.
// Prints the public pages' p50/p95/p99 before the upload and from the upload until the popup's
// variants are linked, the upload's answer time and the time until the variants are linked.
// Exits 1 if a public page or the upload failed or the variants were not linked within two minutes;
// it sets no timing threshold (the figures depend on the machine and what else runs on it).
//
// Runs the production server (`node server.js`) on a temporary PGlite folder; the owner and their
// session are made in that folder before the server opens it (PGlite is single-user).
// --short (SHORT=1): a 480 × 360 photo (one variant width, so its encodes take a second or so, not
// ten: the short run checks the script's path, the widths are tested in uploads-popups.test.ts) and 20
// baseline requests.
//
//   WIDTH=4032 HEIGHT=3024 npm run bench:uploads
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { register } from "tsx/esm/api";
import { percentile } from "./lib/lead-load.js";
import { freePort, freshDataDir, startServer } from "./lib/server-process.js";
import { announceShortRun, setting } from "./lib/short-run.js";

const WIDTH = setting("WIDTH", { full: 4032, short: 480 });
const HEIGHT = setting("HEIGHT", { full: 3024, short: 360 });
const BASELINE = setting("N", { full: 100, short: 20 });
announceShortRun(`a ${WIDTH} × ${HEIGHT} photo, ${BASELINE} baseline requests`);
const PUBLIC_PAGES = ["/", "/daegu/press", "/FloorPlan/59A", "/popups.json"];
const SESSION_SECRET = crypto.randomBytes(32).toString("hex");
const LINKED_WITHIN_MS = 120_000;

register();
const { openDatabase, setDatabase } = await import("../app/.server/db.ts");
const { parseEnv, setEnv } = await import("../app/.server/env.ts");
const { setSessionSecret } = await import("../app/.server/secret.ts");
const { createSession } = await import("../app/.server/auth/session.ts");
const { admins, adminSites } = await import("../app/.server/schema.ts");

/** A photo as a phone takes it: a gradient under per-pixel noise, JPEG at quality 70 (≈ 3 MB at 12 MP). */
async function phonePhoto() {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  const noise = crypto.randomBytes(raw.length);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      raw[i] = ((x * 255) / WIDTH + (noise[i] % 48)) & 255;
      raw[i + 1] = ((y * 255) / HEIGHT + (noise[i + 1] % 48)) & 255;
      raw[i + 2] = (128 + (noise[i + 2] % 48)) & 255;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** An owner of daegu with both factors done, straight in the database: the session cookie. */
async function ownerSession(dataDir, port) {
  setEnv(parseEnv({ DATA_DIR: dataDir, PORT: String(port), SESSION_SECRET }));
  setSessionSecret(SESSION_SECRET);
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    await handle.migrate();
    setDatabase(handle);
    const [owner] = await handle.db
      .insert(admins)
      .values({ email: "bench-owner@example.com", name: "측정", passwordHash: null, totpEnabledAt: new Date() })
      .returning({ id: admins.id });
    await handle.db.insert(adminSites).values({ adminId: owner.id, site: "daegu", role: "owner" });
    return (await createSession(owner.id, "daegu", { complete: true })).split(";")[0];
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

/** GETs the public pages in turn until `until()` is true: each answer's time, and what failed. */
async function loadPublicPages(baseUrl, until) {
  const times = [];
  const failures = [];
  for (let i = 0; !until(i); i++) {
    const page = PUBLIC_PAGES[i % PUBLIC_PAGES.length];
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${page}`);
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(`${page}: HTTP ${response.status}`);
    } catch (error) {
      failures.push(`${page}: ${error instanceof Error ? error.message : String(error)}`);
    }
    times.push(performance.now() - started);
  }
  return { times: times.sort((a, b) => a - b), failures };
}

const summary = (label, { times }) => ({
  "public pages": label,
  requests: times.length,
  "p50 ms": Math.round(percentile(times, 50)),
  "p95 ms": Math.round(percentile(times, 95)),
  "p99 ms": Math.round(percentile(times, 99)),
  "max ms": Math.round(times.at(-1) ?? NaN),
});

/** The multipart post the popup editor sends with its image chosen. */
function popupForm(photo) {
  const form = new FormData();
  const now = new Date();
  const day = (date) => date.toISOString().slice(0, 10);
  for (const [name, value] of Object.entries({
    title: "측정용 팝업",
    body: "사진을 올리는 동안 공개 화면이 느려지는지 잽니다.",
    linkUrl: "",
    startDay: day(new Date(now.getTime() - 86_400_000)),
    startTime: "00:00",
    endDay: day(new Date(now.getTime() + 7 * 86_400_000)),
    endTime: "23:00",
    sortOrder: "0",
    devices: "all",
    intent: "save",
  }))
    form.append(name, value);
  form.append("image", new File([photo], "현장사진.jpg", { type: "image/jpeg" }));
  return form;
}

const dataDir = freshDataDir();
const photo = await phonePhoto();
console.log(`Photo: ${WIDTH} × ${HEIGHT} JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);
let failed = false;
try {
  const port = await freePort();
  const cookie = await ownerSession(dataDir, port);
  const server = await startServer({ port, dataDir, env: { SESSION_SECRET, LEADS_RATE_LIMIT: "off", NODE_ENV: "" } });
  try {
    // Every page once, so first renders are not counted, then the baseline.
    for (const page of PUBLIC_PAGES) await (await fetch(`${server.baseUrl}${page}`)).arrayBuffer();
    const baseline = await loadPublicPages(server.baseUrl, (i) => i >= BASELINE);

    let linkedAt = 0;
    const started = performance.now();
    const upload = fetch(`${server.baseUrl}/admin/popups/new`, {
      method: "POST",
      headers: { Origin: server.baseUrl, Cookie: cookie },
      body: popupForm(photo),
      redirect: "manual",
    }).then((response) => ({ status: response.status, ms: performance.now() - started }));
    const linked = (async () => {
      while (performance.now() - started < LINKED_WITHIN_MS) {
        const { popups } = await (await fetch(`${server.baseUrl}/popups.json`)).json();
        if (popups[0]?.image?.sources?.length > 0) return (linkedAt = performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    })();
    const during = await loadPublicPages(server.baseUrl, (i) => i > 0 && (linkedAt > 0 || performance.now() - started > LINKED_WITHIN_MS));
    const answer = await upload;
    const linkedMs = await linked;

    console.table([summary(`before the upload`, baseline), summary(`from the upload until the variants are linked`, during)]);
    console.log(`Upload answered ${answer.status} in ${Math.round(answer.ms)} ms`);
    console.log(
      linkedMs === null
        ? `Variants not linked within ${LINKED_WITHIN_MS / 1000} s`
        : `Variants linked ${Math.round(linkedMs)} ms after the upload began`,
    );
    const failures = [...baseline.failures, ...during.failures];
    if (failures.length > 0) console.log(`Failed public requests: ${failures.slice(0, 5).join("; ")}`);
    const serverErrors = server.stderr().trim();
    if (serverErrors) console.log(`The server logged:\n${serverErrors.slice(0, 2000)}`);
    failed = failures.length > 0 || answer.status !== 303 || linkedMs === null;
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
