import { data } from "react-router";
import { requireSite } from "#app/.server/site.ts";
import { findUploadFile } from "#app/.server/content/uploads.ts";
import type { Route } from "./+types/upload";

/**
 * An uploaded file (/uploads/{id}-{sha256}.{ext}), for this site only. Only checked types are ever
 * stored, and the sandbox policy would still keep anything served here from running as a page.
 * The hash in the URL makes the response safe to cache for good.
 */
const UPLOAD_CSP = "default-src 'none'; sandbox";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const file = await findUploadFile(site, params.file);
  if (!file) throw data("파일을 찾을 수 없습니다.", { status: 404 });
  const etag = `"${file.sha256}"`;
  const headers = {
    "Content-Type": file.mimeType,
    "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": UPLOAD_CSP,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.bytes), { headers: { ...headers, "Content-Length": String(file.bytes.length) } });
}
