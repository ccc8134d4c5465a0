import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * Issue #25: `npm start` on a fresh machine. A wrong configuration used to be named only after
 * the first build (minutes); it is now refused before anything is built. The build folder here is
 * an empty temporary one, so a start that built first would take far longer than the limit.
 */

function start(env: Record<string, string>, limitMs: number) {
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["server.js"], { env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`npm start was still running after ${limitMs} ms:\n${output}`));
    }, limitMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

test("npm start refuses an ADMIN_PASSWORD containing the email's mailbox at once, saying so, and builds nothing", async () => {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-build-"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-data-"));
  try {
    const { code, output } = await start(
      { BUILD_DIR: buildDir, DATA_DIR: dataDir, PORT: "4699", ADMIN_EMAIL: "sales@example.com", ADMIN_PASSWORD: "sales-office-2026" },
      20_000,
    );
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Invalid configuration: ADMIN_PASSWORD is refused: 비밀번호에 이메일 주소의 아이디(sales)가 들어 있습니다. 아이디가 들어가지 않게 정해 주세요. (got "…")',
    );
    expect(fs.readdirSync(buildDir)).toEqual([]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("npm start names every wrong value at once, one line each, and exits 1", async () => {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-build-"));
  try {
    const { code, output } = await start({ BUILD_DIR: buildDir, PORT: "http", TRUST_PROXY: "yes" }, 20_000);
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "http")',
      'Invalid configuration: TRUST_PROXY must be the number of proxies in front of the server, 0 to 10 (got "yes")',
    ]);
    expect(fs.readdirSync(buildDir)).toEqual([]);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
});
