import crypto from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { landingAttributionCookie, readCookie } from "#app/.server/attribution.ts";
import { landingCallLineCookie } from "#app/.server/channels/call-line.ts";
import { forgetContentVersions, recentContentVersion } from "#app/.server/content/content-version.ts";
import { getEnv } from "#app/.server/env.ts";
import { fillFormTokens, FORM_TOKEN_FIELD, issueFormToken } from "#app/.server/form-tokens.ts";
import { CACHE_CONTROL, isInternalHeader, PAGE_CACHE_SECONDS, PAGE_CHANGES_AT_HEADER } from "#app/.server/http.ts";
import { logError } from "#app/.server/log.ts";
import { SESSION_COOKIE } from "#app/.server/auth/session.ts";
import type { RequestSite } from "#app/.server/site.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import type { LeadKind } from "#app/vocabulary.ts";
import { compressParts, gzipChunks, type CompressedPart } from "./gzip-pieces.ts";
import { brotliOnce, hashedPage, policyWithHashes } from "./script-hashes.ts";
import { requestHost, requestUrl, send, type RenderRequest } from "./request-handler.ts";

/**
 * Public pages are the same for every visitor, so each is rendered once and then answered from
 * memory until what it shows changes (docs/decisions/018-page-cache.md):
 * - a page is kept only when its route said it may be shared (PAGE_CACHE_SECONDS, by its
 *   Cache-Control), for at most that long and never past midnight in Korea (D-days);
 * - every change a page shows bumps its site's content version in the database, which each
 *   instance reads at most once a second (app/.server/content/content-version.ts): an entry of an older
 *   version is never answered;
 * - what differs per response is put in per response: each form's token, and the script nonce
 *   (a fresh one in the body and the Content-Security-Policy alike);
 * - a page with no form tokens (and no script from a file) needs no nonce: its scripts are allowed
 *   by their hashes, so it is the same for every answer and goes compressed once, in Brotli to
 *   browsers that take it (docs/decisions/045-pages-allowed-by-hashes.md);
 * - a signed-in member of staff gets the page rendered for them; a campaign landing gets the
 *   cached page and its campaign cookie, privately.
 */

/** Campaign parameters say where a visitor came from, not what the page shows. */
const CAMPAIGN_PARAMETER = /^utm_/i;
/** Documents only: files, feeds, data requests, the console and the form endpoints go their own way. */
const NOT_A_PAGE = /^\/(?:admin|actions|uploads|healthz)(?:\/|$)|\.[A-Za-z0-9]+$/;
/** A browser's copy is revalidated to 304 within one such window, so the form tokens it holds stay well within their two hours. */
const TOKEN_WINDOW_MS = 30 * 60_000;

type Piece = Buffer | { tokenField: [before: string, kind: LeadKind, after: string] } | "nonce";

interface CachedPage {
  version: number;
  expiresAt: number;
  headers: [string, string][];
  /** The page in pieces: bytes as they are, and the places of each response's form tokens and nonce. */
  pieces: Piece[];
  /** The same pieces for gzip: each run of bytes compressed once, when the page was kept (server/gzip-pieces.ts). */
  gzipped: (CompressedPart | null)[];
  /** How long each answer's own bytes (nonce, form tokens) are, which the compressed pieces count on. */
  ownLengths: number[];
  /** The render's nonce, replaced in every answer; null for a page whose scripts are allowed by their hashes. */
  nonce: string | null;
  /** The page in Brotli, for a page without a nonce: made once, after the page was kept (until then, gzip). */
  brotli?: Buffer;
  /** A digest of the page without its nonce: equal pages from any instance have equal tags. */
  digest: string;
  size: number;
}

export interface PageCacheOptions {
  render: RenderRequest;
  /** The most the cache keeps, in bytes of HTML; the least recently answered pages go first. */
  maxBytes: number;
  now?: () => number;
}

/** Every page cache of this process, for forgetAllPages(). */
const caches = new Set<() => void>();

/**
 * Empties every page cache of this process and the versions read. For tests, whose databases are
 * emptied between cases: there a site's version starts again from 0, which in production it never
 * does, and a page kept under an earlier case's version could otherwise be answered.
 */
export function forgetAllPages() {
  for (const clear of caches) clear();
  forgetContentVersions();
}

