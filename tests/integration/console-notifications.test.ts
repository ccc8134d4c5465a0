import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { smsOutbox } from "#app/.server/schema.ts";
import { RETRY_MESSAGES } from "#app/forms/admin.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/** The outbox's retry form (/admin/notifications) answers like every console form (docs/decisions/025). */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

let manager: string;
let failed: number;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
  const team = await addTeam();
  manager = await consoleCookie(team.manager);
  const [text] = await db()
    .insert(smsOutbox)
    .values({ site: "daegu", purpose: "confirmation", recipient: "01055550000", body: "안내", status: "failed" })
    .returning({ id: smsOutbox.id });
  failed = text!.id;
});

function post(form: Record<string, string>) {
  return app.fetch("/admin/notifications?view=failed", {
    method: "POST",
    headers: {
      Host: new URL(HERE).host,
      "X-Forwarded-For": "198.51.100.8",
      Accept: "text/html",
      Cookie: manager,
      Origin: HERE,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form).toString(),
  });
}

describe("sending a failed text again", () => {
  test("queues it and answers with a redirect back to the list it was on", async () => {
    const response = await post({ intent: "retry", id: String(failed) });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/notifications?view=failed");
    const [text] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, failed));
    expect(text!.status).toBe("pending");
  });

  test("a text already sent again (by another person, a moment before) is a 409 with the reason on the page, queued once", async () => {
    expect((await post({ intent: "retry", id: String(failed) })).status).toBe(303);
    const again = await post({ intent: "retry", id: String(failed) });
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(new RegExp(`role="alert"><li>${RETRY_MESSAGES.notFailed}</li>`));
    const texts = await db().select().from(smsOutbox);
    expect(texts.map((text) => text.status)).toEqual(["pending"]);
  });

  test("an id that names no text is a 400 with a Korean message, not a 500", async () => {
    const response = await post({ intent: "retry", id: "다섯" });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(new RegExp(`role="alert"><li>${RETRY_MESSAGES.id}</li>`));
  });
});
