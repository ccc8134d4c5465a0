import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// OWASP's scrypt minimum (N=2^17, r=8, p=1) costs 128 MiB per hash; we keep N=2^15 with a
// 64 MiB ceiling so several logins at once cannot exhaust a small server. Stored with the hash.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * `cost` is scrypt's N, production's unless a caller says otherwise: only the tests' shared account
 * password does (tests/staff.ts), so that their sign-ins do not each pay a real hash's ~100 ms of
 * processor. The cost is stored with the hash, and verifying reads it from there.
 */
export async function hashPassword(password: string, { cost = PARAMS.N }: { cost?: number } = {}): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...PARAMS, N: cost });
  return ["scrypt", cost, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}
