import { createHash } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { loadSharp } from "../lazy-modules.ts";
import { VARIANT_ENCODING, variantWidths } from "#app/utils/image-variants.js";
import { IMAGE_PIXELS_MAX, UPLOAD_MESSAGES, type DocumentKind, type UploadKind } from "#app/forms/uploads.ts";
import { bumpContentVersion } from "./content-version.ts";
import { db, type Executor } from "../db.ts";
import { imageJobs, siteSettings, uploads } from "../schema.ts";

/**
 * Files the office uploads (popup images, the announcement and contract PDFs), kept in the
 * database so every instance behind the load balancer serves them. The type is read from the
 * bytes, never from the name or the browser's claim, and only JPEG, PNG, WebP and PDF are kept:
 * an SVG or HTML file could run script in a visitor's browser if it were ever served as a document.
 */

const MB = 1024 * 1024;
export const UPLOAD_LIMITS: Record<UploadKind, number> = { image: 10 * MB, pdf: 20 * MB, csv: 2 * MB, spreadsheet: 5 * MB };
/** The largest body a multipart form with one file may be: the file's limit and room for the other fields. */
const FORM_OVERHEAD = 64 * 1024;

/** The most a console post carrying a file of this kind may send; readUploadForm refuses more with the kind's own message. */
export function uploadFormCeiling(kind: UploadKind): number {
  return UPLOAD_LIMITS[kind] + FORM_OVERHEAD;
}

/** Popups are at most about 480 CSS pixels wide: two densities are enough. */
const POPUP_IMAGE_MAX_WIDTH = 960;
/**
 * The kept original is never linked (a <picture> falls back to the largest WebP), so a phone's 12 MP
 * is narrowed to twice the largest variant: a fifth of the bytes to store, read and encode from.
 */
const KEPT_ORIGINAL_MAX_WIDTH = 2 * POPUP_IMAGE_MAX_WIDTH;

type SniffedType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

const EXTENSIONS: Record<SniffedType | "image/avif", string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "application/pdf": "pdf",
};

const startsWith = (bytes: Buffer, signature: string, offset = 0) =>
  bytes.subarray(offset, offset + signature.length).equals(Buffer.from(signature, "latin1"));

/** The file's real type by its first bytes (its "magic number"), or null for anything we do not keep. */
export function sniffType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (startsWith(bytes, "\x89PNG\r\n\x1a\n")) return "image/png";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return "image/webp";
  if (startsWith(bytes, "%PDF-")) return "application/pdf";
  return null;
}

export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/**
 * The multipart form of a console post, read with a ceiling: a declared Content-Length over it is
 * refused before reading, and a body that streams past it (chunked, or a lying length) is cut off
 * there, so an oversized upload never sits whole in memory.
 */
export async function readUploadForm(request: Request, kind: UploadKind): Promise<FormData> {
  const ceiling = uploadFormCeiling(kind);
  const tooLarge = new UploadRefused(UPLOAD_MESSAGES.tooLarge[kind], 413);
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > ceiling) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      received += read.value.byteLength;
      if (received > ceiling) {
        await reader.cancel();
        throw tooLarge;
      }
      chunks.push(read.value);
    }
  }
  const buffered = new Request(request.url, { method: "POST", headers: request.headers, body: Buffer.concat(chunks) });
  try {
    return await buffered.formData();
  } catch {
    throw new UploadRefused(UPLOAD_MESSAGES.unreadable, 400);
  }
}

/** A form field's file, if one was chosen (an empty file input posts a nameless, empty file). */
export function chosenFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

