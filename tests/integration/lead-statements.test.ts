import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { countStatements, db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { visitSlots } from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, SITE_URL, submitJson } from "#tests/lead-requests.ts";

/**
 * What one lead costs the database (issue #32, item 4): every statement is a round trip, and on
 * PGlite, the default database, a turn of the server's only thread. The counts below are the
 * whole answer to a form post (its checks, the rate limit, the token, the transaction with the
 * lead, its customer, assignment, texts and booking); a change that adds statements to every lead
 * must say so here.
 */

setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "lead-statements-test-secret-0123456789" }));
withTestDatabase();

describe("one lead's statements", () => {
  test("a registration is at most 7 statements from post to answer", async () => {
    await submitJson("interest", filledForm("interest"));
    const { result, statements } = await countStatements(() => submitJson("interest", filledForm("interest")));
    expect(result.status).toBe(200);
    // 16 before issue #32: the text budget's two counts are one statement now (15); the two rate
    // limits are one upsert, and the site's settings are read once in the lead's transaction (13);
    // the submission, blocklist and fold checks are one read after the phone's lock (11); the site's
    // settings read with them, and the customer, receipt counter and round-robin switch in the lead's insert (7).
    expect(statements).toBeLessThanOrEqual(7);
  });

  test("a visit booking a time is at most 14", async () => {
    const day = addDays(kstDay(new Date()), 2);
    await openVisitDays("daegu", [day]);
    const slots = await db()
      .select({ id: visitSlots.id })
      .from(visitSlots)
      .where(and(eq(visitSlots.site, "daegu"), eq(visitSlots.day, day)))
      .orderBy(visitSlots.startsAt);
    await submitJson("visit", filledForm("visit", { visitDate: day, visitSlot: String(slots[0]!.id) }));
    const { result, statements } = await countStatements(() =>
      submitJson("visit", filledForm("visit", { visitDate: day, visitSlot: String(slots[1]!.id) })),
    );
    expect(result.status).toBe(200);
    // 29 before issue #32: the text budget's and the booking-burst check's two counts are one each (27);
    // the waitlist (issue #29) then added three, the site's visit settings (people or groups) and
    // the slot's waiting line read under the slot's lock among them (31); one rate-limit upsert, and
    // the site's settings and visit settings read once in the transaction, not by each step (27);
    // the submission, blocklist and fold checks in one read after the phone's lock (25); the settings
    // with them and the lead's insert folded as a registration's (21); the slot's bookings, line, visit
    // settings and the phone's other place that day in one read after the slot's lock (18); the
    // schedule read before the transaction with the settings it needs, and the booking's insert with
    // the content version's bump and the browser's earlier bookings (14).
    expect(statements).toBeLessThanOrEqual(14);
  });
});
