import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** The shortest password the desk accepts (add-user, demo accounts). */
export const MIN_PASSWORD_LENGTH = 12;

// scrypt's memory-hard cost: N = 2^15 with r = 8 takes 32 MiB and about 100 ms per hash, which
// makes guessing offline expensive while a sign-in still feels instant.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  const N = params.N ?? PARAMS.N;
  const r = params.r ?? PARAMS.r;
  // node's default maxmem (32 MiB) is just under what N = 2^15, r = 8 needs.
  const maxmem = 128 * N * r * 2;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with scrypt and a random salt: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')]
    .map(String)
    .join('$');
}

/**
 * Whether `password` matches a hash from {@link hashPassword}, compared in constant time. A
 * malformed hash is a mismatch, never an error a caller could tell apart.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) {
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  }).catch(() => null);
  return key !== null && key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | null = null;

/**
 * Spends the same time as checking a real password, for a sign-in with an unknown email: the
 * answer's timing then does not tell which emails have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(18).toString('base64'));
  await verifyPassword(password, await dummy);
  return false;
}
