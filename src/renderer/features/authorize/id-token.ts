/**
 * The client's check of an OpenID Connect id_token (Core §3.1.3.7), each part reported on
 * its own so the timeline can say which one failed: the RS256 signature against the
 * registry's JWKS (jose, on the browser's WebCrypto), the expiry, the issuer (the registry
 * the client exchanged the code with), the audience (the client id) and the nonce the
 * flow sent. Nothing here throws: a token that cannot be read is a failed check.
 */
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';

export interface IdTokenCheck {
  name: 'signature' | 'expiry' | 'issuer' | 'audience' | 'nonce';
  ok: boolean;
  detail: string;
}

export interface IdTokenReport {
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  checks: IdTokenCheck[];
  valid: boolean;
}

export interface IdTokenExpectations {
  issuer: string;
  audience: string;
  /** The nonce the authorize request carried; null when it had none. */
  nonce: string | null;
  /** Now, in ms. */
  now: number;
}

function isKeySet(value: unknown): value is JSONWebKeySet {
  return typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys);
}

/** Checks `token` against the JWKS `keys`; every check is reported, valid only when all pass. */
export async function verifyIdToken(token: string, keys: unknown, expected: IdTokenExpectations): Promise<IdTokenReport> {
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>;
    claims = decodeJwt(token) as Record<string, unknown>;
  } catch (error) {
    const detail = `Not a JWT: ${(error as Error).message}`;
    return { header: null, claims: null, checks: [{ name: 'signature', ok: false, detail }], valid: false };
  }

  const checks: IdTokenCheck[] = [];
  if (!isKeySet(keys)) {
    checks.push({ name: 'signature', ok: false, detail: 'The JWKS could not be read.' });
  } else {
    try {
      await jwtVerify(token, createLocalJWKSet(keys), { algorithms: ['RS256'], currentDate: new Date(expected.now) });
      checks.push({ name: 'signature', ok: true, detail: `RS256 signature valid (key ${String(header.kid)}).` });
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // jose checks the signature before the claims: a claim error means the signature held.
      const signatureHeld = code === 'ERR_JWT_EXPIRED' || code === 'ERR_JWT_CLAIM_VALIDATION_FAILED';
      checks.push(signatureHeld
        ? { name: 'signature', ok: true, detail: `RS256 signature valid (key ${String(header.kid)}).` }
        : { name: 'signature', ok: false, detail: `Signature not valid: ${(error as Error).message}` });
    }
  }
  const exp = typeof claims.exp === 'number' ? claims.exp : undefined;
  checks.push(exp !== undefined && exp * 1000 > expected.now
    ? { name: 'expiry', ok: true, detail: `Valid until ${new Date(exp * 1000).toISOString()}.` }
    : { name: 'expiry', ok: false, detail: exp === undefined ? 'No exp claim.' : `Expired at ${new Date(exp * 1000).toISOString()}.` });
  checks.push(claims.iss === expected.issuer
    ? { name: 'issuer', ok: true, detail: `iss is ${expected.issuer}.` }
    : { name: 'issuer', ok: false, detail: `iss is ${String(claims.iss)}, expected ${expected.issuer}.` });
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  checks.push(audiences.includes(expected.audience)
    ? { name: 'audience', ok: true, detail: `aud is the client id ${expected.audience}.` }
    : { name: 'audience', ok: false, detail: `aud is ${String(claims.aud)}, expected ${expected.audience}.` });
  if (expected.nonce === null) {
    checks.push(claims.nonce === undefined
      ? { name: 'nonce', ok: true, detail: 'No nonce was sent, and none came back.' }
      : { name: 'nonce', ok: false, detail: `A nonce came back (${String(claims.nonce)}) though none was sent.` });
  } else {
    checks.push(claims.nonce === expected.nonce
      ? { name: 'nonce', ok: true, detail: 'The nonce matches the one sent.' }
      : { name: 'nonce', ok: false, detail: `The nonce is ${String(claims.nonce ?? 'missing')}, expected ${expected.nonce}.` });
  }
  return { header, claims, checks, valid: checks.every((check) => check.ok) };
}