/** The name a file is served under: letters, digits, Hangul, dots, dashes and underscores only. */
function safeFileName(name: string, type: SniffedType) {
  const base = name
    .replace(/\.[^.]*$/, "")
    .replace(/[^\p{L}\p{N}._-]+/gu, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 80);
  return `${base || "file"}.${EXTENSIONS[type]}`;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export interface StoredUpload {
  id: number;
  sha256: string;
  mimeType: string;
  fileName: string;
}

/** A file checked, ready to store; an image is stored as received and processed afterwards (image-jobs.ts). */
export interface PreparedUpload {
  fileName: string;
  mimeType: SniffedType;
  bytes: Buffer;
  /** As the image will stand (the camera's orientation applied), read from its header. */
  dimensions: { width: number; height: number } | null;
}

/**
 * Checks one file cheaply, without decoding it: its size against the kind's limit, its real type
 * against the kind and, for an image, its pixels against IMAGE_PIXELS_MAX from the header. The
 * decoding and encoding (metadata stripped, AVIF and WebP variants) happen off the request path,
 * in an image job: a 4032 × 3024 phone photo took 14–24 s inside the request, and the public pages
 * waited as long. A refused file throws UploadRefused (a Korean message and 400/413).
 */
export async function prepareUpload(file: File, kind: UploadKind): Promise<PreparedUpload> {
  if (file.size > UPLOAD_LIMITS[kind]) throw new UploadRefused(UPLOAD_MESSAGES.tooLarge[kind], 413);
  const received = Buffer.from(await file.arrayBuffer());
  const type = sniffType(received);
  const wanted = kind === "pdf" ? type === "application/pdf" : type !== null && type !== "application/pdf";
  if (!type || !wanted) throw new UploadRefused(UPLOAD_MESSAGES.wrongType[kind], 400);
  const fileName = safeFileName(file.name, type);
  if (type === "application/pdf") return { fileName, mimeType: type, bytes: received, dimensions: null };
  return { fileName, mimeType: type, bytes: received, dimensions: await imageHeader(received) };
}

/**
 * Reads only the image's header (no pixel is decoded) and refuses it past IMAGE_PIXELS_MAX. A
 * 30 KB PNG can declare 16,000 × 16,000 pixels (768 MB decoded); sharp's own limit (268 MP) let it
 * through, and decoding it took seconds of both cores. Every decoder below is capped as well.
 */
async function imageHeader(bytes: Buffer): Promise<{ width: number; height: number }> {
  let header: { width: number; height: number; orientation?: number };
  try {
    const sharp = await loadSharp();
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRefused(UPLOAD_MESSAGES.unreadable, 400);
  }
  if (header.width * header.height > IMAGE_PIXELS_MAX) throw new UploadRefused(UPLOAD_MESSAGES.tooManyPixels(header), 400);
  // Orientations 5–8 turn the picture a quarter.
  const quarterTurn = (header.orientation ?? 1) >= 5;
  return quarterTurn ? { width: header.height, height: header.width } : { width: header.width, height: header.height };
}

/**
 * Stores a prepared file; only inserts, so it is quick inside the caller's transaction. An image
 * gets its job: until the job is done nobody is served it (findUploadFile, uploadedImages).
 */
export async function storeUpload(
  executor: Executor,
  { site, upload, adminId }: { site: string; upload: PreparedUpload; adminId: number | null },
): Promise<StoredUpload> {
  const { fileName, mimeType, bytes, dimensions } = upload;
  const [original] = await executor
    .insert(uploads)
    .values({ site, fileName, mimeType, size: bytes.length, ...dimensions, sha256: sha256(bytes), bytes, createdBy: adminId })
    .returning({ id: uploads.id, sha256: uploads.sha256, mimeType: uploads.mimeType, fileName: uploads.fileName });
  if (mimeType !== "application/pdf") await executor.insert(imageJobs).values({ uploadId: original!.id, site });
  return original!;
}

/** An image as it is kept and served: the original without its metadata, and its variants. */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  variants: { variant: string; mimeType: "image/avif" | "image/webp"; bytes: Buffer; width: number; height: number }[];
}

/** Decodes an uploaded image and encodes what is kept of it (the work of an image job). Throws on an image it cannot read. */
export async function encodeImage(received: Buffer, type: string): Promise<EncodedImage> {
  if (type !== "image/jpeg" && type !== "image/png" && type !== "image/webp") throw new Error(`Not an image type we encode: ${type}`);
  const bytes = await withoutMetadata(received, type);
  const sharp = await loadSharp();
  const { width, height } = await sharp(bytes, { limitInputPixels: IMAGE_PIXELS_MAX }).metadata();
  return { bytes, width, height, variants: await encodeVariants(bytes, width) };
}

