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
/** Forms with typed fields the browser test does not send yet: each a debt, named in issue #25. */
const NOT_YET = "not yet in the browser test (issue #25); its errors beside the fields are checked over HTTP only";

const NOT_IN_BROWSER_TEST: Partial<Record<ConsolePost, string>> = {
  "/admin/login/code": `${NOT_YET}: needs a password step passed in a fresh browser`,
  "/admin/enrol": `${NOT_YET}: needs an account without a second factor`,
  "/admin/invite/:token": `${NOT_YET}: needs an invitation's link`,
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
  "/admin/leads/:id#follow-up": NOT_YET,
  "/admin/leads/:id#missed-call-text": BUTTON,
  "/admin/leads/:id#transfer": NOT_YET,
  "/admin/leads/:id/text#opt-out": BUTTON,
  "/admin/leads/:id/delete": BUTTON,
  "/admin/leads/bin#restore": BUTTON,
  "/admin/leads/export.xlsx": sameFormAs("/admin/leads/export.csv"),
  "/admin/customers/:id#visit": CHOICE,
  "/admin/customers/:id#merge": NOT_YET,
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
  "/admin/units#edit": NOT_YET,
  "/admin/channels#delete": BUTTON,
  "/admin/channels#spend": `${NOT_YET}: shown once a channel exists, and the browser test saves none`,
  "/admin/notifications#retry": BUTTON,
  "/admin/templates#register": NOT_YET,
  "/admin/templates#preview": NOT_YET,
  "/admin/templates#retire": BUTTON,
  "/admin/campaigns#count": sameFormAs("/admin/campaigns#create"),
  "/admin/campaigns/:id#test": NOT_YET,
  "/admin/campaigns/:id#send": NOT_YET,
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
  "/admin/audit": NOT_YET,
  "/admin/settings#counsellor": `${NOT_YET}: needs a counsellor on the site, which the browser tests' database may not have`,
  "/admin/settings#day-off": `${NOT_YET}: needs a counsellor on the site, which the browser tests' database may not have`,
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
