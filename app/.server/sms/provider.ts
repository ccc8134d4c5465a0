import path from "node:path";
import type { Env } from "../env.ts";
import { logProvider } from "./log.ts";
import { solapiProvider } from "./solapi.ts";
import type { SmsProvider } from "./message.ts";
import { webhookProvider } from "./webhook.ts";

/** The provider SMS_PROVIDER names; env.ts has already checked that its settings are present. */
export function smsProviderFromEnv(env: Env): SmsProvider {
  switch (env.SMS_PROVIDER) {
    case "webhook":
      return webhookProvider({ url: env.SMS_WEBHOOK_URL! });
    case "solapi":
      return solapiProvider({ apiKey: env.SOLAPI_API_KEY!, apiSecret: env.SOLAPI_API_SECRET!, sender: env.SMS_SENDER! });
    default:
      return logProvider(console.log, env.E2E ? { phoneFile: e2ePhoneFile(env.DATA_DIR) } : {});
  }
}

/** Where the browser tests' server keeps the texts it would have sent (tests/e2e/phone.ts reads them). */
export function e2ePhoneFile(dataDir: string) {
  return path.join(dataDir, "e2e-texts.jsonl");
}
