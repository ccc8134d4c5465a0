import { and, eq, gt } from "drizzle-orm";
import { unitLabel } from "#app/forms/units.ts";
import type { HoldReleaseReason } from "#app/vocabulary.ts";
import type { ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import type { Executor } from "../db.ts";
import { recordLeadEvent } from "../leads/events.ts";
import { units } from "../schema.ts";
import { recordUnitChange } from "./changes.ts";

/** A hold still running at `now`; one past its time is for sale again without anyone letting it go. */
export const heldAt = (now: Date) => and(eq(units.status, "held"), gt(units.heldUntil, now));

/**
 * Lets go the live holds of a lead that is leaving the lists (moved to the bin, marked as spam), in
 * the transaction of the verb that takes it out: a customer who is not one is not buying, so the
 * unit is for sale again now, not when its hold runs out. A sold unit stays sold. Each unit's history
 * and the lead's (for a restore) say so; answers the units let go, for the verb's access record.
 * Not in holds.ts: the lead's status change calls it, and holds.ts calls that.
 */
export async function releaseHoldsOfLead(tx: Executor, change: ChangeContext, leadId: number, reason: HoldReleaseReason, now: Date) {
  const released = await tx
    .update(units)
    .set({ status: "available", leadId: null, heldBy: null, heldUntil: null, updatedAt: now })
    .where(and(eq(units.site, change.site), eq(units.leadId, leadId), heldAt(now)))
    .returning({ id: units.id, building: units.building, floor: units.floor, line: units.line });
  for (const unit of released.sort((a, b) => a.id - b.id)) {
    await recordUnitChange(
      tx,
      change,
      { unitId: unit.id, kind: "released", from: "held", to: "available", leadId, detail: { reason } },
      now,
    );
    await recordLeadEvent(
      tx,
      { leadId, kind: "unit", actor: change.actor, detail: { unitId: unit.id, unit: unitLabel(unit), change: "released" } },
      now,
    );
  }
  if (released.length > 0) await bumpContentVersion(tx, change.site, change.actor.id);
  return released.map((unit) => unit.id);
}
