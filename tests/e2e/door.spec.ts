import fs from "node:fs";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import QRCode from "qrcode";
import { addCounsellor, OWNER_STATE } from "./console.ts";
import { linkTextedTo } from "./phone.ts";
import { noSidewaysScroll, uniquePhone, uniqueTag } from "./unique.ts";
import { isOpenUnderShownDay, offeredDays, postVisit } from "./visit-form.ts";

// The model house's door (issue #29, items 4–5): a staff phone reads a booking's entry QR with its
// camera and the counsellor's console hears of the arrival live; a tablet turned kiosk registers a
// walk-in and opens nothing else. Every project shares one server: this spec books 12:00 today.
const HOUR = "12:00";

/**
 * A video Chromium's fake camera plays (--use-file-for-fake-video-capture): the QR of `text`,
 * black on white in the middle of a 640×480 picture, as raw YUV 4:2:0 frames (Y4M). No ffmpeg
 * needed: the QR's modules are the pixels, the chroma planes neutral grey.
 */
function qrVideo(text: string, file: string) {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const scale = Math.floor(360 / (modules.size + 2 * quiet));
  const left = Math.floor((width - (modules.size + 2 * quiet) * scale) / 2);
  const top = Math.floor((height - (modules.size + 2 * quiet) * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++) {
        const offset = (top + (row + quiet) * scale + y) * width + left + (column + quiet) * scale;
        luma.fill(16, offset, offset + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

test(
  "at the door a staff phone reads the booking's entry QR with its camera, and the counsellor's console shows the arrival live",
  { tag: "@phone" },
  async ({ browser }, testInfo) => {
    // A booking, a new counsellor, an assignment and a second browser on a shared machine: room, not a threshold.
    test.setTimeout(180_000);
    const tag = uniqueTag(5);
    const customer = `입장${tag}`;
    const counsellor = `상담${tag}`;
    const phone = uniquePhone();
    const today = new Date(Date.now() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);

    const visitor = await (await browser.newContext({ ...testInfo.project.use })).newPage();
    await visitor.goto("/daegu/customer");
    const form = visitor.locator(".visit-form");
    // The door checks in today's bookings only, and the public form books times still ahead.
    const bookable = (await offeredDays(form)).includes(today) && (await form.locator(`input[id$="-${today}"]`).isEnabled());
    if (bookable) await form.locator(`label[for$="-${today}"]`).click();
    test.skip(!bookable || !(await isOpenUnderShownDay(form, HOUR)), `${HOUR} today has passed or is full (Korean time)`);
    await postVisit(visitor.request, { day: today, time: HOUR, name: customer, phone });

    const link = await linkTextedTo(phone, "confirmation", /https?:\/\/\S+\/daegu\/visit\/[A-Za-z0-9_-]+/);
    const key = link.split("/").at(-1)!;
    await test.step("the visitor's own page shows the entry QR, the map apps and the calendar entry", async () => {
      await visitor.goto(new URL(link).pathname);
      await expect(visitor.getByRole("img", { name: `${customer} 고객님의 입장 QR` })).toBeVisible();
      await expect(visitor.getByRole("link", { name: "캘린더에 추가" })).toHaveAttribute("href", `/daegu/visit/${key}/calendar.ics`);
      await expect(visitor.getByRole("link", { name: "카카오맵" })).toHaveAttribute("href", /^https:\/\/map\.kakao\.com\/link\//);
      await noSidewaysScroll(visitor);
    });

    const owner = await (await browser.newContext({ ...testInfo.project.use, storageState: OWNER_STATE })).newPage();
    const counsellorPage = (await addCounsellor(owner, browser, counsellor, { keepSignedIn: true }))!;
    await test.step("the owner gives the customer to the counsellor, whose console is open", async () => {
      await owner.goto("/admin/leads");
      await owner.getByRole("checkbox", { name: `${customer} 선택` }).check();
      await owner.getByLabel("선택한 고객 배정").selectOption({ label: counsellor });
      await owner.getByRole("button", { name: "선택한 고객 배정" }).click();
      await expect(owner.getByRole("status").filter({ hasText: "고객 1명을 배정했습니다." })).toBeVisible();
      const streaming = counsellorPage.waitForResponse((response) => new URL(response.url()).pathname === "/admin/events");
      await counsellorPage.goto("/admin/today");
      await streaming;
    });

    await test.step("the desk's phone reads the QR with its camera and checks the booking in", async () => {
      const video = path.join(testInfo.outputDir, "entry-qr.y4m");
      fs.mkdirSync(testInfo.outputDir, { recursive: true });
      qrVideo(key, video);
      const camera = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
      });
      try {
        const { viewport, isMobile, hasTouch, baseURL, locale, timezoneId } = testInfo.project.use;
        const context = await camera.newContext({ viewport, isMobile, hasTouch, baseURL, locale, timezoneId, storageState: OWNER_STATE });
        await context.grantPermissions(["camera"]);
        const door = await context.newPage();
        await door.goto("/admin/door");
        await door.getByRole("button", { name: "카메라로 QR 읽기" }).click();
        await expect(door.getByRole("status").filter({ hasText: `${customer} 고객님 입장 확인되었습니다` })).toBeVisible({
          timeout: 30_000,
        });
        await noSidewaysScroll(door);
      } finally {
        await camera.close();
      }
    });

    await test.step("the counsellor's open console says the customer arrived", async () => {
      const masked = `${customer[0]}${"*".repeat(customer.length - 2)}${customer.at(-1)}`;
      await expect(counsellorPage.getByRole("link", { name: `${masked} 고객님이 도착했습니다` })).toBeVisible({ timeout: 20_000 });
    });
    await owner.context().close();
    await counsellorPage.context().close();
    await visitor.context().close();
  },
);

test(
  "a walk-in registered on the kiosk appears as a visited lead, and the kiosk opens no other console page",
  { tag: "@every-width" },
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueTag(5);
    const walkIn = `현장${tag}`;
    const owner = await (await browser.newContext({ ...testInfo.project.use, storageState: OWNER_STATE })).newPage();
    // The kiosk is a session of its own (never the owner's saved one, which other tests use).
    const desk = (await addCounsellor(owner, browser, `데스크${tag}`, { keepSignedIn: true }))!;

    await desk.goto("/admin/door");
    await desk.getByRole("button", { name: "이 기기를 키오스크로 전환" }).click();
    await expect(desk).toHaveURL(/\/admin\/door\/kiosk$/);
    await expect(desk.getByRole("heading", { name: "방문 고객 등록" })).toBeVisible();
    await expect(desk.getByRole("navigation", { name: "관리자 메뉴" })).toHaveCount(0);
    await noSidewaysScroll(desk);

    await desk.getByLabel("이름").fill(walkIn);
    await desk.getByLabel("휴대폰 번호").fill(uniquePhone());
    await desk.getByLabel("방문 인원").selectOption("2");
    await desk.getByLabel("개인정보 수집·이용에 동의합니다 (필수)").check();
    await desk.getByRole("button", { name: "등록하기" }).click();
    await expect(desk.getByRole("status").filter({ hasText: /등록되었습니다\. 접수번호 DG-\d{8}-\d{4}/ })).toBeVisible();

    for (const other of ["/admin/leads", "/admin/today", "/admin/door"]) {
      await desk.goto(other);
      await expect(desk).toHaveURL(/\/admin\/door\/kiosk$/);
    }

    await owner.goto(`/admin/leads?q=${encodeURIComponent(walkIn)}`);
    await owner.getByRole("link", { name: walkIn }).click();
    await expect(owner.locator(".admin-status").first()).toHaveText("방문 완료");
    await owner.context().close();
    await desk.context().close();
  },
);
