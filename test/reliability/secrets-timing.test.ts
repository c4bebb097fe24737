/**
 * Secrets compared in constant time. Tokens are looked up by their digest (an index lookup
 * never walks the secret byte by byte); where a secret the caller sent is compared with a
 * stored value (client secrets, PKCE verifiers, attachment keys), the comparison is
 * `crypto.timingSafeEqual` over two buffers of equal length, which these tests watch by
 * wrapping it, through the helpers and through the routes that use them.
 */
import type * as Crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const watched = vi.hoisted(() => ({ calls: [] as Array<[number, number]> }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return {
    ...actual,
    timingSafeEqual: (left: NodeJS.ArrayBufferView, right: NodeJS.ArrayBufferView) => {
      watched.calls.push([left.byteLength, right.byteLength]);
      return actual.timingSafeEqual(left, right);
    },
  };
});

const { verifierMatches, codeChallengeOf } = await import('../../src/registry/oauth/pkce.js');
const { hashSecret, secretMatches } = await import('../../src/registry/store/secrets.js');
const { accessWorld } = await import('../helpers/access-world.js');
const { form, CLIENT_SECRET } = await import('../helpers/oauth.js');
const { IDS } = await import('../helpers/test-registry.js');

beforeEach(() => {
  watched.calls.length = 0;
});

describe('the comparison helpers', () => {
  it('compare a secret with its stored digest in constant time, over 32 bytes each', () => {
    const digest = hashSecret('the-right-secret');
    expect(secretMatches('the-right-secret', digest)).toBe(true);
    expect(secretMatches('the-wrong-secret', digest)).toBe(false);
    expect(secretMatches('', digest)).toBe(false);
    expect(watched.calls).toEqual([[32, 32], [32, 32], [32, 32]]);
    // A damaged stored digest is never compared (its length differs) and never matches.
    expect(secretMatches('the-right-secret', 'abcd')).toBe(false);
    expect(watched.calls).toHaveLength(3);
  });

  it('check a PKCE verifier against its challenge in constant time (RFC 7636, appendix B)', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(codeChallengeOf(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifierMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(verifierMatches(`${verifier.slice(0, -1)}Y`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    expect(watched.calls).toEqual([[43, 43], [43, 43]]);
  });
});

describe('the routes that compare secrets', () => {
  let world: Awaited<ReturnType<typeof accessWorld>>;
  beforeAll(async () => {
    world = await accessWorld();
  });
  afterAll(() => world.close());

  it('check a client secret at the token endpoint in constant time, right or wrong', async () => {
    const token = (secret: string) => world.inject({
      method: 'POST', url: '/api/v10/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ grant_type: 'client_credentials', scope: 'identify', client_id: IDS.app, client_secret: secret }),
    });
    expect((await token('not-the-client-secret')).statusCode).toBe(401);
    expect((await token(CLIENT_SECRET)).statusCode).toBe(200);
    expect(watched.calls).toEqual([[32, 32], [32, 32]]);
  });

  it("check an attachment URL's key in constant time", async () => {
    const file = await world.attachment();
    watched.calls.length = 0;
    const url = (key: string) => `/attachments/${IDS.general}/${file.id}/${file.filename}?hm=${key}`;
    const wrong = file.key.replace(/^./, (first) => (first === 'a' ? 'b' : 'a'));
    expect((await world.inject({ method: 'GET', url: url(wrong) })).statusCode).toBe(404);
    expect((await world.inject({ method: 'GET', url: url(file.key) })).statusCode).toBe(200);
    expect(watched.calls).toEqual([[file.key.length, file.key.length], [file.key.length, file.key.length]]);
  });
});
