import { maskPhone } from "#app/utils/phone.ts";
import { db } from "../db.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { marketingStanding } from "../sms/advertising.ts";
import { recordWithdrawal, type WithdrawalOutcome } from "./ledger.ts";
import { phoneOfOptOutToken } from "./opt-out-link.ts";

/**
 * The public opt-out page behind a personal link (/{site}/optout/{token}, opt-out-link.ts): it
 * shows the number masked and whether it still receives advertising, and its post withdraws that
 * number's consent ("link" in the ledger). Nothing else is reachable with the token.
 */

export type OptOutPage = { phone: string; withdrawn: boolean };

/** The page for a token of this site, or null for a token we did not make for it. */
export async function optOutPage(site: string, token: string): Promise<OptOutPage | null> {
  const phone = phoneOfOptOutToken(site, token);
  if (!phone) return null;
  return { phone: maskPhone(phone), withdrawn: (await marketingStanding(db(), site, phone)) === "opted-out" };
}

/** Withdraws the number a token names, or answers null for a token we did not make for this site. */
export async function withdrawByLink(site: string, token: string, now = new Date()): Promise<WithdrawalOutcome | null> {
  const phone = phoneOfOptOutToken(site, token);
  if (!phone) return null;
  const result = await recordWithdrawal(db(), { site, phone, via: "link", at: now }, { now });
  if (result.outcome === "withdrawn") wakeOutboxWorker();
  return result;
}
