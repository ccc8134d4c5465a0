import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { getEnv } from "#app/.server/env.ts";
import { documentCsp } from "#app/.server/http.ts";
import { frameOrigins } from "#app/.server/site.ts";
import { NonceProvider } from "#app/utils/nonce.tsx";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = crypto.randomBytes(16).toString("base64");

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // Pages carry no deferred data, so every visitor (and every crawler) gets the complete
    // document in one piece, with its final status code.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            documentCsp({ nonce, frameOrigins: frameOrigins(), production: getEnv().NODE_ENV === "production" }),
          );
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // An error boundary passing a 4xx answer up (the site layout does when its own data is
          // missing) is not a failure of ours, and logging it would let anyone fill the log.
          if (isRouteErrorResponse(error) && error.status < 500) return;
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a visitor navigating away) are not errors of ours, nor are the client's
  // mistakes React Router answers itself (a post to a page without a form: 405); logging those
  // would let anyone fill the log with stack traces.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(`Error while handling ${request.method} ${new URL(request.url).pathname}:`, error);
};
