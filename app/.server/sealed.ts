import crypto from "node:crypto";
import { getSessionSecret } from "./secret.ts";

/**
 * Text only the server reads back: AES-256-GCM under a key derived from the server's secret, for
 * a copy that must be kept but never shown (a text message with a bearer link, which the outbox
 * stores masked and the worker alone opens; docs/decisions/024-bearer-links-stay-sealed.md). The
 * tag makes a changed copy fail to open rather than open wrong.
 */

const VERSION = "s1";

function sealingKey() {
  return crypto.createHmac("sha256", getSessionSecret()).update("sealed-text:v1").digest();
}

export function sealText(text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The text, or null when it was sealed under another secret (SESSION_SECRET changed) or altered. */
export function unsealText(sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || !iv || body === undefined || !tag) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
