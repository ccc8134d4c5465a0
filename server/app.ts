import { startCampaignPacer } from "#app/.server/campaigns/pacing.ts";
import { setUpDatabase } from "#app/.server/set-up.ts";
import { startReconfirmationNotices } from "#app/.server/consent/reconfirmation.ts";
import { startImageWorker } from "#app/.server/content/image-jobs.ts";
import { startOutboxWorker } from "#app/.server/outbox/worker.ts";
import { startRecyclingTimer } from "#app/.server/leads/recycling.ts";
import { startRetentionTimer } from "#app/.server/retention.ts";
import { smsProviderFromEnv } from "#app/.server/sms/provider.ts";
import { startSpamRecordsPruning } from "#app/.server/spam.ts";
import { startVisitReminders } from "#app/.server/visits/reminders.ts";
import { createApp } from "./create-app.ts";

// The server bundle's entry (see vite.config.ts): server.js imports this from the build in
// production and through Vite in development, so app code is loaded exactly once either way.
export { baselineSecurityHeaders, FILE_CSP } from "#app/.server/http.ts";
export { answerAtTheEdge, lastResortErrors, refuseUnusualRequests } from "./edge.ts";

/** The web server's boot: the database, then the SMS outbox and image workers, which stop before the database closes. */
export async function boot() {
  const booted = await setUpDatabase();
  const worker = startOutboxWorker({ provider: smsProviderFromEnv(booted.env) });
  // Deletes leads past the consent text's retention period, shortly after boot and then daily.
  const retention = startRetentionTimer();
  // Queues the day-before reminder of visit bookings.
  const reminders = startVisitReminders();
  // Sends the two-year reconfirmation notice of each consent to advertising that reaches it.
  const reconfirmation = startReconfirmationNotices();
  // Encodes uploaded images (their variants) off the request path.
  const images = startImageWorker();
  // Moves campaign texts into the outbox a batch at a time.
  const campaigns = startCampaignPacer();
  // Gives leads left untouched past a site's recycling period back to the unassigned inbox, hourly.
  const recycling = startRecyclingTimer();
  // Forgets ended rate-limit windows and expired form tokens, hourly.
  const spamRecords = startSpamRecordsPruning();
  return {
    ...booted,
    async shutdown() {
      await Promise.all([
        worker.stop(),
        retention.stop(),
        reminders.stop(),
        reconfirmation.stop(),
        images.stop(),
        campaigns.stop(),
        recycling.stop(),
        spamRecords.stop(),
      ]);
      await booted.shutdown();
    },
  };
}

export const app = createApp(() => import("virtual:react-router/server-build"), { reloadBuild: import.meta.env.DEV });
