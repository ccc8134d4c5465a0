import { and, eq, inArray, lte, or } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { db } from "../db.ts";
import { units } from "../schema.ts";
import { sitePack } from "../site.ts";
import { recordUnitChange } from "./changes.ts";

/** The type keys the site sells (the pack's unit types), in the pack's order. */
export function siteTypeKeys(site: string): string[] {
  return sitePack(site).units.map((unit) => unit.key);
}

export type EditOutcome = "done" | "not-found" | "busy" | "unknown-type" | "forbidden";

/**
 * A manager corrects a unit: its type, its own price, whether it is 비공개. A unit held or sold
 * keeps what it is until the hold is released or the sale undone, so nobody sells a unit whose
 * type changed under the customer.
 */
export async function editUnit(
  change: ChangeContext,
  unitId: number,
  edit: { typeKey: string; price: number | null; hidden: boolean },
  now = new Date(),
): Promise<EditOutcome> {
  if (!can(change.actor.role, "units.manage")) return "forbidden";
  if (!siteTypeKeys(change.site).includes(edit.typeKey)) return "unknown-type";
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(units)
      .where(and(eq(units.id, unitId), eq(units.site, change.site)))
      .for("update");
    if (!before) return "not-found";
    const status = edit.hidden ? "hidden" : "available";
    const [edited] = await tx
      .update(units)
      .set({ typeKey: edit.typeKey, price: edit.price, status, leadId: null, heldBy: null, heldUntil: null, updatedAt: now })
      .where(
        and(
          eq(units.id, unitId),
          or(inArray(units.status, ["available", "hidden"]), and(eq(units.status, "held"), lte(units.heldUntil, now))),
        ),
      )
      .returning({ id: units.id });
    if (!edited) return "busy";
    const fromStatus = before.status === "held" ? "available" : before.status;
    await recordUnitChange(
      tx,
      change,
      {
        unitId,
        kind: "edited",
        from: fromStatus,
        to: status,
        detail: { before: { typeKey: before.typeKey, price: before.price }, after: { typeKey: edit.typeKey, price: edit.price } },
      },
      now,
    );
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess(
      { ...change, action: "units.change", detail: { unitId, kind: "edited", from: fromStatus, to: status } },
      { executor: tx, now },
    );
    return "done";
  });
}
