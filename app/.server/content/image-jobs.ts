import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ImageJobStatus } from "#app/vocabulary.ts";
import { bumpContentVersion } from "./content-version.ts";
import { encodeImage, storeEncodedImage, type EncodedImage } from "./uploads.ts";
import { db, queryRows } from "../db.ts";
import { logError } from "../log.ts";
import { startPollingWorker, type PollingWorker } from "../polling-worker.ts";
import { imageJobs, uploads } from "../schema.ts";

/**
 * Uploaded images are decoded and encoded here, off the request path (the upload stores the file
 * as received and answers at once). Every instance runs one worker; jobs live in the database, so
 * any instance may take any upload's job, and claims never overlap (FOR UPDATE SKIP LOCKED). The
 * work is idempotent, so a lease that runs out (the process died mid-encode) is simply claimed
 * again; after MAX_ATTEMPTS the job is failed and the console offers to try again.
 */

export const IMAGE_JOB_MAX_ATTEMPTS = 3;

/** Longer than any encoding takes, even of a 40 MP image on a busy machine. */
const LEASE_MS = 5 * 60_000;

export type ImageJobOutcome = "done" | "retrying" | "failed" | "gone";

interface ClaimedJob {
  upload_id: number;
  site: string;
  attempts: number;
}

/**
 * Claims the oldest waiting job (or one whose lease ran out), encodes its image and, in one
 * transaction, stores the result and ends the job; null when no job waits. A failure puts the job
 * back to wait, or fails it after its last attempt. "gone": the upload was deleted meanwhile.
 */
export async function processNextImageJob({
  workerId,
  now = new Date(),
  leaseMs = LEASE_MS,
  encode = encodeImage,
}: {
  workerId: string;
  now?: Date;
  leaseMs?: number;
  encode?: (bytes: Buffer, type: string) => Promise<EncodedImage>;
}): Promise<{ uploadId: number; outcome: ImageJobOutcome } | null> {
  const [job] = await queryRows<ClaimedJob>(
    db(),
    sql`update image_jobs
        set status = 'working', attempts = attempts + 1, locked_by = ${workerId},
            locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
        where upload_id = (
          select upload_id from image_jobs
          where status = 'pending' or (status = 'working' and locked_until < ${now.toISOString()}::timestamptz)
          order by created_at, upload_id
          limit 1
          for update skip locked
        )
        returning upload_id, site, attempts`,
  );
  if (!job) return null;
  const uploadId = job.upload_id;
  const owned = and(eq(imageJobs.uploadId, uploadId), eq(imageJobs.lockedBy, workerId), eq(imageJobs.status, "working"));
  try {
    const [upload] = await db().select({ bytes: uploads.bytes, mimeType: uploads.mimeType }).from(uploads).where(eq(uploads.id, uploadId));
    if (!upload) return { uploadId, outcome: "gone" };
    const image = await encode(upload.bytes, upload.mimeType);
    const stored = await db().transaction(async (tx) => {
      const [ended] = await tx.delete(imageJobs).where(owned).returning({ site: imageJobs.site });
      // Another worker took it over after our lease ran out, or the upload was deleted: theirs now.
      if (!ended) return false;
      await storeEncodedImage(tx, { site: job.site, id: uploadId }, image);
      // The public pages (and their cache) show the image from now on.
      await bumpContentVersion(tx, job.site);
      return true;
    });
    return { uploadId, outcome: stored ? "done" : "gone" };
  } catch (error) {
    const failed = job.attempts >= IMAGE_JOB_MAX_ATTEMPTS;
    await db()
      .update(imageJobs)
      .set({
        status: failed ? "failed" : "pending",
        lockedBy: null,
        lockedUntil: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      })
      .where(owned);
    return { uploadId, outcome: failed ? "failed" : "retrying" };
  }
}

/** Where each of these uploads' processing is; an upload missing from the map is ready (or no image). */
export async function imageJobStates(site: string, uploadIds: number[]): Promise<Map<number, ImageJobStatus>> {
  if (uploadIds.length === 0) return new Map();
  const rows = await db()
    .select({ uploadId: imageJobs.uploadId, status: imageJobs.status })
    .from(imageJobs)
    .where(and(eq(imageJobs.site, site), inArray(imageJobs.uploadId, uploadIds)));
  return new Map(rows.map((row) => [row.uploadId, row.status]));
}

/** Puts a failed job back to wait, with its attempts anew; false when the upload's job had not failed. */
export async function retryImageJob(site: string, uploadId: number): Promise<boolean> {
  const rows = await db()
    .update(imageJobs)
    .set({ status: "pending", attempts: 0, lastError: null })
    .where(and(eq(imageJobs.site, site), eq(imageJobs.uploadId, uploadId), eq(imageJobs.status, "failed")))
    .returning({ uploadId: imageJobs.uploadId });
  if (rows.length > 0) wakeImageWorker();
  return rows.length > 0;
}

/** `wake()` looks for jobs now instead of at the next poll (called after an upload is stored). */
export type ImageWorker = PollingWorker;

let running: ImageWorker | undefined;

/** Nudges this process's worker, if one runs (another instance finds the job at its next poll). */
export function wakeImageWorker() {
  running?.wake();
}

/**
 * Polls for image jobs every `intervalMs` (and whenever woken) until stopped, one image at a time.
 * libvips uses one thread (loadSharp, app/.server/lazy-modules.ts), loaded with the first job.
 */
export function startImageWorker({
  intervalMs = 2_000,
  log = logError,
}: { intervalMs?: number; log?: (context: string, error: unknown) => void } = {}): ImageWorker {
  const workerId = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  const worker = startPollingWorker({
    intervalMs,
    log,
    failure: "Image jobs: a pass failed, retrying at the next poll",
    step: async () => {
      const processed = await processNextImageJob({ workerId });
      if (processed?.outcome === "failed")
        console.warn(`Image job for upload ${processed.uploadId} failed after ${IMAGE_JOB_MAX_ATTEMPTS} attempts`);
      return processed !== null;
    },
    onStop: (stopped) => {
      if (running === stopped) running = undefined;
    },
  });
  running = worker;
  return worker;
}
