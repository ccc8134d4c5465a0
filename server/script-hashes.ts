import crypto from "node:crypto";
import zlib from "node:zlib";

/**
 * A cached page that differs per answer only in its script nonce (no form tokens) can do without
 * one: each of its scripts is allowed by the SHA-256 hash of its text, taken from the server's own
 * render when the page is kept, and its bytes are then the same for every answer, so they are
 * compressed once, with Brotli as well as gzip (docs/decisions/045-pages-allowed-by-hashes.md).
 */

/** A script element as React writes it: no `>` inside an attribute value, no `</script` inside its text. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
/** The types a browser runs; any other (JSON-LD) is data, which no policy governs. */
const RUNNABLE_TYPE = /^(?:|module|(?:text|application)\/(?:java|ecma)script)$/i;

export interface HashedPage {
  /** The page without its nonce attributes. */
  html: string;
  /** `'sha256-…'` sources for every script the page runs, inside `<noscript>` too (the starter copies those). */
  hashes: string[];
}

/**
 * The page without its nonce, and the hashes that allow its scripts instead; null for a page that
 * cannot be allowed so: one with a script from a file (an ad tag: the vendor's bytes have no fixed
 * hash), one whose text a browser would read otherwise than the server hashes it (a carriage return
 * or a NUL byte, which the HTML parser rewrites), or one where the nonce stands anywhere but in a
 * nonce attribute.
 */
export function hashedPage(html: string, nonce: string): HashedPage | null {
  if (/[\r\0]/.test(html)) return null;
  const bare = html.replaceAll(` nonce="${nonce}"`, "");
  if (bare.includes(nonce)) return null;
  const hashes = new Set<string>();
  for (const [, attributes, text] of bare.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc=/i.test(attributes!)) return null;
    const type = /\stype="([^"]*)"/i.exec(attributes!)?.[1] ?? "";
    if (!RUNNABLE_TYPE.test(type.trim())) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text!).digest("base64")}'`);
  }
  return hashes.size > 0 ? { html: bare, hashes: [...hashes] } : null;
}

/** The document's policy with the page's hashes where its nonce was ('strict-dynamic' stays, so the scripts they allow may load theirs). */
export function policyWithHashes(policy: string, nonce: string, hashes: string[]): string {
  return policy.replace(`'nonce-${nonce}'`, hashes.join(" "));
}

/**
 * Brotli at its best (quality 11), once per kept page, on libuv's thread pool: ~64 ms of a core
 * for a 59 KB floor plan (docs/performance.md), which would stall every other answer if it ran on
 * the event loop. The page is answered with gzip until it is done.
 */
export function brotliOnce(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zlib.brotliCompress(
      bytes,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      },
      (error, compressed) => (error ? reject(error) : resolve(compressed)),
    ),
  );
}
