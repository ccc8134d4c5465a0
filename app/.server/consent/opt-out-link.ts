import crypto from "node:crypto";
import { getSessionSecret } from "../secret.ts";

/**
 * The personal opt-out link a text carries (/{site}/optout/{token}): whoever opens it may withdraw
 * that one phone's consent at that site, and nothing else. The token is the phone sealed with
 * AES-256-GCM under a key of its own derived from the server's secret, the site bound in as
 * associated data, so the number is not in the address, a token made for one site does not open on
 * another, and a changed or invented token does not open at all. The nonce is derived from the
 * site and phone (the SIV construction: the same nonce only ever seals the same text), so each phone
 * has one link, however many texts carry it.
 */

const VERSION = "o1";

function keys() {
  const secret = getSessionSecret();
  return {
    sealing: crypto.createHmac("sha256", secret).update("opt-out-link:seal:v1").digest(),
    nonce: crypto.createHmac("sha256", secret).update("opt-out-link:nonce:v1").digest(),
  };
}

export function optOutToken(site: string, phone: string): string {
  const { sealing, nonce } = keys();
  const iv = crypto.createHmac("sha256", nonce).update(`${site}\n${phone}`).digest().subarray(0, 12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealing, iv);
  cipher.setAAD(Buffer.from(site, "utf8"));
  const sealed = Buffer.concat([cipher.update(phone, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The phone a token of this site names, or null for anything we did not make for this site. */
export function phoneOfOptOutToken(site: string, token: string): string | null {
  if (!token.startsWith(VERSION) || !/^[A-Za-z0-9_-]{40,80}$/.test(token)) return null;
  const bytes = Buffer.from(token.slice(VERSION.length), "base64url");
  if (bytes.length < 12 + 16 + 8) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keys().sealing, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(site, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const phone = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
    return /^\d{8,16}$/.test(phone) ? phone : null;
  } catch {
    return null;
  }
}

/** The link a text to this phone carries, on the site's own origin. */
export function optOutLinkFor(origin: string, site: string, phone: string): string {
  return `${origin.replace(/\/$/, "")}/${site}/optout/${optOutToken(site, phone)}`;
}
