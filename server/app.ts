import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { setUpDatabase } from "#app/.server/set-up.ts";
import { clientAddress, clientAddressContext } from "#app/.server/client-address.ts";
import { getEnv } from "#app/.server/env.ts";
import { startOutboxWorker } from "#app/.server/outbox/worker.ts";
import { startRetentionTimer } from "#app/.server/retention.ts";
import { smsProviderFromEnv } from "#app/.server/sms/provider.ts";
import { startVisitReminders } from "#app/.server/visits/reminders.ts";

// The server bundle's entry (see vite.config.ts): server.js imports this from the build in
// production and through Vite in development, so app code is loaded exactly once either way.
export { baselineSecurityHeaders, FILE_CSP } from "#app/.server/http.ts";

/** The web server's boot: the database, then the SMS outbox worker, which stops before the database closes. */
export async function boot() {
  const booted = await setUpDatabase();
  const worker = startOutboxWorker({ provider: smsProviderFromEnv(booted.env) });
  // Deletes leads past the consent text's retention period, shortly after boot and then daily.
  const retention = startRetentionTimer();
  // Queues the day-before reminder of visit bookings.
  const reminders = startVisitReminders();
  return {
    ...booted,
    async shutdown() {
      await Promise.all([worker.stop(), retention.stop(), reminders.stop()]);
      await booted.shutdown();
    },
  };
}

export const app = express();
app.disable("x-powered-by");

/** A refused post's body is read and dropped up to this size; past it the connection is closed. */
const UNREAD_BODY_MAX = 1024 * 1024;

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req) {
      const context = new RouterContextProvider();
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
  }),
);
