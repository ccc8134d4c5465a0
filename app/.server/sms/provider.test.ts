import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseEnv } from "../env.ts";
import { logProvider } from "./log.ts";
import { SmsDeliveryError, type SmsMessage } from "./message.ts";
import { e2ePhoneFile, smsProviderFromEnv } from "./provider.ts";
import { webhookProvider } from "./webhook.ts";

const message: SmsMessage = {
  id: 42,
  to: "01023456789",
  text: "[동대구 온빛채 센트럴] 문의하신 010-2345-6789 번호로 안내드립니다.",
  purpose: "confirmation",
  channel: "sms",
};
const signal = new AbortController().signal;

describe("SMS configuration", () => {
  test("defaults to the log provider", () => {
    expect(smsProviderFromEnv(parseEnv({})).name).toBe("log");
  });

  test.each([
    [{ SMS_PROVIDER: "webhook" }, "Invalid configuration: SMS_WEBHOOK_URL is required when SMS_PROVIDER=webhook"],
    [{ SMS_PROVIDER: "solapi", SMS_SENDER: "1661-0000" }, "Invalid configuration: SOLAPI_API_KEY is required when SMS_PROVIDER=solapi"],
    [
      { SMS_PROVIDER: "solapi", SOLAPI_API_KEY: "k", SOLAPI_API_SECRET: "s" },
      "Invalid configuration: SMS_SENDER is required when SMS_PROVIDER=solapi",
    ],
    [{ SMS_PROVIDER: "carrier-pigeon" }, 'Invalid configuration: SMS_PROVIDER must be log, webhook or solapi (got "carrier-pigeon")'],
    [{ SMS_STAFF_TO: "02-123-4567" }, "Invalid configuration: SMS_STAFF_TO must be comma-separated mobile numbers"],
    [
      { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), LEADS_RATE_LIMIT: "off" },
      "Invalid configuration: LEADS_RATE_LIMIT must not be off when NODE_ENV=production",
    ],
  ])("refuses an incomplete setup in one line: %o", (source, error) => {
    expect(() => parseEnv(source)).toThrow(error);
  });

  test("the browser tests' server (E2E=1) keeps each text whole in its data folder, as the phone would get it; no other server does", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "sms-phone-"));
    try {
      await smsProviderFromEnv(parseEnv({ DATA_DIR: dataDir })).send(message, signal);
      expect(await fs.readdir(dataDir)).toEqual([]);
      await smsProviderFromEnv(parseEnv({ DATA_DIR: dataDir, E2E: "1" })).send(message, signal);
      expect(JSON.parse(await fs.readFile(e2ePhoneFile(dataDir), "utf8"))).toEqual({
        to: message.to,
        purpose: "confirmation",
        text: message.text,
      });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  test("never echoes the webhook URL or API keys", () => {
    expect(() => parseEnv({ SMS_PROVIDER: "webhook", SMS_WEBHOOK_URL: "ftp://secret-token@example.com" })).toThrow(/\(got "…"\)/);
  });

  test("chooses the configured provider", () => {
    expect(smsProviderFromEnv(parseEnv({ SMS_PROVIDER: "webhook", SMS_WEBHOOK_URL: "https://hooks.example.com/sms" })).name).toBe(
      "webhook",
    );
    const solapi = parseEnv({ SMS_PROVIDER: "solapi", SOLAPI_API_KEY: "key", SOLAPI_API_SECRET: "secret", SMS_SENDER: "1661-0000" });
    expect(solapi.SMS_SENDER).toBe("16610000");
    expect(smsProviderFromEnv(solapi).name).toBe("solapi");
  });
});

describe("the log provider", () => {
  test("logs that a message was not sent, to a masked number, and never its text", async () => {
    const lines: string[] = [];
    const receipt = await logProvider((line) => lines.push(line)).send(message, signal);
    expect(lines.join("\n")).toContain("010-****-6789");
    expect(lines.join("\n")).toContain("not sent");
    expect(lines.join("\n")).not.toContain("온빛채");
    expect(lines.join("\n")).not.toMatch(/2345/);
    expect(receipt.messageId).toBe("log-42");
  });
});

describe("the webhook provider", () => {
  test("posts the message as JSON with an idempotency key and keeps the receiver's id", async () => {
    const requests: Request[] = [];
    const provider = webhookProvider({
      url: "https://hooks.example.com/sms",
      fetchImpl: async (input, init) => {
        requests.push(new Request(input, init));
        return Response.json({ messageId: "m-1" });
      },
    });
    expect(await provider.send(message, signal)).toEqual({ messageId: "m-1", response: '200 {"messageId":"m-1"}' });
    expect(requests[0]?.headers.get("Idempotency-Key")).toBe("sms-42");
    expect(await requests[0]?.json()).toEqual({ id: 42, to: "01023456789", text: message.text, purpose: "confirmation" });
  });

  test.each([
    [503, true],
    [429, true],
    [400, false],
  ])("an answer of %i is a failure that is retried: %s", async (status, retryable) => {
    const provider = webhookProvider({ url: "https://hooks.example.com/sms", fetchImpl: async () => new Response("nope", { status }) });
    const failure = await provider.send(message, signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsDeliveryError);
    expect(failure).toMatchObject({ retryable, response: `${status} nope` });
  });

  test("an unreachable receiver is retried", async () => {
    const provider = webhookProvider({
      url: "https://hooks.example.com/sms",
      fetchImpl: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(provider.send(message, signal)).rejects.toMatchObject({ retryable: true });
  });
});
