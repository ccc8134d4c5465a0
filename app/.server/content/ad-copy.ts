import { AD_COPY_CONFIRM_FIELD, AD_COPY_MESSAGES, adCopyWarningsOf, type RiskyPhraseId } from "#app/forms/ad-copy.ts";
import { can } from "#app/permissions.ts";
import type { AdCopyPlace } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import type { Executor } from "../db.ts";

/**
 * The server's half of the ad-copy check: the words an editor saves are read again with the same
 * list the browser warns from, and a save carrying a warning goes through only when an owner or a
 * manager ticked the confirmation, which is then recorded with the save.
 */

/** A save past a warning: who confirmed it, which phrases in which fields. */
export interface AdCopyConfirmation {
  change: ChangeContext;
  place: AdCopyPlace;
  phrases: RiskyPhraseId[];
  fields: string[];
}

export type AdCopyReview =
  { ok: true; confirmation: AdCopyConfirmation | null } | { ok: false; status: 400 | 403; fieldErrors: Record<string, string[]> };

/**
 * Reads the words about to be published. No warning: go on. Warnings and no confirmation: a 400
 * with each warning beside its field. Confirmed by someone who may not confirm: a 403, the same.
 */
export function reviewAdCopy(
  change: ChangeContext,
  place: AdCopyPlace,
  fields: Record<string, string | null | undefined>,
  confirmed: boolean,
): AdCopyReview {
  const warnings = adCopyWarningsOf(fields);
  const names = Object.keys(warnings);
  if (names.length === 0) return { ok: true, confirmation: null };
  const allowed = can(change.actor.role, "adcopy.confirm");
  if (confirmed && allowed) {
    const phrases = [...new Set(names.flatMap((name) => warnings[name]!.map((warning) => warning.id)))];
    return { ok: true, confirmation: { change, place, phrases, fields: names } };
  }
  const fieldErrors: Record<string, string[]> = Object.fromEntries(
    names.map((name) => [name, warnings[name]!.map((warning) => warning.message)]),
  );
  fieldErrors[AD_COPY_CONFIRM_FIELD] = [confirmed ? AD_COPY_MESSAGES.confirmRefused : AD_COPY_MESSAGES.confirmNeeded];
  return { ok: false, status: confirmed ? 403 : 400, fieldErrors };
}

/** The access record of a confirmed save, written in the save's own transaction. */
export async function recordAdCopyConfirmation(executor: Executor, confirmation: AdCopyConfirmation | null | undefined, subject?: number) {
  if (!confirmation) return;
  const { change, place, phrases, fields } = confirmation;
  await recordAccess(
    { ...change, action: "content.ad-copy-confirm", detail: { place, ...(subject === undefined ? {} : { id: subject }), phrases, fields } },
    { executor },
  );
}
