import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Random text over a lowercase base32 alphabet (unambiguous and URL-safe). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE32[byte & 31];
  return out;
}

export function newKeyPrefix(): string {
  return `ck_${randomToken(10)}`;
}

export function newKeySecret(): string {
  return randomToken(40);
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/**
 * SHA-256 over salt and secret. The secret is 40 random base32 characters (200 bits), so a fast
 * hash is enough: slow hashes defend guessable passwords, and would cost every request.
 */
export function hashSecret(salt: string, secret: string): string {
  return createHash('sha256').update(salt).update(secret).digest('hex');
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(salt: string, hash: string, secret: string): boolean {
  const presented = Buffer.from(hashSecret(salt, secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** Constant-time equality of two strings (for the admin token). */
export function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
