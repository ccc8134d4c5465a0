import { writeReadableStreamToWritable } from "@react-router/node";
import express, { type ErrorRequestHandler, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider } from "react-router";
import { CROSS_SITE_MESSAGE, postSource } from "#app/.server/csrf.ts";
import { CACHE_CONTROL, isInternalHeader, sharedRenderContext } from "#app/.server/http.ts";
import { getEnv } from "#app/.server/env.ts";
import { servedSites, siteForHost, type RequestSite } from "#app/.server/site.ts";
import { unknownHostPage } from "./unknown-host.ts";

/**
 * Express in front of React Router. We do what @react-router/express does, with one change: the
 * request body is read by body-parser first, up to the route's limit, so a body too large is
 * refused with 413 before anything parses it (a 90 MB post to the sign-in form used to be read
 * whole), and React Router's actions get the bytes already in memory.
 */

/** Every route that reads a body takes at most this much (forms, sign-in, notes); uploads say their own (server/body-limits.ts). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface BodyLimit {
  /** The bytes a post to this path may send, or undefined for a path the rule is not about. */
  bytesFor(path: string): number | undefined;
  /**
   * Applies only to a request this answers true for, asked before a byte of the body is read;
   * any other request to the path gets the next matching limit (in the end the default).
   */
  only?: (req: ExpressRequest, res: ExpressResponse) => Promise<boolean>;
}

/** Reads the body of any request that has one, into req.body, refusing one past its path's limit with 413. */
export function readBody(limits: BodyLimit[] = []) {
  const readers = new Map<number, ReturnType<typeof bodyReader>>();
  const readerOf = (maxBytes: number) => {
    if (!readers.has(maxBytes)) readers.set(maxBytes, bodyReader(maxBytes));
    return readers.get(maxBytes)!;
  };
  return async (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    try {
      for (const rule of limits) {
        const maxBytes = rule.bytesFor(req.path);
        if (maxBytes === undefined) continue;
        if (rule.only && (READS_ONLY.has(req.method) || !(await rule.only(req, res)))) continue;
        return readerOf(maxBytes)(req, res, next);
      }
      return readerOf(DEFAULT_BODY_LIMIT)(req, res, next);
    } catch (error) {
      next(error);
    }
  };
}

function bodyReader(maxBytes: number) {
  const raw = express.raw({ type: () => true, limit: maxBytes });
  // A body declared too large is refused unread. body-parser would read it to the end (to keep
  // the connection usable) before answering; the hook in create-app.ts drops at most 1 MB of it
  // and then closes the connection.
  return (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    const declared = Number.parseInt(req.get("Content-Length") ?? "", 10);
    if (declared > maxBytes) return next(Object.assign(new Error("request entity too large"), { status: 413, type: "entity.too.large" }));
    raw(req, res, next);
  };
}

const BODY_MESSAGES: Record<number, string> = {
  413: "보내신 내용이 너무 큽니다. 내용을 줄여 다시 시도해 주세요.",
  415: "보내신 내용의 형식을 처리할 수 없습니다.",
  400: "요청을 처리할 수 없습니다.",
};

const READS_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

/** The port ending a host value ("localhost:3000", "[::1]:3000": an IPv6 address has colons of its own), of its first entry. */
function portOf(host: string | undefined): string | undefined {
  return /:(\d+)$/.exec(host?.split(",")[0]!.trim() ?? "")?.[1];
}

/**
 * The host the request names, host[:port] without a default port: the client's Host header, or
 * behind TRUST_PROXY proxies the X-Forwarded-Host they set (Express decides which).
 */
export function requestHost(req: ExpressRequest): string {
  const forwarded = req.app.enabled("trust proxy") ? portOf(req.get("X-Forwarded-Host")) : undefined;
  const port = [forwarded, portOf(req.get("host"))].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  // No Host at all reaches here only for /healthz (server/edge.ts refuses it elsewhere).
  if (!req.hostname) return "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}`).host;
  } catch {
    return "";
  }
}

/**
 * Picks the site from the request's host (app/.server/site.ts) into res.locals.site. A host no
 * site claims gets a 404 — no site is shown to a stranger's domain — except /healthz, which a load
 * balancer asks by address. In production the 404 is bare; elsewhere it is a short page naming the
 * addresses that do work (someone opened a local run at another address).
 */
