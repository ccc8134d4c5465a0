import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import { Secret, TOTP } from "otpauth";
const PORT = 4950;
const dataDir = fs.mkdtempSync("/tmp/shots-data-");
const server = spawn("node", ["server.js"], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITES: `daegu@http://localhost:${PORT},suwon@http://suwon.localhost:${PORT}`, ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "sales-office-e2e-2026", E2E: "1" }, stdio: ["ignore", "pipe", "pipe"] });
server.stdout.on("data", () => {}); server.stderr.on("data", (d) => process.stderr.write(d));
for (let i = 0; i < 240; i++) { try { const r = await fetch(`http://localhost:${PORT}/healthz`); if (r.ok) break; } catch {} await new Promise((r) => setTimeout(r, 1000)); }
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--disable-gpu"] });
const o = `http://localhost:${PORT}`;
try {
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, locale: "ko-KR" });
    await page.goto(`${o}/admin/login`);
    await page.getByLabel("이메일").fill("owner@example.com");
    await page.getByLabel("비밀번호").fill("sales-office-e2e-2026");
    await page.getByRole("button", { name: "로그인" }).click();
    await page.waitForLoadState("networkidle");
    if (page.url().includes("/admin/enrol")) {
      const key = (await page.locator("code").first().innerText()).replace(/\s/g, "");
      fs.writeFileSync("/tmp/shots/key", key);
      await page.getByLabel("인증 코드", { exact: true }).fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
      await page.getByRole("button", { name: "등록하고 계속하기" }).click();
      await page.getByRole("link", { name: "적어 두었습니다. 계속하기" }).click();
    } else {
      const key = fs.readFileSync("/tmp/shots/key", "utf8");
      await new Promise((r) => setTimeout(r, 31000));
      await page.getByLabel("인증 코드", { exact: true }).fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
      await page.getByRole("button", { name: "로그인" }).click();
    }
    await page.waitForURL(/\/admin$/);
    for (const path of ["/admin", "/admin/staff", "/admin/visits", "/admin/audit?view=month", "/admin/notifications", "/admin/nope-not-here"]) {
      await page.goto(o + path);
      await page.screenshot({ path: `/tmp/shots/${w}-${path.replace(/[/?=]/g, "_")}.png`, fullPage: false });
    }
    // the switcher's handoff confirm page
    if (w === 1440) {
      const r = await page.request.post(`${o}/admin/switch-site`, { form: { site: "suwon" }, headers: { Origin: o }, maxRedirects: 0 });
      const loc = r.headers()["location"];
      if (loc) { await page.goto(loc); await page.screenshot({ path: `/tmp/shots/${w}-handoff.png` }); }
    }
    await page.close();
  }
} finally { await browser.close(); server.kill(); }
