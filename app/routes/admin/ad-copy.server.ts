import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { reviewAdCopy, type AdCopyReview } from "#app/.server/content/ad-copy.ts";
import { changeContext } from "#app/.server/audit/access.ts";
import { AD_COPY_CONFIRM_FIELD } from "#app/forms/ad-copy.ts";
import type { AdCopyPlace } from "#app/vocabulary.ts";
import { signedInAdmin } from "./guard.server.ts";
import { refuseSubmission } from "./submission.server.ts";

/**
 * The ad-copy check of an editor's post: the words about to be published, read again on the
 * server, and the confirmation box as posted (it is no field of the editors' schemas: it only
 * exists beside a warning).
 */
export function reviewPostedCopy(
  context: Readonly<RouterContextProvider>,
  place: AdCopyPlace,
  form: FormData,
  fields: Record<string, string | null | undefined>,
): AdCopyReview {
  const change = changeContext(context, signedInAdmin(context));
  return reviewAdCopy(change, place, fields, form.get(AD_COPY_CONFIRM_FIELD) === "on");
}

/** A post held back by a warning: every warning beside its field, the values as typed. */
export function refuseAdCopy(
  submission: Submission<unknown, string[], unknown>,
  review: Extract<AdCopyReview, { ok: false }>,
  extra?: object,
) {
  return refuseSubmission(submission, { fieldErrors: review.fieldErrors }, { status: review.status, extra });
}
