import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { issueFormToken } from "#app/.server/form-tokens.ts";
import { leads } from "#app/.server/schema.ts";
import { sitePacks } from "#app/content/index.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";

/**
 * Issue #25: `npm start` with no SITES or SITE_URL is someone's first run on their own machine.
 * The loopback addresses all name it, and a host no site claims says, outside production, which
 * addresses do work.
 */

withTestDatabase();
let app: TestApp;
const projectName = sitePacks.daegu!.brand.projectName;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(() => {
  // The default configuration: no SITES, no SITE_URL; the port is the test server's.
  setEnv(parseEnv({ PORT: String(app.port) }));
});

describe("the default configuration", () => {
  test.each(["localhost", "127.0.0.1", "[::1]"])("serves the home page at http://%s:PORT, its links naming localhost", async (host) => {
    const response = await app.fetch("/", { headers: { Host: `${host}:${app.port}` } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(projectName);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:${app.port}/"`);
  });

  test("takes a registration posted from the page at http://127.0.0.1:PORT as the site's own", async () => {
    const origin = `http://127.0.0.1:${app.port}`;
    const form = {
      name: "김하늘",
      phone: "01077776666",
      consent: "yes",
      _gotcha: "",
      _token: issueFormToken("daegu", "interest", Date.now() - 3_000),
      _submission: crypto.randomUUID(),
    };
    const response = await app.fetch("/actions/interest", {
      method: "POST",
      headers: {
        Host: `127.0.0.1:${app.port}`,
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
    });
    expect(response.status).toBe(200);
    const [stored] = await db().select().from(leads).where(eq(leads.phone, "01077776666"));
    expect(stored).toMatchObject({ site: "daegu", spam: false });
  });
});

describe("a host no site claims", () => {
  test("gets, outside production, a short Korean page naming the addresses this server serves", async () => {
    const response = await app.fetch("/", { headers: { Host: `192.168.0.10:${app.port}` } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("이 주소로는 사이트가 열리지 않습니다");
    expect(html).toContain(`이 서버에는 192.168.0.10:${app.port} 주소로 보여 드릴 사이트가 없습니다.`);
    for (const origin of [`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`, `http://[::1]:${app.port}`]) {
      expect(html).toContain(`<a href="${origin}/">${origin}</a>`);
    }
    expect(html).toContain(`${projectName} (daegu)`);
    // The page is the notice, not a site: nothing of the development's own pages.
    expect(html).not.toContain("<script");
  });

  test("names every site and alias when SITES lists several, for a *.localhost name none of them is", async () => {
    setEnv(
      parseEnv({
        SITES: `daegu@http://daegu.localhost:${app.port},daegu@http://localhost:${app.port},suwon@http://suwon.localhost:${app.port}`,
      }),
    );
    const html = await (await app.fetch("/", { headers: { Host: `gwanggyo.localhost:${app.port}` } })).text();
    expect(html).toContain(
      `${projectName} (daegu): <a href="http://daegu.localhost:${app.port}/">http://daegu.localhost:${app.port}</a> · <a href="http://localhost:${app.port}/">`,
    );
    expect(html).toContain(`${sitePacks.suwon!.brand.projectName} (suwon): <a href="http://suwon.localhost:${app.port}/">`);
  });

  test("shows what the client sent as its host as text, never as markup", async () => {
    const html = await (await app.fetch("/", { headers: { Host: `x"onmouseover=alert(1)&y.example:${app.port}` } })).text();
    expect(html).toContain(`x&quot;onmouseover=alert(1)&amp;y.example:${app.port}`);
    expect(html).not.toContain('x"onmouseover');
  });

  test("gets, in production, a bare 404 that names no address", async () => {
    setEnv(parseEnv({ PORT: String(app.port), NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) }));
    const response = await app.fetch("/", { headers: { Host: `192.168.0.10:${app.port}` } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Not Found");
  });

  test("still answers /healthz, which a load balancer asks by address", async () => {
    const response = await app.fetch("/healthz", { headers: { Host: `10.0.0.5:${app.port}` } });
    expect(response.status).toBe(200);
  });
});
