import { beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "./env.ts";
import { FORM_TOKEN_LIFETIME_MS, issueFormToken, readFormToken } from "./form-tokens.ts";
import { classifySubmission, clientKey, leadPolicy, RELAXED_POLICY, STRICT_POLICY } from "./spam.ts";

beforeAll(() => setEnv(parseEnv({ SESSION_SECRET: "spam-unit-test-secret-0123456789abcdef" })));

const NOW = Date.parse("2025-05-01T10:00:00Z");

describe("form tokens", () => {
  test("tell how long ago they were handed out, and carry a random id to spend", () => {
    const token = issueFormToken("daegu", "visit", NOW - 4_000);
    expect(readFormToken("daegu", "visit", token, NOW)).toEqual({ state: "valid", id: token.split(".")[1], elapsedMs: 4_000 });
    expect(issueFormToken("daegu", "visit", NOW)).not.toBe(issueFormToken("daegu", "visit", NOW));
  });

  test("are refused when forged, truncated, re-dated or issued for another form", () => {
    const token = issueFormToken("daegu", "visit", NOW);
    const [, id, signature] = token.split(".");
    expect(readFormToken("daegu", "inquiry", token, NOW)).toEqual({ state: "invalid" });
    expect(readFormToken("daegu", "visit", token.slice(0, -1), NOW)).toEqual({ state: "invalid" });
    expect(readFormToken("daegu", "visit", `${(NOW - 60_000).toString(36)}.${id}.${signature}`, NOW)).toEqual({ state: "invalid" });
    expect(readFormToken("daegu", "visit", undefined, NOW)).toEqual({ state: "invalid" });
  });

  test("expire two hours after they were handed out", () => {
    expect(readFormToken("daegu", "visit", issueFormToken("daegu", "visit", NOW - FORM_TOKEN_LIFETIME_MS + 1_000), NOW).state).toBe(
      "valid",
    );
    expect(readFormToken("daegu", "visit", issueFormToken("daegu", "visit", NOW - FORM_TOKEN_LIFETIME_MS - 1_000), NOW)).toEqual({
      state: "expired",
    });
  });
});

describe("classifying a submission", () => {
  const token = (ageMs: number) => issueFormToken("daegu", "interest", NOW - ageMs);
  const classify = (fields: { token?: unknown; honeypot?: unknown; submissionId?: unknown }, policy = STRICT_POLICY) =>
    classifySubmission({
      site: "daegu",
      kind: "interest",
      token: fields.token,
      honeypot: fields.honeypot ?? "",
      submissionId: fields.submissionId,
      policy,
      now: NOW,
    });

  test("a person: token older than two seconds, empty honeypot", () => {
    expect(classify({ token: token(2_500) }).spam).toBeNull();
  });

  test("a robot: filled honeypot, too fast, no token, or an expired one", () => {
    expect(classify({ token: token(5_000), honeypot: "https://spam.example" }).spam).toBe("honeypot");
    expect(classify({ token: token(500) }).spam).toBe("too-fast");
    expect(classify({}).spam).toBe("no-token");
    expect(classify({ token: token(FORM_TOKEN_LIFETIME_MS + 1) }).spam).toBe("expired");
  });

  test("relaxed for tests and load scripts, except the honeypot", () => {
    expect(classify({ token: token(0) }, RELAXED_POLICY).spam).toBeNull();
    expect(classify({}, RELAXED_POLICY).spam).toBeNull();
    expect(classify({ honeypot: "x" }, RELAXED_POLICY).spam).toBe("honeypot");
  });

  test("keeps the browser's submission id, or makes one when it is missing or malformed", () => {
    expect(classify({ submissionId: "0f8fad5b-d9cb-469f-a165-70867728950e" }).submissionId).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(classify({ submissionId: "x'; drop table leads" }).submissionId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

test("client keys identify an address without revealing it", () => {
  expect(clientKey("203.0.113.7")).toBe(clientKey("203.0.113.7"));
  expect(clientKey("203.0.113.7")).not.toBe(clientKey("203.0.113.8"));
  expect(clientKey("203.0.113.7")).not.toContain("203");
  expect(clientKey("203.0.113.7")).toHaveLength(32);
});

test("the policy is strict unless LEADS_RATE_LIMIT=off or E2E=1 relaxes it", () => {
  expect(leadPolicy(parseEnv({}))).toBe(STRICT_POLICY);
  expect(leadPolicy(parseEnv({ LEADS_RATE_LIMIT: "off" }))).toBe(RELAXED_POLICY);
  expect(leadPolicy(parseEnv({ E2E: "1" }))).toBe(RELAXED_POLICY);
  expect(leadPolicy(parseEnv({ E2E: "1", LEADS_RATE_LIMIT: "on" }))).toBe(STRICT_POLICY);
});
