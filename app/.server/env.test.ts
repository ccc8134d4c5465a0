import { describe, expect, test } from "vitest";
import { sitePacks } from "#app/content/index.ts";
import { parseEnv } from "./env.ts";

describe("configuration", () => {
  test("a bare environment gives the zero-setup defaults", () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      SITES: [
        {
          slug: "daegu",
          origin: "http://localhost:3000",
          origins: ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"],
        },
      ],
    });
  });

  test("SITE and SITE_URL name one site; the origin defaults to the port and loses a trailing slash", () => {
    expect(parseEnv({ PORT: "8080", SITE: "suwon" }).SITES).toEqual([
      {
        slug: "suwon",
        origin: "http://localhost:8080",
        origins: ["http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080"],
      },
    ]);
    expect(parseEnv({ SITE_URL: "https://www.example.co.kr/" }).SITES).toEqual([
      { slug: "daegu", origin: "https://www.example.co.kr", origins: ["https://www.example.co.kr"] },
    ]);
  });

  test("the loopback addresses are aliases only when no SITE_URL or SITES names the site's address", () => {
    expect(parseEnv({ SITE_URL: "http://localhost:3000" }).SITES[0]!.origins).toEqual(["http://localhost:3000"]);
    expect(parseEnv({ SITES: "daegu@http://localhost:3000" }).SITES[0]!.origins).toEqual(["http://localhost:3000"]);
  });

  test("SITES names every site by slug and origin; a slug named again adds an alias, the first origin staying canonical", () => {
    expect(parseEnv({ SITES: "daegu@https://daegu.example.kr, daegu@https://www.daegu.example.kr" }).SITES).toEqual([
      { slug: "daegu", origin: "https://daegu.example.kr", origins: ["https://daegu.example.kr", "https://www.daegu.example.kr"] },
    ]);
  });

  test.each([
    ["daegu", "must be comma-separated slug@origin pairs"],
    ["nowhere@https://x.example.kr", "must be comma-separated slug@origin pairs naming content packs"],
    ["daegu@https://x.example.kr/path", "must name origins only"],
    ["daegu@ftp://x.example.kr", "must name origins only"],
    ["daegu@https://x.example.kr,daegu@https://x.example.kr", "names the host x.example.kr twice"],
  ])("SITES=%s is refused with one line", (sites, message) => {
    expect(() => parseEnv({ SITES: sites })).toThrow(`Invalid configuration: SITES ${message}`);
  });

  test("SITES and the one-site shorthand are not set together", () => {
    expect(() => parseEnv({ SITES: "daegu@https://x.example.kr", SITE_URL: "https://y.example.kr" })).toThrow(
      "Invalid configuration: SITE_URL must not be set together with SITES",
    );
  });

  test("empty values count as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  test.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")'],
    [
      { DATABASE_URL: "mysql://db/x" },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// connection URL (got "…")',
    ],
    [{ NODE_ENV: "production" }, "Invalid configuration: SESSION_SECRET is required when NODE_ENV=production"],
    [
      { ADMIN_EMAIL: "a@example.com" },
      "Invalid configuration: ADMIN_PASSWORD must be set together with the other of ADMIN_EMAIL / ADMIN_PASSWORD",
    ],
    [{ SITE: "nowhere" }, `Invalid configuration: SITE must be one of: ${Object.keys(sitePacks).join(", ")} (got "nowhere")`],
    [
      { TRUST_PROXY: "yes" },
      'Invalid configuration: TRUST_PROXY must be the number of proxies in front of the server, 0 to 10 (got "yes")',
    ],
  ])("a wrong value is refused with one line naming the variable: %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  test("advertising's night hold can be turned off only for the browser tests, and campaigns pace every 30 s unless set", () => {
    expect(parseEnv({})).toMatchObject({ ADVERTISING_QUIET_HOURS: "on", CAMPAIGN_BATCH_INTERVAL_MS: 30_000 });
    expect(() => parseEnv({ ADVERTISING_QUIET_HOURS: "off" })).toThrow("ADVERTISING_QUIET_HOURS may be off only in browser tests (E2E=1)");
    expect(parseEnv({ ADVERTISING_QUIET_HOURS: "off", E2E: "1", CAMPAIGN_BATCH_INTERVAL_MS: "500" })).toMatchObject({
      ADVERTISING_QUIET_HOURS: "off",
      CAMPAIGN_BATCH_INTERVAL_MS: 500,
    });
  });

  test("every wrong value is named at once, one line each", () => {
    expect(() => parseEnv({ PORT: "abc", TRUST_PROXY: "yes" })).toThrow(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")\n' +
        'Invalid configuration: TRUST_PROXY must be the number of proxies in front of the server, 0 to 10 (got "yes")',
    );
  });

  test("ADMIN_PASSWORD that breaks the password rule is refused with the rule it breaks, before anything starts", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "sales@example.com", ADMIN_PASSWORD: "sales-office-2026" })).toThrow(
      'Invalid configuration: ADMIN_PASSWORD is refused: 비밀번호에 이메일 주소의 아이디(sales)가 들어 있습니다. 아이디가 들어가지 않게 정해 주세요. (got "…")',
    );
    expect(() => parseEnv({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "qwertyuiop" })).toThrow(
      "ADMIN_PASSWORD is refused: 너무 흔히 쓰이는 비밀번호입니다.",
    );
    expect(parseEnv({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "sales-office-e2e-2026" }).ADMIN_EMAIL).toBe("owner@example.com");
  });

  test("ADMIN_NAME names the first owner, and their password may not contain it", () => {
    expect(parseEnv({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "sales-office-e2e-2026", ADMIN_NAME: " 홍길동 " }).ADMIN_NAME).toBe(
      "홍길동",
    );
    expect(() => parseEnv({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "홍길동 office 2026", ADMIN_NAME: "홍길동" })).toThrow(
      "ADMIN_PASSWORD is refused: 비밀번호에 이름(홍길동)이 들어 있습니다.",
    );
    expect(() => parseEnv({ ADMIN_NAME: "가".repeat(51) })).toThrow("ADMIN_NAME must be a name of 1 to 50 characters");
  });

  test("secrets are never echoed back", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short-secret" })).toThrow(/SESSION_SECRET .*\(got "…"\)/);
    expect(() => parseEnv({ AUDIT_KEY: "short-key" })).toThrow(/AUDIT_KEY must be at least 32 characters long \(got "…"\)/);
  });
});
