import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { formatPhone, maskPhone } from "#app/utils/phone.ts";
import type { Role } from "#app/vocabulary.ts";
import { leads } from "../schema.ts";

/**
 * Which leads a person on the team sees, and how much of them (docs/decisions/015): owners and
 * managers see every lead of their site; a counsellor sees the leads assigned to them, and the
 * unassigned inbox with phone numbers masked until they reveal one (an access record) or it is
 * assigned to them. Leads in the bin are nobody's until restored.
 */

export interface Viewer {
  id: number;
  role: Role;
}

/** The condition that keeps a query to the leads this person may see. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  const notInBin = isNull(leads.deletedAt);
  if (can(viewer.role, "leads.all")) return notInBin;
  return and(notInBin, or(eq(leads.assigneeId, viewer.id), isNull(leads.assigneeId)));
}

/** Whether this person may see the lead at all. */
export function maySee(viewer: Viewer, lead: { assigneeId: number | null; deletedAt?: Date | null }) {
  if (lead.deletedAt) return false;
  return can(viewer.role, "leads.all") || lead.assigneeId === null || lead.assigneeId === viewer.id;
}

/** Whether this person works the lead: changes its status, writes notes, texts the customer. */
export function mayWork(viewer: Viewer, lead: { assigneeId: number | null }) {
  return can(viewer.role, "leads.all") || lead.assigneeId === viewer.id;
}

/** The phone number as this person's page shows it: "010-1234-5678", or masked "010-****-5678". */
export function shownPhone(viewer: Viewer, lead: { assigneeId: number | null; phone: string }) {
  return mayWork(viewer, lead) ? formatPhone(lead.phone) : maskPhone(lead.phone);
}
