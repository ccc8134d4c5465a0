import { expect, type APIRequestContext } from "@playwright/test";
import { uniquePhone } from "./unique.ts";

/**
 * A buyer's inquiry as the public page's form sends it once hydrated (/actions/inquiry), with a fresh
 * phone unless given and the required consent: how a test whose subject is the console gets a lead,
 * without loading the public page (its form has tests of its own: leads.spec.ts).
 */
export async function postInquiry(
  request: APIRequestContext,
  { name, message, phone = uniquePhone() }: { name: string; message?: string; phone?: string },
) {
  const answer = await request.post("/actions/inquiry", {
    form: { name, phone, consent: "yes", ...(message ? { message } : {}) },
    headers: { Accept: "application/json" },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