export function resolveSite(req: ExpressRequest, res: ExpressResponse, next: () => void) {
  const host = requestHost(req);
  const site = siteForHost(host);
  res.locals.site = site ?? null;
  if (site || req.path === "/healthz") return next();
  res.status(404).set("Cache-Control", "no-store");
  if (getEnv().NODE_ENV === "production") res.type("text/plain; charset=utf-8").send("Not Found");
  else res.type("text/html; charset=utf-8").send(unknownHostPage(host, servedSites()));
}

/** Refuses with 403 a request that changes something and says it came from another site (app/.server/csrf.ts). */
export function refuseCrossSitePosts(req: ExpressRequest, res: ExpressResponse, next: () => void) {
  const site = res.locals.site as RequestSite | null;
  if (
    READS_ONLY.has(req.method) ||
    !site ||
    postSource({ headers: { get: (name) => req.get(name) ?? null } }, site.origins) !== "cross-site"
  )
    return next();
  res.status(403).set({ "Cache-Control": CACHE_CONTROL.private, Connection: "close" });
  if (req.path.startsWith("/actions/") || req.accepts(["html", "json"]) === "json")
    res.json({ ok: false, message: CROSS_SITE_MESSAGE, errors: {} });
  else res.type("text/plain; charset=utf-8").send(CROSS_SITE_MESSAGE);
}

/** body-parser's refusals (too large, bad encoding, aborted) as short answers, JSON to scripts, text to pages. */
export const bodyErrors: ErrorRequestHandler = (error: { status?: number; type?: string }, req, res, next) => {
  const status = error.status;
  if (!status || !(status in BODY_MESSAGES) || typeof error.type !== "string") return next(error);
  const message = BODY_MESSAGES[status]!;
  res.status(status).set("Cache-Control", CACHE_CONTROL.private);
  if (status === 413) res.set("Connection", "close");
  if (req.path.startsWith("/actions/") || req.accepts(["html", "json"]) === "json") res.json({ ok: false, message, errors: {} });
  else res.type("text/plain; charset=utf-8").send(message);
};

type BuildSource = Parameters<typeof createRequestHandler>[0];

/**
 * Renders a request with React Router. By default the request as Express received it; the page
 * cache passes a request of its own (no cookies, no campaign parameters) and a holder that the
 * document fills with its nonce, for a page it may keep for everyone (server/page-cache.ts).
 */
export type RenderRequest = (
  req: ExpressRequest,
  res: ExpressResponse,
  shared?: { request: Request; holder: { nonce?: string } },
) => Promise<Response>;

export function reactRouterRenderer({
  build,
  getLoadContext,
  reloadBuild = false,
}: {
  build: BuildSource;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** Development: every request takes the build as it is now, after an edit. */
  reloadBuild?: boolean;
}): RenderRequest {
  const handleRequest = reloadBuild ? createRequestHandler(build, process.env.NODE_ENV) : handlerOfFixedBuild(build);
  return (req, res, shared) => {
    const context = getLoadContext(req, res);
    if (!shared) return handleRequest(webRequest(req, res), context);
    context.set(sharedRenderContext, shared.holder);
    return handleRequest(shared.request, context);
  };
}

/**
 * React Router's handler for a build that never changes. Handed a function, React Router calls it
 * and derives its route tables again on every request (so that development sees an edit): in
 * production that was an eighth of the server's processor time for a lead post. The build is loaded on the first
 * request, as before (its modules may read the configuration, validated at boot), and once.
 */
function handlerOfFixedBuild(build: BuildSource): ReturnType<typeof createRequestHandler> {
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  const derive = async () => createRequestHandler(typeof build === "function" ? await build() : build, process.env.NODE_ENV);
  return async (request, context) => {
    // A build that failed to load is tried again by the next request, as React Router would.
    handler ??= derive().catch((error: unknown) => {
      handler = undefined;
      throw error;
    });
    return (await handler)(request, context);
  };
}

/** React Router for every request Express passes on, with the body read by readBody(). */
export function reactRouterHandler(render: RenderRequest) {
  return async (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    try {
      await send(res, await render(req, res));
    } catch (error) {
      next(error);
    }
  };
}

/** The URL a request names, on the host it asked for. */
export function requestUrl(req: ExpressRequest): URL {
  return new URL(`${req.protocol}://${requestHost(req) || "localhost"}${req.originalUrl}`);
}

function webRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const body = Buffer.isBuffer(req.body) && req.method !== "GET" && req.method !== "HEAD" ? new Uint8Array(req.body) : undefined;
  return new Request(url, { method: req.method, headers, body, signal: controller.signal });
}

export async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) if (!isInternalHeader(name)) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
