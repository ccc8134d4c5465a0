import crypto from "node:crypto";
import { and, eq, isNull, or, lt } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { db, type Executor } from "../db.ts";
import { admins, recoveryCodes } from "../schema.ts";

/**
 * The second factor every account signs in with: a one-time password (TOTP, RFC 6238: six digits,
 * 30 seconds, SHA-1, which every authenticator app speaks), enrolled with a QR code or the key as
 * text, and ten one-time recovery codes for a lost phone, kept as SHA-256 hashes.
 */

const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, label = "") {
  return new TOTP({
    issuer: "분양 관리자",
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** A fresh key (160 bits, base32) for enrolment; stored only once a code from it is confirmed. */
export function newTotpSecret() {
  return new Secret({ size: 20 }).base32;
}

/**
 * What the enrolment page shows: the otpauth:// URI (an app on the same phone opens it), the QR
 * code drawn from that same URI (an SVG), and the key in groups of four for typing by hand.
 */
export async function enrolmentOf(secret: string, { email, issuer }: { email: string; issuer: string }) {
  const uri = new TOTP({
    issuer,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  }).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { uri, qrSvg, keyGroups: secret.match(/.{1,4}/g)! };
}

/** The 30-second step a code belongs to, if it is right for now (one step either side, for clock drift); null otherwise. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const digits = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totp(secret).validate({ token: digits, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Accepts a code for an enrolled account, once: the step is recorded, and a code of that step or
 * an earlier one is refused afterwards (someone who saw it on the screen cannot use it again).
 */
export async function acceptTotp(adminId: number, code: string, now = Date.now()): Promise<boolean> {
  const [admin] = await db().select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, adminId));
  if (!admin?.secret) return false;
  const step = totpStep(admin.secret, code, now);
  if (step === null) return false;
  const claimed = await db()
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return claimed.length > 0;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** "k7hx-2mqa-9tbe": 60 random bits, in an alphabet without look-alikes (0/o, 1/l/i). */
function newRecoveryCode() {
  const bytes = crypto.randomBytes(12);
  const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8, 12)}`;
}

const hashCode = (code: string) =>
  crypto
    .createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("hex");

/** Replaces an account's recovery codes with ten new ones; answers them (shown once, never stored readable). */
export async function replaceRecoveryCodes(executor: Executor, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
  await executor.insert(recoveryCodes).values(codes.map((code) => ({ adminId, codeHash: hashCode(code) })));
  return codes;
}

/** Spends a recovery code: true once per code. */
export async function acceptRecoveryCode(adminId: number, code: string, now = new Date()): Promise<boolean> {
  if (code.replace(/[^a-zA-Z0-9]/g, "").length !== 12) return false;
  const used = await db()
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.adminId, adminId), eq(recoveryCodes.codeHash, hashCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** How many unused recovery codes an account has left. */
export async function recoveryCodesLeft(adminId: number) {
  const rows = await db()
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
