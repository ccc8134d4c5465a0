import fs from "node:fs/promises";
import { expect } from "@playwright/test";
import { E2E_PHONE_FILE } from "../../playwright.config.ts";

/**
 * A visitor's phone: the texts the server sent to a number, read from the file the browser tests'
 * server keeps (the console shows bearer links masked, so this is the only place they appear).
 */
export async function textsTo(phone: string, purpose?: string): Promise<string[]> {
  const lines = await fs.readFile(E2E_PHONE_FILE, "utf8").catch(() => "");
  return lines
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; purpose: string; text: string })
    .filter((text) => text.to === phone.replaceAll("-", "") && (purpose === undefined || text.purpose === purpose))
    .map((text) => text.text);
}

/** The link in the latest text of `purpose` to `phone`, once the outbox has sent it. */
export async function linkTextedTo(phone: string, purpose: string, pattern: RegExp): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      link = (await textsTo(phone, purpose)).flatMap((text) => pattern.exec(text)?.[0] ?? []).at(-1) ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}
