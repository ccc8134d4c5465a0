import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { ErrorRequestHandler, NextFunction, Request, Response } from "express";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { logError } from "#app/.server/log.ts";
import { REQUEST_REFUSALS } from "#app/forms/request-refusals.ts";

/**
 * The server's edge: requests no page of ours can answer are refused here, before the site, the
 * page cache or React Router sees them, with a short answer and one log line without a stack.
 * Each of these used to reach React Router, which could not make a request of them, and answer 500
 * with the stack in the log (and in the page outside production).
 */

/** The methods the site answers: pages, files and form posts. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
const ALLOW = ALLOWED_METHODS.join(", ");

/** One line, no stack, nothing the client sent but its method (a path may carry a booking's key). */
function logRefusal(status: number, method: string, reason: string) {
  console.warn(`Refused ${method.slice(0, 20)} with ${status}: ${reason}`);
}

function refuse(res: Response, status: 400 | 405, method: string, reason: string) {
  logRefusal(status, method, reason);
  if (status === 405) res.set("Allow", ALLOW);
  res
    .status(status)
    .set({ "Cache-Control": CACHE_CONTROL.private, Connection: "close" })
    .type("text/plain; charset=utf-8")
    .send(REQUEST_REFUSALS[status]);
}

/**
 * - A method other than GET, HEAD and POST (TRACE, OPTIONS, PUT, PROPFIND…): 405 with Allow.
 * - A target that is not a path: `*` (for OPTIONS, a 405 above) or anything but an http(s)
 *   absolute URI: 400. An absolute URI names its host (RFC 9112 §3.2.2), which then picks the
 *   site as a Host header does, so one naming another site is a 404 like any unknown host.
 * - No host at all (HTTP/1.0 without Host): 400, but for /healthz, which a load balancer asks by address.
 * - A path whose percent-escapes do not decode ("/%zz"): 400.
 * Running twice (server.js in front of the app, and the app itself) changes nothing the second time.
 */
export function refuseUnusualRequests(req: Request, res: Response, next: NextFunction) {
  if (!ALLOWED_METHODS.includes(req.method)) return refuse(res, 405, req.method, "method not served");
  if (!req.url.startsWith("/")) {
    let target: URL | undefined;
    try {
      target = new URL(req.url);
    } catch {
      // "*" and other forms that are no URL at all.
    }
    if (!target || (target.protocol !== "http:" && target.protocol !== "https:") || target.username || target.password)
      return refuse(res, 400, req.method, "request target is not a path or an http(s) URL");
    req.headers.host = target.host;
    req.url = req.originalUrl = `${target.pathname}${target.search}`;
  }
  const path = req.url.split("?")[0]!;
  if (!req.headers.host && path !== "/healthz") return refuse(res, 400, req.method, "no Host header");
  if (!decodes(path)) return refuse(res, 400, req.method, "path has a malformed percent-escape");
  next();
}

/**
 * Whether the path's percent-escapes decode. The result is used on purpose: the server build
 * drops a bare `decodeURIComponent(path);` statement as a call without effects, try and all.
 */
function decodes(path: string): boolean {
  try {
    return typeof decodeURIComponent(path) === "string";
  } catch {
    return false;
  }
}

/**
 * Whatever still fails: a status an Express middleware set (a 4xx from the static files) is
 * answered as such; anything else is a 500 with a line for the log and never a stack for the client.
 */
export const lastResortErrors: ErrorRequestHandler = (
  error: { status?: unknown; statusCode?: unknown; code?: unknown },
  req,
  res,
  _next,
) => {
  // The browser went away mid-answer (a page left while its files load): nothing failed, and no one is there to answer.
  if (error?.code === "ECONNABORTED") {
    res.destroy();
    return;
  }
  const declared = Number(error?.status ?? error?.statusCode);
  const status = declared >= 400 && declared < 500 ? declared : 500;
  if (status === 500) logError(`${req.method.slice(0, 20)} request failed`, error);
  else logRefusal(status, req.method, error instanceof Error ? error.name : "refused");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .status(status)
    .set("Cache-Control", CACHE_CONTROL.private)
    .type("text/plain; charset=utf-8")
    .send(status === 500 ? REQUEST_REFUSALS[500] : REQUEST_REFUSALS[400]);
};

const STATUS_LINES: Record<number, string> = {
  400: "400 Bad Request",
  405: "405 Method Not Allowed",
  408: "408 Request Timeout",
  431: "431 Request Header Fields Too Large",
};

/** A bare answer written on a socket Node's HTTP parser gave up on (no request object exists). */
function answerSocket(socket: Socket, status: number, headers: string[] = []) {
  if (!socket.writable) return socket.destroy();
  socket.end(`HTTP/1.1 ${STATUS_LINES[status]}\r\n${[...headers, "Connection: close", "Content-Length: 0"].join("\r\n")}\r\n\r\n`);
}

/**
 * What Node answers before Express: a request line or header it cannot parse (400, as Node does,
 * now with a log line naming the parser's reason), and CONNECT, which Node hands to a "connect"
 * listener or else drops without a word: 405.
 */
export function answerAtTheEdge(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || error.code === "EPIPE") return socket.destroy();
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return answerSocket(socket, 408);
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    console.warn(`Refused an unreadable request with ${status}: ${error.code ?? error.message}`);
    answerSocket(socket, status);
  });
  server.on("connect", (_req, socket: Socket) => {
    logRefusal(405, "CONNECT", "method not served");
    answerSocket(socket, 405, [`Allow: ${ALLOW}`]);
  });
}
