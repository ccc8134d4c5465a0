import type { ChangeContext } from "../audit/records.ts";
import type { Transaction } from "../db.ts";
import type { HoldReleaseReason } from "#app/vocabulary.ts";
import { releaseHoldsOfLead } from "../units/release.ts";
import { cancelUpcomingVisitsOf } from "../visits/office.ts";

/**
 * What a lead leaving the lists (moved to the bin, marked as spam) was holding, let go in that
 * verb's transaction (decision 057): its live unit holds are released and its visits still to come
 * cancelled. Answers the slots freed, whose waitlists the verb offers the places to after its commit,
 * and what to add to its access record.
 */
export async function letGoOfWhatItHeld(tx: Transaction, change: ChangeContext, leadId: number, reason: HoldReleaseReason, now: Date) {
  const releasedUnits = await releaseHoldsOfLead(tx, change, leadId, reason, now);
  const visits = await cancelUpcomingVisitsOf(tx, change, leadId, now);
  return {
    freedSlots: visits.slotIds,
    detail: {
      ...(releasedUnits.length > 0 && { releasedUnits }),
      ...(visits.bookingIds.length > 0 && { cancelledBookings: visits.bookingIds }),
    },
  };
}
