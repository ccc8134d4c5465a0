import express from "express";
import { RouterContextProvider } from "react-router";
import { clientAddress, clientAddressContext } from "#app/.server/client-address.ts";
import { getEnv } from "#app/.server/env.ts";
import { siteContext, type RequestSite } from "#app/.server/site.ts";
import { lastResortErrors, refuseUnusualRequests } from "./edge.ts";
import { pageCache } from "./page-cache.ts";
import { uploadBodyLimits } from "./body-limits.ts";
import { bodyErrors, reactRouterHandler, reactRouterRenderer, readBody, refuseCrossSitePosts, resolveSite } from "./request-handler.ts";

/**
 * The Express app in front of React Router: request bodies within their limits, the client's
 * address, the page cache, then the routes. `build` is the server build (the virtual module in production and
 * development; tests/app-build.ts in the integration tests), loaded once unless `reloadBuild` (development) asks
 * for it on every request.
 */
export function createApp(
  build: Parameters<typeof reactRouterRenderer>[0]["build"],
  { reloadBuild = false }: { reloadBuild?: boolean } = {},
) {
  const app = express();
  app.disable("x-powered-by");
  /** A refused post's body is read and dropped up to this size; past it the connection is closed. */
  const UNREAD_BODY_MAX = 1024 * 1024;

  // Methods and request targets no page answers (TRACE, OPTIONS *, another site's absolute URI,
  // no Host) are refused before anything reads them.
  app.use(refuseUnusualRequests);

  // A route may answer before it has read the request body (a post refused with 403 or 405). What
  // is left of the body would then stay on the keep-alive connection and stall the next request on
  // it until the connection times out; it is read and dropped instead, as Node does for a body
  // nobody started to read.
  app.use((req, res, next) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      let dropped = 0;
      req.removeAllListeners("data");
      req.on("data", (chunk: Buffer) => {
        dropped += chunk.byteLength;
        if (dropped > UNREAD_BODY_MAX) req.socket.destroy();
      });
      req.resume();
    });
    next();
  });

  // Behind TRUST_PROXY proxies, Express rebuilds the URL from X-Forwarded-Proto/-Host, so React
  // Router's check that a form post's Origin matches the URL holds behind a TLS-terminating proxy.
  // Set on the first request: the configuration is validated at boot, after this module loads.
  app.use((_req, _res, next) => {
    if (app.get("trust proxy") !== getEnv().TRUST_PROXY) app.set("trust proxy", getEnv().TRUST_PROXY);
    next();
  });

  // The site is the host's; a host no site claims is a 404 (but for /healthz).
  app.use(resolveSite);

  // A post another site's page made (a form or a script posting through its visitors' browsers)
  // is refused before its body is read: lead forms, bookings, sign-in and the console alike.
  app.use(refuseCrossSitePosts);

  const render = reactRouterRenderer({
    build,
    reloadBuild,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(siteContext, res.locals.site as RequestSite | null);
      context.set(
        clientAddressContext,
        clientAddress({
          socketAddress: req.socket.remoteAddress,
          forwardedFor: req.headers["x-forwarded-for"],
          trustProxy: getEnv().TRUST_PROXY,
        }),
      );
      return context;
    },
  });
  // Pages that are the same for every visitor, from memory until what they show changes. Made on
  // the first request, as the configuration is validated at boot, after this module loads.
  let servePage: ReturnType<typeof pageCache> | null | undefined;
  app.use((req, res, next) => {
    servePage ??= getEnv().PAGE_CACHE_MB > 0 ? pageCache({ render, maxBytes: getEnv().PAGE_CACHE_MB * 1024 * 1024 }) : null;
    if (servePage) return servePage(req, res, next);
    next();
  });

  // Bodies are read up to their limit before anything parses them (413 past it).
  // The console's uploads take their kind's limit (server/body-limits.ts), only for a signed-in
  // account that may post to them; anyone else's body is read to the default limit.
  app.use(readBody(uploadBodyLimits()));
  app.use(reactRouterHandler(render));
  app.use(bodyErrors);
  app.use(lastResortErrors);
  return app;
}
