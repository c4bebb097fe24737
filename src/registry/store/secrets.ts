/**
 * Tokens and secrets are stored only as SHA-256 digests: a leaked database reveals no
 * credential, and a lookup by digest never compares the secret itself byte by byte.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The digest a token is stored and looked up by. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time check of a secret against a stored digest. */
export function secretMatches(secret: string, digest: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(digest, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A new random token of the service's look: base64url text with a prefix naming what it is for. */
export function generateToken(prefix: string): string {
  return `${prefix}.${randomBytes(24).toString('base64url')}`;
}
