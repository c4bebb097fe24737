import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signDelivery } from '../../src/registry/domain/application-keys.js';
import { IDS, TOKENS, testRegistry } from '../helpers/test-registry.js';

describe('the current application', () => {
  it('answers GET /applications/@me with a usable Ed25519 verify_key', async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'GET', url: '/api/v10/applications/@me' });
    expect(response.statusCode).toBe(200);
    const application = response.json();
    expect(application).toMatchObject({ id: IDS.app, name: 'Test Bot', bot: { id: IDS.app, bot: true }, owner: { id: IDS.owner } });
    expect(application.verify_key).toMatch(/^[0-9a-f]{64}$/);
    // The registry's private key signs what the public verify_key checks.
    const stored = await registry.store.world.application(IDS.app);
    const { signature } = signDelivery(stored!.private_key, '1700000000', '{"type":1}');
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(application.verify_key, 'hex').toString('base64url') }, format: 'jwk' });
    expect(verify(null, Buffer.from('1700000000{"type":1}'), publicKey, Buffer.from(signature, 'hex'))).toBe(true);
    const alias = await registry.bot({ method: 'GET', url: '/api/v10/oauth2/applications/@me' });
    expect(alias.json()).toEqual(application);
  });

  it('gives each app its own key, kept when the world is loaded again on the same data', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'slashbench-keys-'));
    const first = await testRegistry({ dataDirectory: directory });
    const key = (await first.bot({ method: 'GET', url: '/api/v10/applications/@me' })).json().verify_key;
    const other = (await first.bot({ method: 'GET', url: '/api/v10/applications/@me' }, TOKENS.otherBot)).json().verify_key;
    expect(other).not.toBe(key);
    await first.store.close();
    const second = await testRegistry({ dataDirectory: directory });
    expect((await second.bot({ method: 'GET', url: '/api/v10/applications/@me' })).json().verify_key).toBe(key);
    await second.store.close();
  });

  it('refuses user tokens and no token', async () => {
    const registry = await testRegistry();
    expect((await registry.app.inject({ method: 'GET', url: '/api/v10/applications/@me' })).statusCode).toBe(401);
    expect((await registry.app.inject({ method: 'GET', url: '/api/v10/applications/@me', headers: { authorization: TOKENS.owner } })).statusCode).toBe(401);
  });
});

describe('the detectable applications (the client\'s list of games it recognizes)', () => {
  it('answers 200 with a JSON array to anyone, as the service does (detritus-client reads it at start); the world runs no games', async () => {
    const registry = await testRegistry();
    for (const headers of [{}, { authorization: `Bot ${TOKENS.bot}` }, { authorization: TOKENS.owner }]) {
      const answer = await registry.app.inject({ method: 'GET', url: '/api/v10/applications/detectable', headers });
      expect([answer.statusCode, answer.headers['content-type'], answer.json()]).toEqual([200, 'application/json', []]);
    }
    expect((await registry.app.inject({ method: 'POST', url: '/api/v10/applications/detectable' })).statusCode).toBe(405);
  });
});
