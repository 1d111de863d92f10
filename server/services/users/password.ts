import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// Passwords are kept only as a slow, salted hash (OWASP: scrypt N=2^17, r=8, p=1). The parameters are part
// of the stored string ("scrypt$17$8$1$<salt>$<hash>", base64url) so they can be raised later without
// breaking older hashes.

const LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: { logN: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** options.logN;
  // Node's default 32 MiB limit is below what N=2^17, r=8 needs (128 * N * r bytes).
  const scryptOptions: ScryptOptions = { N, r: options.r, p: options.p, maxmem: 256 * N * options.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { logN: LOG2_N, r: R, p: P });
  return ["scrypt", LOG2_N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Constant-time check; an unreadable stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const options = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (![options.logN, options.r, options.p].every((n) => Number.isInteger(n) && n > 0) || options.logN > 20) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), options);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
