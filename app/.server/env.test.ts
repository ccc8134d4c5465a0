import { describe, expect, test } from "vitest";
import { sitePacks } from "#app/content/index.ts";
import { parseEnv } from "./env.ts";

describe("configuration", () => {
  test("a bare environment gives the zero-setup defaults", () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      SITE: "daegu",
      SITE_URL: "http://localhost:3000",
    });
  });

  test("SITE_URL defaults to the port and loses a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://www.example.co.kr/" }).SITE_URL).toBe("https://www.example.co.kr");
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

  test("secrets are never echoed back", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short-secret" })).toThrow(/SESSION_SECRET .*\(got "…"\)/);
  });
});
