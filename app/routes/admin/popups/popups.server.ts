import { data, redirect, type RouterContextProvider } from "react-router";
import { deletePopup, retryPopupImage, savePopup } from "#app/.server/content/popups.ts";
import { requireSite } from "#app/.server/site.ts";
import { chosenFile, readUploadForm, UploadRefused } from "#app/.server/content/uploads.ts";
import { POPUP_DEVICES, PopupIntentSchema, PopupSchema, type PopupDevices } from "#app/forms/popups.ts";
import { kstDay, kstTime } from "#app/utils/kst.ts";
import { signedInAdmin } from "../guard.server.ts";
import type { PopupEditorValues } from "./popup-editor.tsx";
import { parseConsoleForm, refuseSubmission, refuseUnreadForm, textFields } from "../submission.server.ts";
import { refuseAdCopy, reviewPostedCopy } from "../ad-copy.server.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";

export function requirePopupId(value: string | undefined): number {
  const id = readWholeNumber(value);
  if (id === undefined) throw popupNotFound();
  return id;
}

export function popupNotFound() {
  return data("없는 팝업입니다. 이미 삭제되었을 수 있습니다.", { status: 404 });
}

/** A stored popup in the editor's terms (Korean days and times). */
export function popupEditorValues(popup: {
  title: string;
  body: string;
  linkUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  sortOrder: number;
  devices: string;
}): PopupEditorValues {
  return {
    title: popup.title,
    body: popup.body,
    linkUrl: popup.linkUrl ?? "",
    startDay: kstDay(popup.startsAt),
    startTime: kstTime(popup.startsAt),
    endDay: kstDay(popup.endsAt),
    endTime: kstTime(popup.endsAt),
    sortOrder: String(popup.sortOrder),
    devices: parseDevices(popup.devices),
  };
}

/** A new popup starts now and runs a week. */
export function newPopupValues(now = new Date()): PopupEditorValues {
  return popupEditorValues({
    title: "",
    body: "",
    linkUrl: null,
    startsAt: now,
    endsAt: new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000),
    sortOrder: 0,
    devices: "all",
  });
}

const parseDevices = (value: unknown): PopupDevices => POPUP_DEVICES.find((device) => device === value) ?? "all";

/**
 * The editor's multipart post, for a new popup (`id` undefined) or an existing one (save or
 * delete). Works as a plain form post: a refusal answers the form again with its message.
 */
export async function handlePopupAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  id?: number;
}) {
  const admin = signedInAdmin(context);
  const editor = { site: requireSite(context).slug, adminId: admin.id };
  let form: FormData;
  try {
    form = await readUploadForm(request, "image");
  } catch (error) {
    if (error instanceof UploadRefused) return refuseUnreadForm(error.message, error.status);
    throw error;
  }
  const button = parseConsoleForm(textFields(form), PopupIntentSchema);
  if (!button.ok) return button.refused;
  const { intent } = button.value;
  switch (intent) {
    case "delete":
    case "retry-image": {
      // A popup not saved yet has nothing to delete or to process again.
      if (id === undefined) throw popupNotFound();
      if (intent === "delete") {
        if ((await deletePopup(editor, id)) === "not-found") throw popupNotFound();
        throw redirect("/admin/popups?deleted=1", { status: 303 });
      }
      if ((await retryPopupImage(editor, id)) === "not-found") throw popupNotFound();
      throw redirect(`/admin/popups/${id}`, { status: 303 });
    }
    case "save":
      return savePosted(context, editor, form, id);
    default:
      intent satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

/** A save: the fields through PopupSchema, the words through the ad-copy check, the image beside. */
async function savePosted(
  context: Readonly<RouterContextProvider>,
  editor: { site: string; adminId: number },
  form: FormData,
  id: number | undefined,
) {
  const parsed = parseConsoleForm(textFields(form), PopupSchema);
  if (!parsed.ok) return parsed.refused;
  const review = reviewPostedCopy(context, "popup", form, { title: parsed.value.title, body: parsed.value.body });
  if (!review.ok) return refuseAdCopy(parsed.submission, review);
  try {
    const saved = await savePopup(editor, id, parsed.value, {
      image: chosenFile(form, "image"),
      removeImage: form.get("removeImage") === "on",
      adCopy: review.confirmation,
    });
    if (saved.result === "not-found") throw popupNotFound();
    throw redirect(`/admin/popups?saved=${saved.id}`, { status: 303 });
  } catch (error) {
    if (error instanceof UploadRefused) {
      return refuseSubmission(parsed.submission, { fieldErrors: { image: [error.message] } }, { status: error.status });
    }
    throw error;
  }
}
