import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { PopupInput, PublicPopup } from "#app/forms/popups.ts";
import { safeLink } from "#app/utils/safe-link.ts";
import type { ImageJobStatus } from "#app/vocabulary.ts";
import { bumpContentVersion } from "./content-version.ts";
import { recordAdCopyConfirmation, type AdCopyConfirmation } from "./ad-copy.ts";
import { db } from "../db.ts";
import { noticePopups } from "../schema.ts";
import { imageJobStates, retryImageJob, wakeImageWorker } from "./image-jobs.ts";
import { deleteUpload, prepareUpload, storeUpload, uploadedImages, type UploadedImage } from "./uploads.ts";

/**
 * Notice popups (공지 팝업): written in the console, shown on the public pages between their start
 * and end. Every change bumps the site's content version in its own transaction.
 */

export interface PopupEditor {
  site: string;
  adminId: number;
}

export type PopupChange = "done" | "not-found";

export async function listPopups(site: string) {
  const rows = await db()
    .select({
      id: noticePopups.id,
      title: noticePopups.title,
      startsAt: noticePopups.startsAt,
      endsAt: noticePopups.endsAt,
      sortOrder: noticePopups.sortOrder,
      devices: noticePopups.devices,
      imageUploadId: noticePopups.imageUploadId,
    })
    .from(noticePopups)
    .where(eq(noticePopups.site, site))
    .orderBy(asc(noticePopups.sortOrder), asc(noticePopups.startsAt), asc(noticePopups.id));
  const jobs = await imageJobStates(
    site,
    rows.flatMap((row) => (row.imageUploadId ? [row.imageUploadId] : [])),
  );
  return rows.map(({ imageUploadId, ...row }) => ({
    ...row,
    image: imageUploadId === null ? null : (imageStateOf(jobs.get(imageUploadId)) satisfies PopupImageState["state"]),
  }));
}

const imageStateOf = (job: ImageJobStatus | undefined) => (job === undefined ? "ready" : job === "failed" ? "failed" : "processing");

/**
 * A popup's image as the console shows it: ready (with its picture), still being processed (the
 * public popup shows its text alone meanwhile), or failed (the console offers to try again).
 */
export type PopupImageState = ({ state: "ready" } & UploadedImage) | { state: "processing" } | { state: "failed" };

export async function getPopup(site: string, id: number) {
  const [popup] = await db()
    .select()
    .from(noticePopups)
    .where(and(eq(noticePopups.site, site), eq(noticePopups.id, id)));
  if (!popup) return null;
  const image = popup.imageUploadId ? ((await popupImageStates(site, [popup.imageUploadId])).get(popup.imageUploadId) ?? null) : null;
  return { ...popup, image };
}

/** The console's view of these images, by upload id. */
export async function popupImageStates(site: string, uploadIds: number[]): Promise<Map<number, PopupImageState>> {
  const [jobs, ready] = await Promise.all([imageJobStates(site, uploadIds), uploadedImages(site, uploadIds)]);
  const states = new Map<number, PopupImageState>();
  for (const id of uploadIds) {
    const job = jobs.get(id);
    const image = ready.get(id);
    if (job) states.set(id, { state: job === "failed" ? "failed" : "processing" });
    else if (image) states.set(id, { state: "ready", ...image });
  }
  return states;
}

/** Tries a popup's failed image again; "not-found" when the popup has no image whose processing failed. */
export async function retryPopupImage({ site }: PopupEditor, id: number): Promise<PopupChange> {
  const [popup] = await db()
    .select({ imageUploadId: noticePopups.imageUploadId })
    .from(noticePopups)
    .where(and(eq(noticePopups.site, site), eq(noticePopups.id, id)));
  if (!popup?.imageUploadId) return "not-found";
  return (await retryImageJob(site, popup.imageUploadId)) ? "done" : "not-found";
}

/**
 * Creates a popup (`id` undefined) or changes one. A new image replaces the old one (deleted with
 * its variants); `removeImage` takes it away. A refused image throws UploadRefused and saves nothing.
 */
export async function savePopup(
  { site, adminId }: PopupEditor,
  id: number | undefined,
  input: PopupInput,
  { image, removeImage = false, adCopy }: { image: File | null; removeImage?: boolean; adCopy?: AdCopyConfirmation | null },
): Promise<{ result: PopupChange; id?: number }> {
  // Checked from its header only; decoded and encoded afterwards by an image job (image-jobs.ts).
  const upload = image ? await prepareUpload(image, "image") : null;
  const saved = await db().transaction(async (tx) => {
    let previousImage: number | null = null;
    if (id !== undefined) {
      const [current] = await tx
        .select({ imageUploadId: noticePopups.imageUploadId })
        .from(noticePopups)
        .where(and(eq(noticePopups.site, site), eq(noticePopups.id, id)))
        .for("update");
      if (!current) return { result: "not-found" as const };
      previousImage = current.imageUploadId;
    }
    const stored = upload ? await storeUpload(tx, { site, upload, adminId }) : null;
    const imageUploadId = stored ? stored.id : removeImage ? null : previousImage;
    const values = { ...input, site, imageUploadId, updatedAt: new Date() };
    const [saved] =
      id === undefined
        ? await tx.insert(noticePopups).values(values).returning({ id: noticePopups.id })
        : await tx
            .update(noticePopups)
            .set(values)
            .where(and(eq(noticePopups.site, site), eq(noticePopups.id, id)))
            .returning({ id: noticePopups.id });
    if (previousImage !== null && previousImage !== imageUploadId) await deleteUpload(tx, site, previousImage);
    await bumpContentVersion(tx, site, adminId);
    await recordAdCopyConfirmation(tx, adCopy, saved!.id);
    return { result: "done" as const, id: saved!.id };
  });
  if (upload) wakeImageWorker();
  return saved;
}

export async function deletePopup({ site, adminId }: PopupEditor, id: number): Promise<PopupChange> {
  return db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(noticePopups)
      .where(and(eq(noticePopups.site, site), eq(noticePopups.id, id)))
      .returning({ imageUploadId: noticePopups.imageUploadId });
    if (!deleted) return "not-found";
    if (deleted.imageUploadId !== null) await deleteUpload(tx, site, deleted.imageUploadId);
    await bumpContentVersion(tx, site, adminId);
    return "done";
  });
}

/** The popups a visitor sees at `now` on this site, in order, with their images ready for a <picture>. */
export async function activePopups(site: string, now = new Date()): Promise<PublicPopup[]> {
  const rows = await db()
    .select({
      id: noticePopups.id,
      title: noticePopups.title,
      body: noticePopups.body,
      linkUrl: noticePopups.linkUrl,
      devices: noticePopups.devices,
      imageUploadId: noticePopups.imageUploadId,
    })
    .from(noticePopups)
    .where(and(eq(noticePopups.site, site), gt(noticePopups.endsAt, now), lte(noticePopups.startsAt, now)))
    .orderBy(asc(noticePopups.sortOrder), asc(noticePopups.startsAt), asc(noticePopups.id));
  const images = await uploadedImages(
    site,
    rows.flatMap((row) => (row.imageUploadId ? [row.imageUploadId] : [])),
  );
  return rows.map(({ imageUploadId, devices, linkUrl, ...row }) => ({
    ...row,
    // Checked again as it leaves: a link saved before the check learned of tabs may still lead away.
    linkUrl: linkUrl === null ? null : safeLink(linkUrl),
    devices: devices === "desktop" || devices === "phone" ? devices : "all",
    image: imageUploadId ? (images.get(imageUploadId) ?? null) : null,
  }));
}
