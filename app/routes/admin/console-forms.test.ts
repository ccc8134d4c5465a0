import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { consolePosts, type ConsolePost } from "./console-access.ts";

/**
 * Every console post is sent with wrong fields by the browser test of the console's forms at 390
 * and 1440 px (tests/e2e/console-forms.spec.ts names them with `forms(...)`), or is listed here
 * with the reason it is not. A post added to console-access.ts without either fails here.
 */

const BUTTON = "a button with hidden fields: nothing typed; its refusals are the integration tests'";
const CHOICE = "choices among what the page drew (a select, radios, ticks): nothing to type wrong";
const sameFormAs = (post: ConsolePost) => `the same form as ${post}, which the browser test sends`;

const NOT_IN_BROWSER_TEST: Partial<Record<ConsolePost, string>> = {
  "/admin/logout": BUTTON,
  "/admin/handoff#continue": BUTTON,
  "/admin/handoff#decline": BUTTON,
  "/admin/switch-site": CHOICE,
  "/admin/leads#search": "the inbox's filter: every value is a choice or a search term, and none is refused",
  "/admin/leads/:id#status": CHOICE,
  "/admin/leads/:id#assign": CHOICE,
  "/admin/leads/:id#reveal": BUTTON,
  "/admin/leads/:id#take": BUTTON,
  "/admin/leads/:id#visit": CHOICE,
  "/admin/leads/:id#grade": CHOICE,
  "/admin/leads/:id#follow-up":
    "one date-and-time picker (datetime-local): a browser sends a well-formed time or nothing; a time no calendar has is refused beside the field in tests/integration/console-contacts.test.ts",
  "/admin/leads/:id#missed-call-text": BUTTON,
  "/admin/leads/:id/text#opt-out": BUTTON,
  "/admin/leads/:id/delete": BUTTON,
  "/admin/leads/bin#restore": BUTTON,
  "/admin/leads/export.xlsx": sameFormAs("/admin/leads/export.csv"),
  "/admin/customers/:id#visit": CHOICE,
  "/admin/today#visit": CHOICE,
  "/admin/visits#open-day": BUTTON,
  "/admin/visits#close-day": BUTTON,
  "/admin/visits#close-day-confirmed": BUTTON,
  "/admin/visits#attendance": CHOICE,
  "/admin/visits#cancel-booking": BUTTON,
  "/admin/visits#move-booking": CHOICE,
  "/admin/visits#burst-spam": CHOICE,
  "/admin/visits#burst-clear": CHOICE,
  "/admin/visits#waitlist-withdraw": BUTTON,
  "/admin/door#check-in": BUTTON,
  "/admin/door#kiosk": BUTTON,
  "/admin/door/kiosk#walk-in": sameFormAs("/admin/door#walk-in"),
  "/admin/units#release": BUTTON,
  "/admin/units#contract": BUTTON,
  "/admin/units#undo-contract": BUTTON,
  "/admin/channels#delete": BUTTON,
  "/admin/notifications#retry": BUTTON,
  "/admin/templates#retire": BUTTON,
  "/admin/campaigns#count": sameFormAs("/admin/campaigns#create"),
  "/admin/campaigns/:id#pause": BUTTON,
  "/admin/campaigns/:id#resume": BUTTON,
  "/admin/campaigns/:id#cancel": BUTTON,
  "/admin/press/new#preview": sameFormAs("/admin/press/new#save"),
  "/admin/press/:id#save": sameFormAs("/admin/press/new#save"),
  "/admin/press/:id#preview": sameFormAs("/admin/press/new#save"),
  "/admin/press/:id/delete": BUTTON,
  "/admin/popups/:id": sameFormAs("/admin/popups/new"),
  "/admin/schedule/:id": sameFormAs("/admin/schedule"),
  "/admin/schedule/:id/delete": BUTTON,
  "/admin/prices#publish": sameFormAs("/admin/prices#save"),
  "/admin/prices#withdraw": BUTTON,
  "/admin/site-settings#revert": BUTTON,
  "/admin/staff#reinvite": BUTTON,
  "/admin/staff#role": CHOICE,
  "/admin/staff#sites": CHOICE,
  "/admin/staff#disable": BUTTON,
  "/admin/staff#enable": BUTTON,
  "/admin/staff#reset-second-factor": BUTTON,
  "/admin/settings#day-off-remove": BUTTON,
  "/admin/settings#approve-transfer": BUTTON,
  "/admin/settings#decline-transfer": BUTTON,
  "/admin/settings#unblock": BUTTON,
  "/admin/account#duty": CHOICE,
  "/admin/account#sign-out-everywhere": BUTTON,
};

/** The posts the browser test names in its `forms("…", …)` calls. */
function postsInBrowserTest(): Set<string> {
  const spec = readFileSync(new URL("../../../tests/e2e/console-forms.spec.ts", import.meta.url), "utf8");
  const calls = [...spec.matchAll(/\bforms\(([^)]*)\)/g)].map((call) => call[1]!);
  return new Set(calls.flatMap((args) => [...args.matchAll(/"([^"]+)"/g)].map((name) => name[1]!)));
}

describe("the console forms' browser test", () => {
  const declared = consolePosts();
  const inBrowser = postsInBrowserTest();

  test("sends every console post with wrong fields, or this list says why not", () => {
    const uncovered = declared.filter((post) => !inBrowser.has(post) && NOT_IN_BROWSER_TEST[post] === undefined);
    expect(uncovered).toEqual([]);
  });

  test("names only posts the console declares, and none it also excuses", () => {
    expect([...inBrowser].filter((post) => !declared.includes(post as ConsolePost))).toEqual([]);
    expect(Object.keys(NOT_IN_BROWSER_TEST).filter((post) => !declared.includes(post as ConsolePost))).toEqual([]);
    expect([...inBrowser].filter((post) => NOT_IN_BROWSER_TEST[post as ConsolePost] !== undefined)).toEqual([]);
  });
});