/** Replaces a stored original's bytes with the encoded ones and adds its variants; only writes, for the job's transaction. */
export async function storeEncodedImage(executor: Executor, { site, id }: { site: string; id: number }, image: EncodedImage) {
  const [original] = await executor
    .update(uploads)
    .set({ bytes: image.bytes, size: image.bytes.length, width: image.width, height: image.height, sha256: sha256(image.bytes) })
    .where(and(eq(uploads.site, site), eq(uploads.id, id)))
    .returning({ fileName: uploads.fileName, createdBy: uploads.createdBy });
  if (!original || image.variants.length === 0) return;
  await executor.insert(uploads).values(
    image.variants.map((variant) => ({
      site,
      parentId: id,
      variant: variant.variant,
      fileName: original.fileName.replace(/\.[^.]+$/, `-${variant.width}.${EXTENSIONS[variant.mimeType]}`),
      mimeType: variant.mimeType,
      size: variant.bytes.length,
      width: variant.width,
      height: variant.height,
      sha256: sha256(variant.bytes),
      bytes: variant.bytes,
      createdBy: original.createdBy,
    })),
  );
}

/**
 * The image as it is kept and served: turned upright as the camera meant it, at most
 * KEPT_ORIGINAL_MAX_WIDTH wide, then encoded again in its own format with no metadata at all. A phone's photo carries EXIF with the place it was taken
 * (GPS), the device and the time; the original is public at its URL like the variants.
 */
async function withoutMetadata(bytes: Buffer, type: "image/jpeg" | "image/png" | "image/webp"): Promise<Buffer> {
  const sharp = await loadSharp();
  const upright = sharp(bytes, { limitInputPixels: IMAGE_PIXELS_MAX })
    .rotate()
    .resize({ width: KEPT_ORIGINAL_MAX_WIDTH, withoutEnlargement: true });
  if (type === "image/jpeg") return upright.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  if (type === "image/png") return upright.png().toBuffer();
  return upright.webp({ quality: 90 }).toBuffer();
}

async function encodeVariants(bytes: Buffer, sourceWidth: number) {
  const sharp = await loadSharp();
  const encoded = [];
  for (const width of variantWidths(Math.min(sourceWidth, POPUP_IMAGE_MAX_WIDTH))) {
    for (const format of ["avif", "webp"] as const) {
      const resized = sharp(bytes, { limitInputPixels: IMAGE_PIXELS_MAX }).resize({ width });
      const encoder = format === "avif" ? resized.avif(VARIANT_ENCODING.avif) : resized.webp(VARIANT_ENCODING.webp);
      const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
      encoded.push({
        variant: `${format}-${width}`,
        mimeType: `image/${format}` as const,
        bytes: data,
        width: info.width,
        height: info.height,
      });
    }
  }
  return encoded;
}

/** An upload and its variants, gone (a popup's replaced image, a replaced document). */
export async function deleteUpload(executor: Executor, site: string, id: number) {
  await executor.delete(uploads).where(and(eq(uploads.site, site), or(eq(uploads.id, id), eq(uploads.parentId, id))));
}

/** The public address of an upload: the hash in it makes every version a new URL, cacheable for good. */
export function uploadUrl(upload: { id: number; sha256: string; mimeType: string }) {
  const extension = EXTENSIONS[upload.mimeType as keyof typeof EXTENSIONS] ?? "bin";
  return `/uploads/${upload.id}-${upload.sha256}.${extension}`;
}

/** An image whose job is not done still holds the bytes as received (its EXIF, say): nobody is served it. */
const notWaitingForItsJob = sql`not exists (select 1 from ${imageJobs} where ${imageJobs.uploadId} = coalesce(${uploads.parentId}, ${uploads.id}))`;

const UPLOAD_FILE = /^(\d{1,9})-([0-9a-f]{64})\.[a-z]{3,4}$/;

/** The file an /uploads/… address names, if it is this site's: another site's upload is not found. */
export async function findUploadFile(site: string, file: string) {
  const match = UPLOAD_FILE.exec(file);
  if (!match) return null;
  const [row] = await db()
    .select({ bytes: uploads.bytes, mimeType: uploads.mimeType, fileName: uploads.fileName, sha256: uploads.sha256 })
    .from(uploads)
    .where(and(eq(uploads.id, Number(match[1])), eq(uploads.site, site), eq(uploads.sha256, match[2]!), notWaitingForItsJob));
  return row ?? null;
}

export interface UploadedImage {
  src: string;
  width: number;
  height: number;
  sources: { type: "image/avif" | "image/webp"; srcSet: string }[];
}

