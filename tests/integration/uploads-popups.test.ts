import { count, eq, isNotNull, isNull } from "drizzle-orm";
import net from "node:net";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { imageJobs, noticePopups, siteSettings, uploads } from "#app/.server/schema.ts";
import { encodeImage, prepareUpload, setSiteDocument, storeUpload, uploadUrl } from "#app/.server/content/uploads.ts";
import { IMAGE_JOB_MAX_ATTEMPTS, processNextImageJob } from "#app/.server/content/image-jobs.ts";
import { sitePacks } from "#app/content/index.ts";
import { POPUP_MESSAGES } from "#app/forms/popups.ts";
import { IMAGE_PROCESSING_MESSAGES, UPLOAD_MESSAGES } from "#app/forms/uploads.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { fixturePack } from "#tests/fixtures/fixture-pack.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * What the office uploads and the notice popups, through the whole app over HTTP: site A is daegu
 * on a.localhost, site B the fixture development on b.localhost.
 */

withTestDatabase();

let app: TestApp;
let A: string;
let B: string;
let manager: TestStaff;
let counsellor: TestStaff;

beforeAll(async () => {
  sitePacks[fixturePack.slug] = fixturePack;
  app = await startTestApp();
  A = `http://a.localhost:${app.port}`;
  B = `http://b.localhost:${app.port}`;
});

