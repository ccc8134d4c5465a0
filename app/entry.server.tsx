import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { getEnv } from "#app/.server/env.ts";
import { fillFormTokens } from "#app/.server/form-tokens.ts";
import { documentAllowancesContext, documentCsp, sharedRenderContext } from "#app/.server/http.ts";
import { loggablePath, logError } from "#app/.server/log.ts";
import { analyticsContext } from "#app/.server/content/site-settings.ts";
import { frameOrigins, siteContext } from "#app/.server/site.ts";
import { NonceProvider } from "#app/utils/nonce.tsx";
import { deferredPartsLoaded } from "#app/components/defer-until-near.tsx";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const site = loadContext.get(siteContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  await deferredPartsLoaded();
  const nonce = crypto.randomBytes(16).toString("base64");
  // A page the cache keeps for everyone gets its nonce and tokens replaced in every response
  // (server/page-cache.ts), so it reports its nonce and keeps the token placeholders.
  const shared = loadContext.get(sharedRenderContext);
  if (shared) shared.nonce = nonce;

  return new Promise<Response>((resolve, reject) => {
    const timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // Pages carry no deferred data, so every visitor (and every crawler) gets the complete
    // document in one piece, with its final status code.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React outlines a Suspense boundary past its first 12.8 KB (sent hidden, revealed by a
        // script) so a stream can show something early; this document is sent whole, and must read
        // the same without JavaScript, so every boundary stays in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timeoutId);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            documentCsp({
              nonce,
              frameOrigins: site ? frameOrigins(site.pack) : [],
              production: getEnv().NODE_ENV === "production",
              analytics: loadContext.get(analyticsContext),
              allowances: loadContext.get(documentAllowancesContext),
            }),
          );
          // The whole document is ready: read it, give each form its own fresh token, answer it.
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            const html = Buffer.concat(chunks).toString("utf8");
            resolve(
              new Response(site && !shared ? fillFormTokens(site.slug, html) : html, {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // An error boundary passing a 4xx answer up (the site layout does when its own data is
          // missing) is not a failure of ours, and logging it would let anyone fill the log.
          if (isRouteErrorResponse(error) && error.status < 500) return;
          responseStatusCode = 500;
          logError(`Error while rendering ${loggablePath(request.url)}`, error);
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
  logError(`Error while handling ${request.method} ${loggablePath(request.url)}`, error);
};
