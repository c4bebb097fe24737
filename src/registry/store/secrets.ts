/**
 * Tokens and secrets are stored only as SHA-256 digests: a leaked database reveals no
 * credential, and a lookup by digest never compares the secret itself byte by byte.
 */
import { hash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';

/** The digest a token is stored and looked up by. */
export function hashSecret(secret: string): string {
  // One-shot: a fifth of createHash's cost, and every request's token is hashed.
  return hash('sha256', secret, 'hex');
}

/** Constant-time check of a secret against a stored digest. */
export function secretMatches(secret: string, digest: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(digest, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * A new token of the service's look: the base64 of the id it belongs to, a dot, and a
 * random secret. (Never a prefix like "bot.": discord.js strips a leading "Bot" from tokens.)
 */
export function generateToken(subjectId: string): string {
  return `${Buffer.from(subjectId).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
}

/** A new random client secret. */
export function generateSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** Random bytes drawn 4 KiB at a time: one call into the system's generator per token was 3% of an interaction's path to its app. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `size` fresh random bytes (each byte of the pool is handed out once), in base64url. */
export function randomText(size: number): string {
  if (size > pool.length) return randomBytes(size).toString('base64url');
  if (used + size > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += size;
  return pool.toString('base64url', used - size, used);
}
