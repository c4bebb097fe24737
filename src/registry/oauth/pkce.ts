/**
 * PKCE (RFC 7636) with S256 only: the "plain" method would send the verifier itself
 * through the browser, which is what PKCE exists to avoid (api-facts.md: only S256).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** An S256 challenge: base64url of a SHA-256 digest, 43 characters without padding. */
export function isCodeChallenge(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** A verifier's shape: 43-128 unreserved characters (RFC 7636 §4.1). */
export function isCodeVerifier(value: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(value);
}

/** The S256 challenge of a verifier. */
export function codeChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `verifier` answers `challenge`, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!isCodeVerifier(verifier)) return false;
  const given = Buffer.from(codeChallengeOf(verifier), 'ascii');
  const expected = Buffer.from(challenge, 'ascii');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