/** Images with their variants as a <picture> needs them, by original id; an image still processing is not among them. */
export async function uploadedImages(site: string, ids: number[]): Promise<Map<number, UploadedImage>> {
  const images = new Map<number, UploadedImage>();
  if (ids.length === 0) return images;
  const rows = await db()
    .select({
      id: uploads.id,
      parentId: uploads.parentId,
      mimeType: uploads.mimeType,
      sha256: uploads.sha256,
      width: uploads.width,
      height: uploads.height,
    })
    .from(uploads)
    .where(and(eq(uploads.site, site), or(inArray(uploads.id, ids), inArray(uploads.parentId, ids)), notWaitingForItsJob));
  for (const row of rows) {
    if (row.parentId === null && row.width && row.height) {
      images.set(row.id, { src: uploadUrl(row), width: row.width, height: row.height, sources: [] });
    }
  }
  const fallbackWidths = new Map<UploadedImage, number>();
  for (const format of ["image/avif", "image/webp"] as const) {
    for (const row of rows) {
      const image = row.parentId === null ? undefined : images.get(row.parentId);
      if (!image || row.mimeType !== format) continue;
      const source = image.sources.find((candidate) => candidate.type === format);
      const entry = `${uploadUrl(row)} ${row.width}w`;
      if (source) source.srcSet += `, ${entry}`;
      else image.sources.push({ type: format, srcSet: entry });
      // The fallback is the largest WebP, not the original: the original keeps the camera's EXIF (a location, say).
      if (format === "image/webp" && row.width && row.width >= (fallbackWidths.get(image) ?? 0)) {
        fallbackWidths.set(image, row.width);
        image.src = uploadUrl(row);
      }
    }
  }
  return images;
}

// --- Documents: which upload is the site's announcement PDF and contract documents ---

export const DOCUMENT_SETTING_KEYS: Record<DocumentKind, string> = {
  announcement: "announcementPdfUploadId",
  contract: "contractDocsUploadId",
};

export interface SiteDocument {
  id: number;
  href: string;
  fileName: string;
  size: number;
  uploadedAt: Date;
}

/** The uploaded document of this kind, or null while the site uses the pack's (the generated announcement). */
export async function siteDocument(site: string, kind: DocumentKind): Promise<SiteDocument | null> {
  const key = DOCUMENT_SETTING_KEYS[kind];
  const [row] = await db()
    .select({
      id: uploads.id,
      sha256: uploads.sha256,
      mimeType: uploads.mimeType,
      fileName: uploads.fileName,
      size: uploads.size,
      uploadedAt: uploads.createdAt,
    })
    .from(siteSettings)
    .innerJoin(uploads, and(eq(uploads.site, siteSettings.site), sql`${uploads.id} = (${siteSettings.values} ->> ${key})::integer`))
    .where(eq(siteSettings.site, site));
  return row ? { id: row.id, href: uploadUrl(row), fileName: row.fileName, size: row.size, uploadedAt: row.uploadedAt } : null;
}

/**
 * Makes `file` the site's document of this kind (or, with null, goes back to the default), in one
 * transaction with the content version. Only this kind's key of the settings' values changes: the
 * other keys belong to the settings page and are merged, never overwritten. The file it replaces is deleted.
 */
export async function setSiteDocument(
  { site, adminId }: { site: string; adminId: number },
  kind: DocumentKind,
  file: File | null,
): Promise<void> {
  const key = DOCUMENT_SETTING_KEYS[kind];
  const upload = file ? await prepareUpload(file, "pdf") : null;
  await db().transaction(async (tx) => {
    const previous = await siteDocumentId(tx, site, key);
    const stored = upload ? await storeUpload(tx, { site, upload, adminId }) : null;
    await bumpContentVersion(tx, site, adminId);
    await tx
      .update(siteSettings)
      .set({
        values: stored
          ? sql`${siteSettings.values} || jsonb_build_object(${key}::text, ${stored.id}::integer)`
          : sql`${siteSettings.values} - ${key}::text`,
      })
      .where(eq(siteSettings.site, site));
    if (previous !== null) await deleteUpload(tx, site, previous);
  });
}

async function siteDocumentId(executor: Executor, site: string, key: string): Promise<number | null> {
  const [row] = await executor
    .select({ id: sql<string | null>`${siteSettings.values} ->> ${key}` })
    .from(siteSettings)
    .where(eq(siteSettings.site, site))
    .for("update");
  const id = Number(row?.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}
