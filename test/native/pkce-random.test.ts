import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { native, thrown } from './native.js';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;

const referenceChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

describe('computeCodeChallenge (RFC 7636 S256)', () => {
  it('gives the RFC 7636 appendix B challenge', () => {
    expect(native.computeCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toEqual({
      challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      method: 'S256',
    });
  });

  it('accepts 43 and 128 characters using every unreserved character', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
    const min = alphabet.slice(0, 43);
    const max = (alphabet + alphabet).slice(0, 128);
    expect(native.computeCodeChallenge(min).challenge).toBe(referenceChallenge(min));
    expect(native.computeCodeChallenge(max).challenge).toBe(referenceChallenge(max));
    const punctuation = '-._~'.repeat(11);
    expect(native.computeCodeChallenge(punctuation).challenge).toBe(referenceChallenge(punctuation));
  });

  it('refuses verifiers of the wrong length or alphabet with TypeError', () => {
    const bad = [
      '',
      'a'.repeat(42),
      'a'.repeat(129),
      `${'a'.repeat(42)}+`,
      `${'a'.repeat(42)}/`,
      `${'a'.repeat(42)}=`,
      `${'a'.repeat(42)} `,
      `${'a'.repeat(42)}é`,
      `${'a'.repeat(42)}\u0000`,
    ];
    for (const verifier of bad) {
      const error = thrown(() => native.computeCodeChallenge(verifier));
      expect(error, JSON.stringify(verifier)).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_INVALID_ARG_VALUE');
      expect(error.message).toContain('43 to 128 characters');
    }
  });

  it('refuses non-strings and wrong counts with TypeError', () => {
    for (const value of [undefined, null, 43, Buffer.from('a'.repeat(43)), {}]) {
      const error = thrown(() => native.computeCodeChallenge(value as unknown as string));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_INVALID_ARG_TYPE');
    }
    expect(thrown(() => (native.computeCodeChallenge as () => unknown)()).code).toBe('ERR_MISSING_ARGS');
  });
});

describe('createAuthorizationCodeVerifier', () => {
  it('returns a 43-character unreserved verifier and its S256 challenge', () => {
    for (let i = 0; i < 1_000; i++) {
      const created = native.createAuthorizationCodeVerifier();
      expect(Object.keys(created).sort()).toEqual(['challenge', 'verifier']);
      expect(created.verifier).toHaveLength(43);
      expect(created.verifier).toMatch(UNRESERVED);
      expect(created.verifier).toMatch(BASE64URL_43);
      expect(created.challenge.method).toBe('S256');
      expect(created.challenge.challenge).toMatch(BASE64URL_43);
      expect(created.challenge.challenge).toBe(referenceChallenge(created.verifier));
      expect(native.computeCodeChallenge(created.verifier)).toEqual(created.challenge);
    }
  });

  it('never repeats over 10,000 verifiers and uses the whole alphabet', () => {
    const verifiers = new Set<string>();
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const { verifier } = native.createAuthorizationCodeVerifier();
      verifiers.add(verifier);
      // The first 42 characters carry 6 random bits each; the last only 2.
      for (const c of verifier.slice(0, 42)) seen.add(c);
    }
    expect(verifiers.size).toBe(10_000);
    expect(seen.size).toBe(64);
  });

  it('takes no arguments', () => {
    const error = thrown(() => (native.createAuthorizationCodeVerifier as (x: number) => unknown)(1));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.code).toBe('ERR_SLASHBENCH_TOO_MANY_ARGS');
  });
});

describe('generateState / generateNonce', () => {
  it('return 43 base64url characters, different on every call', () => {
    const values = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const state = native.generateState();
      const nonce = native.generateNonce();
      expect(state).toMatch(BASE64URL_43);
      expect(nonce).toMatch(BASE64URL_43);
      values.add(state);
      values.add(nonce);
    }
    expect(values.size).toBe(10_000);
  });
});

describe('secureRandomBytes (the OS source)', () => {
  it('returns Buffers of the requested length that differ between calls', () => {
    expect(native.secureRandomBytes(0)).toEqual(Buffer.alloc(0));
    const a = native.secureRandomBytes(32);
    const b = native.secureRandomBytes(32);
    expect(Buffer.isBuffer(a)).toBe(true);
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(false);
  });

  it('produces byte values spread evenly (chi-square over 65,536 bytes)', () => {
    const bytes = native.secureRandomBytes(65_536);
    const counts = new Array<number>(256).fill(0);
    for (const byte of bytes) counts[byte] = (counts[byte] ?? 0) + 1;
    const expected = bytes.length / 256;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 255 degrees of freedom: mean 255, sd about 22.6. 400 is more than 6 sd away.
    expect(chiSquare).toBeLessThan(400);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('refuses bad lengths with TypeError', () => {
    for (const bad of [-1, 1.5, 65_537, Number.NaN, Infinity]) {
      const error = thrown(() => native.secureRandomBytes(bad));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_INVALID_ARG_VALUE');
    }
    const wrongType = thrown(() => native.secureRandomBytes('8' as unknown as number));
    expect(wrongType).toBeInstanceOf(TypeError);
    expect(wrongType.code).toBe('ERR_INVALID_ARG_TYPE');
  });
});

describe('default scopes', () => {
  it('match Client::GetDefaultCommunicationScopes / GetDefaultPresenceScopes', () => {
    expect(native.getDefaultCommunicationScopes()).toBe('openid sdk.social_layer');
    expect(native.getDefaultPresenceScopes()).toBe('openid sdk.social_layer_presence');
  });
});
