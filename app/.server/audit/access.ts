import type { RouterContextProvider } from "react-router";
import type { AuditAction } from "#app/vocabulary.ts";
import { recordAccess, type Actor, type ChangeContext, type StaffActor } from "./records.ts";
import { getClientAddress } from "../client-address.ts";
import { requireSite } from "../site.ts";

/** The access record of one console request: this person, on this site, from this address. */
export function recordConsoleAccess(
  context: Readonly<RouterContextProvider>,
  actor: Actor,
  action: AuditAction,
  { leadIds, detail }: { leadIds?: number[]; detail?: Record<string, unknown> } = {},
) {
  return recordAccess({ site: requireSite(context).slug, actor, clientAddress: getClientAddress(context), action, leadIds, detail });
}

/** Who made a change and from where, as the staff verbs take it (app/.server/auth/staff.ts). */
export function changeContext(context: Readonly<RouterContextProvider>, actor: StaffActor): ChangeContext {
  return { site: requireSite(context).slug, actor, clientAddress: getClientAddress(context) };
}