export function pageCache({ render, maxBytes, now = () => Date.now() }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | Response>>();
  let size = 0;
  caches.add(() => {
    pages.clear();
    size = 0;
  });

  function forget(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    size -= page.size;
  }

  function keep(key: string, page: CachedPage) {
    if (page.size > maxBytes / 4) return;
    forget(key);
    pages.set(key, page);
    size += page.size;
    // A Map iterates in insertion order, and every answer re-inserts its page: the first is the least recently used.
    for (const oldest of pages.keys()) {
      if (size <= maxBytes) break;
      forget(oldest);
    }
  }

  /** Renders the page as a visitor with no cookies sees it; keeps it when its route allows. */
  async function renderShared(
    req: ExpressRequest,
    res: ExpressResponse,
    site: RequestSite,
    key: string,
    version: number,
  ): Promise<CachedPage | Response> {
    const holder: { nonce?: string } = {};
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || /^(cookie|referer|if-none-match|if-modified-since)$/i.test(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    // No abort signal: requests waiting for this render need it even when the first visitor leaves.
    const request = new Request(canonicalUrl(req), { headers });
    const response = await render(req, res, { request, holder });
    const seconds = PAGE_CACHE_SECONDS.get(response.headers.get("Cache-Control") ?? "");
    const shareable =
      response.status === 200 &&
      seconds !== undefined &&
      holder.nonce !== undefined &&
      /^text\/html/.test(response.headers.get("Content-Type") ?? "") &&
      !response.headers.has("Set-Cookie");
    if (!shareable) return response;
    const template = await response.text();
    const at = now();
    const cut = inPieces(template, holder.nonce!);
    // Form tokens are the visitor's own; a page without them is the same for everyone once its
    // scripts are allowed by hashes instead of the nonce.
    const hashed = cut.some((piece) => typeof piece === "object" && !Buffer.isBuffer(piece)) ? null : hashedPage(template, holder.nonce!);
    const pieces = hashed ? [Buffer.from(hashed.html)] : cut;
    const ownLengths = ownParts(pieces, site, holder.nonce!, Date.now()).map((own) => own?.byteLength ?? 0);
    const gzipped = compressParts(pieces.map((piece, index) => (Buffer.isBuffer(piece) ? piece : ownLengths[index]!)));
    const keptHeaders = [...response.headers]
      .filter(([name]) => !/^(date|content-length)$/i.test(name) && !isInternalHeader(name))
      .map(([name, value]): [string, string] =>
        hashed && /^content-security-policy$/i.test(name) ? [name, policyWithHashes(value, holder.nonce!, hashed.hashes)] : [name, value],
      );
    // A page of visit times is current until its next time starts, however long that is.
    const changesAt = Number(response.headers.get(PAGE_CHANGES_AT_HEADER) ?? Infinity) || Infinity;
    const page: CachedPage = {
      version,
      expiresAt: Math.min(at + seconds * 1000, nextKoreanMidnight(at), changesAt),
      headers: keptHeaders,
      pieces,
      gzipped,
      ownLengths,
      nonce: hashed ? null : holder.nonce!,
      digest: crypto.createHash("sha256").update(template.replaceAll(holder.nonce!, "")).digest("base64url").slice(0, 22),
      // The Brotli copy to come is counted now, as large as the gzip one (it is smaller).
      size:
        pieces.reduce((total, piece) => total + (Buffer.isBuffer(piece) ? piece.byteLength : 64), 0) +
        gzipped.reduce((total, part) => total + (part?.deflated.byteLength ?? 0), 0) * (hashed ? 2 : 1),
    };
    keep(key, page);
    if (hashed) {
      brotliOnce(pieces[0] as Buffer).then(
        (compressed) => (page.brotli = compressed),
        // Not expected; the page goes on in gzip.
        (error: unknown) => logError(`Brotli of ${key} failed`, error),
      );
    }
    return page;
  }

  return async function servePage(req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) {
    const site = res.locals.site as RequestSite | null;
    if ((req.method !== "GET" && req.method !== "HEAD") || !site || NOT_A_PAGE.test(req.path) || hasSession(req)) return next();
    try {
      const key = cacheKey(req);
      const version = await recentContentVersion(site.slug);
      const landing = await landingCookies(req, site);
      const kept = pages.get(key);
      if (kept && kept.version === version && kept.expiresAt > now()) {
        keep(key, kept);
        return answer(req, res, site, kept, "hit", landing);
      }
      forget(key);
      let pending = rendering.get(key);
      const first = !pending;
      if (!pending) {
        pending = renderShared(req, res, site, key, version).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      const result = await pending;
      if (!(result instanceof Response)) return answer(req, res, site, result, "miss", landing);
      // Not a page to keep (a 404, an article counting its views): the first request answers with
      // it, and any that waited for it are rendered on their own.
      if (!first) return next();
      const headers = new Headers(result.headers);
      if (landing.length > 0) {
        for (const cookie of landing) headers.append("Set-Cookie", cookie);
        headers.set("Cache-Control", CACHE_CONTROL.private);
      }
      const html = /^text\/html/.test(headers.get("Content-Type") ?? "") && req.method !== "HEAD";
      const body = html ? fillFormTokens(site.slug, await result.text()) : result.body;
      await send(res, new Response(body, { status: result.status, statusText: result.statusText, headers }));
    } catch (error) {
      next(error);
    }
  };
}

function answer(req: ExpressRequest, res: ExpressResponse, site: RequestSite, page: CachedPage, state: "hit" | "miss", landing: string[]) {
  const at = Date.now();
  const etag = `W/"${page.digest}.${Math.floor(at / TOKEN_WINDOW_MS).toString(36)}"`;
  const notModified = (req.get("If-None-Match") ?? "").split(",").some((tag) => tag.trim() === etag);
  const nonce = page.nonce === null ? null : crypto.randomBytes(16).toString("base64");
  for (const [name, value] of page.headers) {
    // A 304 carries no policy: the browser keeps the one that came with the copy it holds, whose
    // nonce matches that copy's scripts (a new nonce here would lock them out).
    if (/^content-security-policy$/i.test(name)) {
      if (!notModified) res.setHeader(name, nonce === null ? value : value.replace(`'nonce-${page.nonce}'`, `'nonce-${nonce}'`));
    } else res.append(name, value);
  }
  res.setHeader("ETag", etag);
  res.setHeader("X-Page-Cache", state);
  // Both answers below are the same page: a cache between us and the browser must keep them apart.
  res.vary("Accept-Encoding");
  if (landing.length > 0) {
    for (const cookie of landing) res.append("Set-Cookie", cookie);
    res.setHeader("Cache-Control", CACHE_CONTROL.private);
  }
  if (notModified) {
    res.removeHeader("Content-Type");
    return res.status(304).end();
  }
  const own = ownParts(page.pieces, site, nonce ?? "", at);
  // A page the same for every answer goes in the Brotli made once when it was kept, to a client
  // that takes it. Every browser takes gzip: a page with its own bytes per answer goes so, as
  // Brotli would have to be computed again for every answer (its compressed pieces cannot be
  // joined around new bytes; decision 036). The gzip pieces refer back past the answer's own
  // bytes, so those must be as long as when the page was kept: a token whose time grew a digit
  // goes uncompressed rather than wrong.
  const brotli = page.brotli && req.acceptsEncodings("br") === "br";
  const gzip =
    !brotli &&
    req.acceptsEncodings("gzip", "identity") === "gzip" &&
    own.every((bytes, index) => !bytes || bytes.byteLength === page.ownLengths[index]);
  const chunks = brotli
    ? [page.brotli!]
    : gzip
      ? gzipChunks(page.gzipped.map((part, index) => part ?? own[index]!))
      : page.pieces.map((piece, index) => (Buffer.isBuffer(piece) ? piece : own[index]!));
  if (brotli) res.setHeader("Content-Encoding", "br");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader(
    "Content-Length",
    chunks.reduce((total, chunk) => total + chunk.byteLength, 0),
  );
  if (req.method === "HEAD") return res.end();
  // Written piece by piece under one cork: the kernel gets them in one writev, with no copy of the page.
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  // The compression middleware ends its stream later, through writes this cork would hold back.
  res.uncork();
}

/** An answer's own bytes, its nonce and form tokens, in the places of the page's pieces that differ per answer. */
function ownParts(pieces: Piece[], site: RequestSite, nonce: string, at: number): (Buffer | null)[] {
  return pieces.map((piece) => {
    if (Buffer.isBuffer(piece)) return null;
    if (piece === "nonce") return Buffer.from(`nonce="${nonce}"`);
    const [before, kind, after] = piece.tokenField;
    return Buffer.from(`${before}${issueFormToken(site.slug, kind, at)}${after}`);
  });
}

/**
 * Cuts a page at its form-token fields and nonce attributes, once, so each answer only joins bytes
 * (no search through the page, no text encoding per request).
 */
function inPieces(template: string, nonce: string): Piece[] {
  const places = new RegExp(`${FORM_TOKEN_FIELD.source}|nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`, "g");
  const pieces: Piece[] = [];
  let from = 0;
  for (const match of template.matchAll(places)) {
    pieces.push(Buffer.from(template.slice(from, match.index)));
    pieces.push(match[2] ? { tokenField: [match[1]!, match[2] as LeadKind, match[3]!] } : "nonce");
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(template.slice(from)));
  return pieces;
}

/** The page's URL, its query without campaign parameters and in a fixed order. */
function cacheKey(req: ExpressRequest) {
  if (!req.originalUrl.includes("?")) return `${req.protocol}://${requestHost(req)}${req.originalUrl}`;
  return canonicalUrl(req).href;
}

/** The URL without its campaign parameters: one page for every campaign that links to it. */
function canonicalUrl(req: ExpressRequest): URL {
  const url = requestUrl(req);
  for (const name of [...url.searchParams.keys()]) if (CAMPAIGN_PARAMETER.test(name)) url.searchParams.delete(name);
  url.searchParams.sort();
  return url;
}

/**
 * What the site layout's middleware would set for this visitor: the campaign cookie
 * (app/.server/attribution.ts) and the call line of its channel (app/.server/channels/call-line.ts).
 */
async function landingCookies(req: ExpressRequest, site: RequestSite): Promise<string[]> {
  if (!req.get("Referer") && !/[?&]utm_/i.test(req.originalUrl)) return [];
  const secure = getEnv().NODE_ENV === "production";
  const attribution = landingAttributionCookie({
    url: requestUrl(req).href,
    referer: req.get("Referer"),
    cookieHeader: req.get("Cookie"),
    secure,
  });
  return attribution ? [attribution, await landingCallLineCookie(site.slug, attribution, secure)] : [];
}

function hasSession(req: ExpressRequest) {
  return readCookie(req.get("Cookie"), SESSION_COOKIE) !== undefined;
}

function nextKoreanMidnight(at: number) {
  return kstInstant(addDays(kstDay(new Date(at)), 1), "00:00").getTime();
}