afterAll(async () => {
  delete sitePacks[fixturePack.slug];
  await app.close();
});

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${A},fixture@${B}`, SESSION_SECRET: "integration-test-session-secret-0123456789" }));
  manager = await addStaff({ email: "manager@example.com", role: "manager", sites: ["daegu"] });
  counsellor = await addStaff({ email: "counsellor@example.com", role: "counsellor", sites: ["daegu"] });
});

const HOUR = 60 * 60 * 1000;

async function png(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: { r: 28, g: 42, b: 58 } } })
    .png()
    .toBuffer();
}

/**
 * A valid black-and-white PNG of any size, built by hand: one bit a pixel and zeros that deflate
 * to almost nothing, so 16,000 × 16,000 pixels (256 MP) is a 30 KB file made in a blink.
 */
function blackPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), deflate, no filter, no interlace
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

/** A multipart form as a browser posts it. */
async function multipart(fields: Record<string, string>, files: Record<string, { bytes: Buffer; name: string; type: string }> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files))
    form.append(name, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("Content-Type")! };
}

async function post(origin: string, path: string, form: { body: Buffer; type: string }, staff: TestStaff = manager) {
  const cookie = await consoleCookie(staff, origin === A ? "daegu" : "fixture");
  return app.fetch(path, {
    method: "POST",
    headers: { Host: new URL(origin).host, Origin: origin, Cookie: cookie, "Content-Type": form.type, Accept: "text/html" },
    body: form.body,
  });
}

function get(origin: string, path: string, headers: Record<string, string> = {}) {
  return app.fetch(path, { headers: { Host: new URL(origin).host, Accept: "text/html", ...headers } });
}

const POPUP = {
  title: "모델하우스 오픈 안내",
  body: "11월 28일 10시에 엽니다.",
  startDay: "2026-11-01",
  startTime: "09:00",
  endDay: "2099-12-31",
  endTime: "18:00",
  sortOrder: "0",
  devices: "all",
  intent: "save",
};

const storedCount = async () => (await db().select({ n: count() }).from(uploads))[0]!.n;

/** What the image worker of a running server does: every waiting job, one after another. */
async function processImages() {
  while (await processNextImageJob({ workerId: "test-worker" }));
}

describe("uploads", () => {
  test("an uploaded PNG is stored with AVIF and WebP variants and served with its type, nosniff and a sandbox CSP", async () => {
    const bytes = await png();
    const response = await post(
      A,
      "/admin/popups/new",
      await multipart(POPUP, { image: { bytes, name: "오픈 안내.png", type: "image/png" } }),
    );
    expect(response.status).toBe(303);
    await processImages();

    const rows = await db().select().from(uploads);
    const original = rows.find((row) => row.parentId === null)!;
    expect(original).toMatchObject({
      site: "daegu",
      mimeType: "image/png",
      size: bytes.length,
      width: 1200,
      height: 800,
      fileName: "오픈-안내.png",
    });
    const variants = rows.filter((row) => row.parentId === original.id).map((row) => [row.variant, row.mimeType, row.width, row.height]);
    expect(variants.sort()).toEqual([
      ["avif-480", "image/avif", 480, 320],
      ["avif-960", "image/avif", 960, 640],
      ["webp-480", "image/webp", 480, 320],
      ["webp-960", "image/webp", 960, 640],
    ]);
    const [popup] = await db().select().from(noticePopups);
    expect(popup!.imageUploadId).toBe(original.id);

    const served = await get(A, uploadUrl(original));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("Content-Disposition")).toBe(`inline; filename*=UTF-8''${encodeURIComponent("오픈-안내.png")}`);
    expect(served.headers.get("ETag")).toBe(`"${original.sha256}"`);
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(original.bytes)).toBe(true);
    expect((await get(A, uploadUrl(original), { "If-None-Match": `"${original.sha256}"` })).status).toBe(304);

    const avif = rows.find((row) => row.variant === "avif-960")!;
    expect((await get(A, uploadUrl(avif))).headers.get("Content-Type")).toBe("image/avif");
    // A URL with another hash is not the file.
    expect((await get(A, uploadUrl({ ...original, sha256: "0".repeat(64) }))).status).toBe(404);
  });

  test("an SVG or HTML renamed .png is refused with a Korean message and nothing stored", async () => {
    const disguised = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
    ];
    for (const bytes of disguised) {
      const response = await post(
        A,
        "/admin/popups/new",
        await multipart(POPUP, { image: { bytes, name: "notice.png", type: "image/png" } }),
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(UPLOAD_MESSAGES.wrongType.image);
    }
    const pdfAsImage = await post(
      A,
      "/admin/popups/new",
      await multipart(POPUP, { image: { bytes: PDF, name: "notice.png", type: "image/png" } }),
    );
    expect(pdfAsImage.status).toBe(400);
    const pngAsPdf = await post(
      A,
      "/admin/documents",
      await multipart(
        { kind: "announcement", intent: "upload" },
        { file: { bytes: await png(), name: "공고.pdf", type: "application/pdf" } },
      ),
    );
    expect(pngAsPdf.status).toBe(400);
    expect(await pngAsPdf.text()).toContain(UPLOAD_MESSAGES.wrongType.pdf);
    expect(await storedCount()).toBe(0);
    expect(await db().select().from(noticePopups)).toEqual([]);
  });

  test("an 11 MB image is refused (413) without storing", async () => {
    const bytes = Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)]);
    const response = await post(A, "/admin/popups/new", await multipart(POPUP, { image: { bytes, name: "big.png", type: "image/png" } }));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(UPLOAD_MESSAGES.tooLarge.image);
    expect(await storedCount()).toBe(0);
    expect(await db().select().from(noticePopups)).toEqual([]);
  });

  test("an image declaring 16,000 × 16,000 pixels is refused from its header, quickly, with a Korean message and nothing stored", async () => {
    const bytes = blackPng(16_000, 16_000);
    expect(bytes.length).toBeLessThan(100_000);
    const started = performance.now();
    const response = await post(A, "/admin/popups/new", await multipart(POPUP, { image: { bytes, name: "huge.png", type: "image/png" } }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(UPLOAD_MESSAGES.tooManyPixels({ width: 16_000, height: 16_000 }));
    // Decoding it took 11–17 s before; reading a header takes milliseconds (the bound is for a busy machine).
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await storedCount()).toBe(0);
    expect(await db().select().from(noticePopups)).toEqual([]);
  });

  test("a 40 MP image is stored and answered without being decoded: its processing waits for the image worker", async () => {
    const bytes = blackPng(8_000, 5_000);
    const response = await post(A, "/admin/popups/new", await multipart(POPUP, { image: { bytes, name: "large.png", type: "image/png" } }));
    expect(response.status).toBe(303);
    expect(await db().select({ width: uploads.width, height: uploads.height, parentId: uploads.parentId }).from(uploads)).toEqual([
      { width: 8_000, height: 5_000, parentId: null },
    ]);
    expect(await db().select({ status: imageJobs.status }).from(imageJobs)).toEqual([{ status: "pending" }]);
  });

  test("a 5 MB post to the upload routes without a session is refused before its body is read; signed in, the same post is read whole", async () => {
    const form = await multipart(POPUP, {
      image: { bytes: Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]), name: "big.png", type: "image/png" },
    });
    /**
     * The form as a stream sent at a walking pace (64 kB a few milliseconds apart, so the kernel's
     * buffers cannot swallow it all at once) that counts what was sent before the answer came.
     */
    const counted = () => {
      const state = { sent: 0 };
      const chunk = 64 * 1024;
      const body = new Readable({
        read() {
          setTimeout(() => {
            if (state.sent >= form.body.length) return this.push(null);
            const next = form.body.subarray(state.sent, state.sent + chunk);
            state.sent += next.length;
            this.push(next);
          }, 3);
        },
      });
      return { body, state };
    };
    const headers = (cookie?: string) => ({
      Host: new URL(A).host,
      Origin: A,
      "Content-Type": form.type,
      "Content-Length": String(form.body.length),
      Accept: "text/html",
      ...(cookie ? { Cookie: cookie } : {}),
    });
    for (const path of ["/admin/popups/new", "/admin/documents"]) {
      for (const cookie of [undefined, "__session=forged-or-expired", await consoleCookie(counsellor)]) {
        const { body, state } = counted();
        const { status, sentBeforeAnswer } = await postStream(path, headers(cookie), body, state);
        expect(status, `${path} ${cookie}`).toBe(413);
        expect(sentBeforeAnswer, `${path} ${cookie}`).toBeLessThan(1024 * 1024);
      }
    }

    const { body, state } = counted();
    const signedIn = await postStream("/admin/popups/new", headers(await consoleCookie(manager)), body, state);
    expect(signedIn.status).toBe(303);
    expect(signedIn.sentBeforeAnswer).toBe(form.body.length);
  });

  /**
   * Posts a stream over a bare socket and answers at the status line. Node's HTTP client would
   * report the refused connection (EPIPE) instead of the answer the server sent before closing it.
   */
  function postStream(path: string, headers: Record<string, string>, body: Readable, state: { sent: number }) {
    return new Promise<{ status: number; sentBeforeAnswer: number }>((resolve, reject) => {
      let answer = "";
      const socket = net.connect(app.port, "127.0.0.1", () => {
        const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.write(`POST ${path} HTTP/1.1\r\n${head.join("")}Connection: close\r\n\r\n`);
        // The body follows a moment after the head, as a client waiting for "100 Continue" sends it:
        // a server that refuses on the head alone has answered by then, and the client stops
        // instead of writing into a closed connection (EPIPE, which would lose the answer).
        setTimeout(() => {
          // Not ended after the body: a half-closed connection gets no answer from Node's server.
          if (!answer) body.pipe(socket, { end: false });
        }, 200);
      });
      socket.on("data", (chunk: Buffer) => {
        answer += chunk.toString("latin1");
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
        if (!status) return;
        resolve({ status: Number(status[1]), sentBeforeAnswer: state.sent });
        body.destroy();
        socket.destroy();
      });
      socket.on("error", (error) => (/^HTTP/.test(answer) ? undefined : reject(error)));
    });
  }

  test("a phone photo's EXIF (the place it was taken, the camera) is gone from the stored original, which is turned upright", async () => {
    // 300×200 pixels that the camera says to turn a quarter (orientation 6): upright it is 200×300.
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: "TestPhone", Model: "Camera 1" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 52/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "128/1 37/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const fixture = await sharp(photo).metadata();
    expect(fixture.exif?.toString("latin1")).toContain("TestPhone");
    expect(fixture.orientation).toBe(6);

    const saved = await post(
      A,
      "/admin/popups/new",
      await multipart(POPUP, { image: { bytes: photo, name: "현장.jpg", type: "image/jpeg" } }),
    );
    expect(saved.status).toBe(303);
    // As received (EXIF and all) it is served to nobody until its job has stripped it.
    const [received] = await db().select({ id: uploads.id, sha256: uploads.sha256, mimeType: uploads.mimeType }).from(uploads);
    expect((await get(A, uploadUrl(received!))).status).toBe(404);
    await processImages();
    const [original] = await db()
      .select({ id: uploads.id, sha256: uploads.sha256, mimeType: uploads.mimeType, width: uploads.width, height: uploads.height })
      .from(uploads)
      .where(isNull(uploads.parentId));
    expect(original).toMatchObject({ mimeType: "image/jpeg", width: 200, height: 300 });

    const served = Buffer.from(await (await get(A, uploadUrl(original!))).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
    expect(served.includes("Exif\0\0", 0, "latin1")).toBe(false);
    expect(served.includes("TestPhone", 0, "latin1")).toBe(false);
  });

  test("another site's upload is 404", async () => {
    const file = new File([new Uint8Array(await png(200, 100))], "b.png", { type: "image/png" });
    const { id } = await storeUpload(db(), { site: "fixture", upload: await prepareUpload(file, "image"), adminId: null });
    await processImages();
    const [stored] = await db().select().from(uploads).where(eq(uploads.id, id));
    expect((await get(B, uploadUrl(stored!))).status).toBe(200);
    expect((await get(A, uploadUrl(stored!))).status).toBe(404);
  });
});

describe("notice popups", () => {
  async function addPopup(site: string, title: string, startsAt: Date, endsAt: Date) {
    await db().insert(noticePopups).values({ site, title, startsAt, endsAt });
  }

  test("a popup shows only between its start and end and only on its site", async () => {
    const now = Date.now();
    await addPopup("daegu", "지금 공지", new Date(now - HOUR), new Date(now + HOUR));
    await addPopup("daegu", "내일 공지", new Date(now + 24 * HOUR), new Date(now + 48 * HOUR));
    await addPopup("daegu", "지난 공지", new Date(now - 48 * HOUR), new Date(now - HOUR));
    await addPopup("fixture", "다른 현장 공지", new Date(now - HOUR), new Date(now + HOUR));

    const shown = async (origin: string) => {
      const response = await get(origin, "/popups.json", { Accept: "application/json" });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
      const { popups } = (await response.json()) as { popups: { title: string }[] };
      return popups.map((popup) => popup.title);
    };
    expect(await shown(A)).toEqual(["지금 공지"]);
    expect(await shown(B)).toEqual(["다른 현장 공지"]);
    // Crawlers read the page, not the notice: the HTML never carries it.
    expect(await (await get(A, "/")).text()).not.toContain("지금 공지");
  });

  test("the popups' answer names the next midnight in Korea, from which 「오늘 하루 보지 않기」 counts its days", async () => {
    const before = Date.now();
    const { koreanMidnight } = (await (await get(A, "/popups.json", { Accept: "application/json" })).json()) as { koreanMidnight: number };
    // Midnight in Korea is 15:00 UTC; the next one comes within a day of the answer.
    expect(new Date(koreanMidnight).toISOString()).toMatch(/T15:00:00\.000Z$/);
    expect(koreanMidnight).toBeGreaterThan(before);
    expect(koreanMidnight).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
  });

  test("a popup's end must come after its start, and its link be https or a path on the site", async () => {
    const backwards = await post(A, "/admin/popups/new", await multipart({ ...POPUP, endDay: "2026-10-01" }));
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("종료 일시는 시작 일시보다 뒤여야 합니다.");
    const script = await post(A, "/admin/popups/new", await multipart({ ...POPUP, linkUrl: "javascript:alert(1)" }));
    expect(script.status).toBe(400);
    expect(await db().select().from(noticePopups)).toEqual([]);
  });

  test("a popup post wrong in four fields at once shows every error beside its field, with what was typed kept", async () => {
    const refused = await post(
      A,
      "/admin/popups/new",
      await multipart({ ...POPUP, title: "", linkUrl: "javascript:alert(1)", startTime: "25:00", sortOrder: "1000" }),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(renderedField(html, "title")).toEqual({ value: "", invalid: true, errors: [POPUP_MESSAGES.titleRequired] });
    expect(renderedField(html, "linkUrl")).toEqual({ value: "javascript:alert(1)", invalid: true, errors: [POPUP_MESSAGES.link] });
    expect(renderedField(html, "startTime")).toEqual({ value: "25:00", invalid: true, errors: [POPUP_MESSAGES.time] });
    expect(renderedField(html, "sortOrder")).toEqual({ value: "1000", invalid: true, errors: [POPUP_MESSAGES.order] });
    expect(renderedField(html, "body")).toEqual({ value: POPUP.body, invalid: false, errors: [] });
    expect(await db().select().from(noticePopups)).toEqual([]);
  });

  test.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "\t//evil.example",
    "java\tscript:alert(1)",
    "http://evil.example",
  ])("a popup link that a browser would open elsewhere (%j) is refused at save with a Korean message", async (linkUrl) => {
    const response = await post(A, "/admin/popups/new", await multipart({ ...POPUP, linkUrl }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(POPUP_MESSAGES.link);
    expect(await db().select().from(noticePopups)).toEqual([]);
  });

  test("a popup link is stored as a browser reads it, and one saved before the check is never served as an off-site link", async () => {
    const saved = await post(A, "/admin/popups/new", await multipart({ ...POPUP, linkUrl: " /SalesInfo/announcement?from=popup " }));
    expect(saved.status).toBe(303);
    const [stored] = await db().select({ linkUrl: noticePopups.linkUrl }).from(noticePopups);
    expect(stored!.linkUrl).toBe("/SalesInfo/announcement?from=popup");

    const now = Date.now();
    await db()
      .insert(noticePopups)
      .values({
        site: "daegu",
        title: "예전 팝업",
        linkUrl: "/\t/evil.example",
        startsAt: new Date(now - HOUR),
        endsAt: new Date(now + HOUR),
      });
    const { popups } = (await (await get(A, "/popups.json", { Accept: "application/json" })).json()) as {
      popups: { title: string; linkUrl: string | null }[];
    };
    expect(popups.find((popup) => popup.title === "예전 팝업")?.linkUrl).toBeNull();
    expect(popups.find((popup) => popup.title === POPUP.title)?.linkUrl).toBe("/SalesInfo/announcement?from=popup");
  });

  test("a counsellor cannot manage popups (403)", async () => {
    const cookie = await consoleCookie(counsellor);
    for (const path of ["/admin/popups", "/admin/popups/new", "/admin/documents"]) {
      expect((await get(A, path, { Cookie: cookie })).status).toBe(403);
    }
    expect((await post(A, "/admin/popups/new", await multipart(POPUP), counsellor)).status).toBe(403);
    expect(await db().select().from(noticePopups)).toEqual([]);
  });

  test("editing a popup changes it and deleting it removes its image", async () => {
    await post(A, "/admin/popups/new", await multipart(POPUP, { image: { bytes: await png(), name: "a.png", type: "image/png" } }));
    const [popup] = await db().select().from(noticePopups);
    const edited = await post(A, `/admin/popups/${popup!.id}`, await multipart({ ...POPUP, title: "바뀐 제목", removeImage: "on" }));
    expect(edited.status).toBe(303);
    const [after] = await db().select().from(noticePopups);
    expect(after).toMatchObject({ title: "바뀐 제목", imageUploadId: null });
    expect(await storedCount()).toBe(0);
    expect((await post(A, `/admin/popups/${popup!.id}`, await multipart({ intent: "delete" }))).status).toBe(303);
    expect(await db().select().from(noticePopups)).toEqual([]);
  });
});

describe("documents", () => {
  test("an uploaded announcement PDF is what the announcement page serves; without one, the generated file", async () => {
    // Another engineer's setting on the same row stays as it was.
    await db()
      .insert(siteSettings)
      .values({ site: "daegu", values: { salesPhone: "1661-1234" } });
    const before = await (await get(A, "/SalesInfo/announcement")).text();
    expect(before).toContain('href="/announcement.pdf"');

    const response = await post(
      A,
      "/admin/documents",
      await multipart({ kind: "announcement", intent: "upload" }, { file: { bytes: PDF, name: "모집공고.pdf", type: "application/pdf" } }),
    );
    expect(response.status).toBe(303);
    const [pdf] = await db().select().from(uploads).where(eq(uploads.mimeType, "application/pdf"));
    const [settings] = await db().select().from(siteSettings).where(eq(siteSettings.site, "daegu"));
    expect(settings!.values).toEqual({ salesPhone: "1661-1234", announcementPdfUploadId: pdf!.id });
    expect(settings!.version).toBeGreaterThan(0);

    const page = await (await get(A, "/SalesInfo/announcement")).text();
    expect(page).toContain(`href="${uploadUrl(pdf!)}"`);
    expect(page).not.toContain('href="/announcement.pdf"');
    const served = await get(A, uploadUrl(pdf!));
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    // The other site's host does not serve it.
    expect((await get(B, uploadUrl(pdf!))).status).toBe(404);

    const reset = await post(A, "/admin/documents", await multipart({ kind: "announcement", intent: "reset" }));
    expect(reset.status).toBe(303);
    expect(await (await get(A, "/SalesInfo/announcement")).text()).toContain('href="/announcement.pdf"');
    expect((await db().select().from(siteSettings).where(eq(siteSettings.site, "daegu")))[0]!.values).toEqual({ salesPhone: "1661-1234" });
    expect(await storedCount()).toBe(0);
  });

  /** The page from one document's card on: its file field is the first named "file" there. */
  const card = (html: string, kind: string) => html.slice(html.indexOf(`id="document-${kind}-title"`));

  test("a file that is not a PDF, or no file, is refused beside the file field of the document it was for, and nothing is stored", async () => {
    const notPdf = await post(
      A,
      "/admin/documents?kind=contract",
      await multipart(
        { kind: "contract", intent: "upload" },
        { file: { bytes: await png(), name: "계약서류.pdf", type: "application/pdf" } },
      ),
    );
    expect(notPdf.status).toBe(400);
    const html = await notPdf.text();
    expect(renderedField(card(html, "contract"), "file")).toEqual({ value: "", invalid: true, errors: [UPLOAD_MESSAGES.wrongType.pdf] });
    expect(renderedField(card(html, "announcement"), "file")).toEqual({ value: "", invalid: false, errors: [] });

    const none = await post(A, "/admin/documents?kind=announcement", await multipart({ kind: "announcement", intent: "upload" }));
    expect(none.status).toBe(400);
    expect(renderedField(card(await none.text(), "announcement"), "file").errors).toEqual([UPLOAD_MESSAGES.noFile]);
    expect(await storedCount()).toBe(0);
  });

  test("a PDF over 20 MB is refused with 413 beside its document's file field, before its form is read", async () => {
    const large = Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    const response = await post(
      A,
      "/admin/documents.data?kind=contract",
      await multipart({ kind: "contract", intent: "upload" }, { file: { bytes: large, name: "큰파일.pdf", type: "application/pdf" } }),
    );
    expect(response.status).toBe(413);
    const plain = await post(
      A,
      "/admin/documents?kind=contract",
      await multipart({ kind: "contract", intent: "upload" }, { file: { bytes: large, name: "큰파일.pdf", type: "application/pdf" } }),
    );
    expect(plain.status).toBe(413);
    expect(renderedField(card(await plain.text(), "contract"), "file")).toEqual({
      value: "",
      invalid: true,
      errors: [UPLOAD_MESSAGES.tooLarge.pdf],
    });
    expect(await storedCount()).toBe(0);
  });

  test("a saved or reset document is announced with the particle its name takes", async () => {
    const cookie = await consoleCookie(manager);
    const saved = await post(
      A,
      "/admin/documents?kind=contract",
      await multipart({ kind: "contract", intent: "upload" }, { file: { bytes: PDF, name: "계약서류.pdf", type: "application/pdf" } }),
    );
    expect(saved.headers.get("Location")).toBe("/admin/documents?saved=contract");
    expect(await (await get(A, "/admin/documents?saved=contract", { Cookie: cookie })).text()).toContain("계약 서류를 바꿨습니다.");
    const reset = await post(A, "/admin/documents?kind=contract", await multipart({ kind: "contract", intent: "reset" }));
    expect(reset.headers.get("Location")).toBe("/admin/documents?reset=contract");
    expect(await (await get(A, "/admin/documents?reset=contract", { Cookie: cookie })).text()).toContain(
      "계약 서류를 기본 파일로 되돌렸습니다.",
    );
  });

  test("uploaded contract documents replace the coming-soon page", async () => {
    const without = await (await get(A, "/BusinessGuide/documents")).text();
    expect(without).not.toContain("/uploads/");
    await setSiteDocument({ site: "daegu", adminId: manager.id }, "contract", new File([new Uint8Array(PDF)], "계약서류.pdf"));
    const [pdf] = await db().select().from(uploads).where(isNotNull(uploads.id));
    expect(await (await get(A, "/BusinessGuide/documents")).text()).toContain(uploadUrl(pdf!));
  });
});

describe("upload body limits", () => {
  /** A PDF of about 1 MB, as an office's announcement is. */
  const megabytePdf = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]);

  test("a 1 MB PDF is accepted for a signed-in owner under every URL the documents page may post to", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner", sites: ["daegu"] });
    const form = await multipart(
      { kind: "announcement", intent: "upload" },
      { file: { bytes: megabytePdf, name: "공고.pdf", type: "application/pdf" } },
    );
    // With scripts the page posts to the route's .data URL; React Router also answers the others.
    for (const path of [
      "/admin/documents.data",
      "/admin/documents",
      "/admin/documents/",
      "/Admin/Documents.data",
      "/admin/%64ocuments.data",
      "/admin/documents.data?index",
    ]) {
      const response = await post(A, path, form, owner);
      expect(response.status, path).not.toBe(413);
      expect(response.status, path).toBeLessThan(400);
      const [pdf] = await db().select({ size: uploads.size }).from(uploads).where(eq(uploads.mimeType, "application/pdf"));
      expect(pdf?.size, path).toBe(megabytePdf.length);
    }
  });

  test("a 1 MB image is accepted for a signed-in owner at the popup routes' .data URLs, however the path is written", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner", sites: ["daegu"] });
    const padded = Buffer.concat([await png(), Buffer.alloc(1024 * 1024)]);
    const form = await multipart(POPUP, { image: { bytes: padded, name: "안내.png", type: "image/png" } });
    for (const path of ["/admin/popups/new.data", "/Admin/Popups/New.data", "/admin/popups/new/"]) {
      const created = await post(A, path, form, owner);
      expect(created.status, path).toBeLessThan(400);
    }
    const popups = await db().select({ id: noticePopups.id }).from(noticePopups);
    expect(popups).toHaveLength(3);
    const changed = await post(A, `/admin/popups/${popups[0]!.id}.data`, form, owner);
    expect(changed.status).toBeLessThan(400);
  });

  test("the same 1 MB body to a path that takes no file is refused with 413 and the Korean message, signed in or not", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner", sites: ["daegu"] });
    const form = await multipart(
      { kind: "announcement", intent: "upload" },
      { file: { bytes: megabytePdf, name: "공고.pdf", type: "application/pdf" } },
    );
    for (const path of [
      "/admin/site-settings.data",
      "/admin/popups.data",
      "/admin/documents/extra.data",
      "/admin/documentsx.data",
      "/admin/login",
    ]) {
      const response = await post(A, path, form, owner);
      expect(response.status, path).toBe(413);
      expect(await response.text(), path).toContain("보내신 내용이 너무 큽니다");
    }
    expect(await storedCount()).toBe(0);
  });
});

describe("image jobs", () => {
  /** A popup saved with this image, its upload id, and the answer's time. */
  async function popupWithImage(bytes: Buffer) {
    const started = performance.now();
    const response = await post(A, "/admin/popups/new", await multipart(POPUP, { image: { bytes, name: "현장.png", type: "image/png" } }));
    expect(response.status).toBe(303);
    const [popup] = await db().select().from(noticePopups);
    return { popup: popup!, answeredMs: performance.now() - started };
  }

  const publicPopup = async () =>
    ((await (await get(A, "/popups.json")).json()) as { popups: { image: { sources: unknown[] } | null }[] }).popups[0];

  test("an image is answered before it is processed; the popup shows its text alone until the variants are linked", async () => {
    const { popup } = await popupWithImage(await png(1600, 1000));
    expect(await db().select({ status: imageJobs.status }).from(imageJobs)).toEqual([{ status: "pending" }]);
    // Only the original so far, served to nobody; the public popup is there, without its image.
    expect(await storedCount()).toBe(1);
    expect((await publicPopup())?.image).toBeNull();
    const editor = await (await get(A, `/admin/popups/${popup.id}`, { Cookie: await consoleCookie(manager) })).text();
    expect(editor).toContain(IMAGE_PROCESSING_MESSAGES.processing);
    const list = await (await get(A, "/admin/popups", { Cookie: await consoleCookie(manager) })).text();
    expect(list).toContain(IMAGE_PROCESSING_MESSAGES.processingShort);

    await processImages();
    expect(await db().select().from(imageJobs)).toEqual([]);
    const image = (await publicPopup())!.image!;
    expect(image.sources).toEqual([
      {
        type: "image/avif",
        srcSet: expect.stringMatching(/^\/uploads\/\d+-[0-9a-f]{64}\.avif 480w, \/uploads\/\d+-[0-9a-f]{64}\.avif 960w$/),
      },
      {
        type: "image/webp",
        srcSet: expect.stringMatching(/^\/uploads\/\d+-[0-9a-f]{64}\.webp 480w, \/uploads\/\d+-[0-9a-f]{64}\.webp 960w$/),
      },
    ]);
    const editorAfter = await (await get(A, `/admin/popups/${popup.id}`, { Cookie: await consoleCookie(manager) })).text();
    expect(editorAfter).not.toContain(IMAGE_PROCESSING_MESSAGES.processing);
    expect(editorAfter).toContain('alt="지금 올려 둔 이미지"');
  });

  test("two workers polling at once claim a job once: one processes it, the other finds nothing", async () => {
    await popupWithImage(await png(1200, 800));
    let encodings = 0;
    const encode = async (bytes: Buffer, type: string) => {
      encodings++;
      return encodeImage(bytes, type);
    };
    const outcomes = await Promise.all([
      processNextImageJob({ workerId: "instance-1", encode }),
      processNextImageJob({ workerId: "instance-2", encode }),
    ]);
    expect(encodings).toBe(1);
    expect(outcomes.filter((outcome) => outcome?.outcome === "done")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(await db().select().from(uploads).where(isNotNull(uploads.parentId))).toHaveLength(4);
  });

  test("a job whose worker died is claimed again once its lease has run out", async () => {
    await popupWithImage(await png(1200, 800));
    // Claimed by an instance that died mid-encode: its lease holds for a minute.
    await db()
      .update(imageJobs)
      .set({ status: "working", attempts: 1, lockedBy: "died", lockedUntil: new Date(Date.now() + 60_000) });
    expect(await processNextImageJob({ workerId: "other" })).toBeNull();
    const later = new Date(Date.now() + 61_000);
    expect(await processNextImageJob({ workerId: "other", now: later })).toMatchObject({ outcome: "done" });
  });

  test("a failed processing is retried, fails for good after its last attempt with a Korean error on the popup's page, and can be tried again", async () => {
    const { popup } = await popupWithImage(await png(1200, 800));
    const broken = () => Promise.reject(new Error("libvips: out of memory"));
    expect(await processNextImageJob({ workerId: "w", encode: broken })).toMatchObject({ outcome: "retrying" });
    const [waiting] = await db().select().from(imageJobs);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "libvips: out of memory", lockedBy: null });
    for (let attempt = 2; attempt < IMAGE_JOB_MAX_ATTEMPTS; attempt++)
      expect(await processNextImageJob({ workerId: "w", encode: broken })).toMatchObject({ outcome: "retrying" });
    expect(await processNextImageJob({ workerId: "w", encode: broken })).toMatchObject({ outcome: "failed" });
    expect(await processNextImageJob({ workerId: "w" })).toBeNull();

    const cookie = await consoleCookie(manager);
    const page = await (await get(A, `/admin/popups/${popup.id}`, { Cookie: cookie })).text();
    expect(page).toContain(IMAGE_PROCESSING_MESSAGES.failed);
    expect(await (await get(A, "/admin/popups", { Cookie: cookie })).text()).toContain(IMAGE_PROCESSING_MESSAGES.failedShort);

    const retried = await post(A, `/admin/popups/${popup.id}`, await multipart({ intent: "retry-image" }));
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe(`/admin/popups/${popup.id}`);
    expect(await db().select({ status: imageJobs.status, attempts: imageJobs.attempts }).from(imageJobs)).toEqual([
      { status: "pending", attempts: 0 },
    ]);
    await processImages();
    expect((await publicPopup())!.image).not.toBeNull();
    // Nothing left to retry: a second retry is a 404, not a new job.
    expect((await post(A, `/admin/popups/${popup.id}`, await multipart({ intent: "retry-image" }))).status).toBe(404);
  });

  test("an image deleted while it is processed leaves no variants behind", async () => {
    const { popup } = await popupWithImage(await png(1200, 800));
    const outcome = await processNextImageJob({
      workerId: "w",
      encode: async (bytes, type) => {
        const encoded = await encodeImage(bytes, type);
        await post(A, `/admin/popups/${popup.id}`, await multipart({ intent: "delete" }));
        return encoded;
      },
    });
    expect(outcome).toMatchObject({ outcome: "gone" });
    expect(await storedCount()).toBe(0);
  });
});
