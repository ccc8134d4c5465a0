import type { UnitChangeKind, UnitStatus } from "#app/vocabulary.ts";
import type { ChangeContext } from "../audit/records.ts";
import type { Executor } from "../db.ts";
import { unitChanges } from "../schema.ts";

/** One row of a unit's history, written in the changing verb's transaction. */
export async function recordUnitChange(
  tx: Executor,
  change: ChangeContext,
  entry: {
    unitId: number;
    kind: UnitChangeKind;
    from: UnitStatus | null;
    to: UnitStatus;
    leadId?: number | null;
    detail?: Record<string, unknown>;
  },
  now: Date,
) {
  await tx.insert(unitChanges).values({
    unitId: entry.unitId,
    kind: entry.kind,
    fromStatus: entry.from,
    toStatus: entry.to,
    leadId: entry.leadId ?? null,
    actorId: change.actor.id,
    actorEmail: change.actor.email,
    detail: entry.detail ?? {},
    createdAt: now,
  });
}
