/**
 * The host contract in browser mode: `/_host/session` lists the people and mints session
 * tokens that work wherever a person's token does (REST and gateway), for requests from
 * this machine and from the registry's own pages only.
 */
import { describe, expect, it } from 'vitest';
import { HOST_CONTRACT } from '../../src/shared/host-contract.js';
import { ownerOfToken } from '../../src/registry/gateway/handshake.js';
import { isLoopbackAddress } from '../../src/registry/http/loopback.js';
import { SESSIONS_PER_USER } from '../../src/registry/store/session-store.js';
import { IDS, TOKENS, testRegistry } from '../helpers/test-registry.js';

const PATH = HOST_CONTRACT.openSession.http.path;

async function registry() {
  const built = await testRegistry({ app: { clientDirectory: null } });
  const open = async (userId: string, headers: Record<string, string> = {}) =>
    built.app.inject({ method: 'POST', url: PATH, headers: { host: '127.0.0.1:8484', ...headers }, payload: { user_id: userId } });
  return { ...built, open };
}

describe('GET /_host/session', () => {
  it('lists the people of the world, never the bots, in the contract\'s shape', async () => {
    const { app } = await registry();
    const response = await app.inject({ method: 'GET', url: PATH, headers: { host: 'localhost:8484' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = HOST_CONTRACT.listUsers.output.parse(response.json());
    expect(body.users).toEqual([
      { id: IDS.owner, username: 'owner', global_name: null, locale: 'en-US' },
      { id: IDS.member, username: 'member', global_name: null, locale: 'fr' },
    ]);
  });
});

describe('POST /_host/session', () => {
  it('mints a token that works for REST reads, the command index and the gateway, beside the world file\'s token', async () => {
    const { app, store, open } = await registry();
    const response = await open(IDS.member);
    expect(response.statusCode).toBe(200);
    const { token, user } = HOST_CONTRACT.openSession.output.parse(response.json());
    expect(user.id).toBe(IDS.member);
    const me = await app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: { authorization: token } });
    expect(me.json()).toMatchObject({ id: IDS.member, locale: 'fr' });
    const index = await app.inject({ method: 'GET', url: `/api/v10/channels/${IDS.general}/application-command-index`, headers: { authorization: token } });
    expect(index.statusCode).toBe(200);
    expect(await ownerOfToken(store, token)).toMatchObject({ kind: 'user', user: { id: IDS.member } });
    const old = await app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: { authorization: TOKENS.member } });
    expect(old.statusCode).toBe(200);
  });

  it('keeps the newest sessions of a person only', async () => {
    const { app, open } = await registry();
    const tokens: string[] = [];
    for (let index = 0; index <= SESSIONS_PER_USER; index += 1) tokens.push((await open(IDS.owner)).json<{ token: string }>().token);
    const works = async (token: string) => (await app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: { authorization: token } })).statusCode;
    expect(await works(tokens[0]!)).toBe(401);
    expect(await works(tokens[1]!)).toBe(200);
    expect(await works(tokens.at(-1)!)).toBe(200);
  });

  it('refuses bots, unknown ids and bodies off the contract, with stable codes', async () => {
    const { app, open } = await registry();
    expect((await open(IDS.app)).json()).toEqual({ code: 'unknown-user', message: `No person of the world has the id ${IDS.app}.` });
    expect((await open('123')).statusCode).toBe(404);
    const bad = await app.inject({ method: 'POST', url: PATH, headers: { host: '127.0.0.1' }, payload: { user_id: 'alice' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid-input' });
    const extra = await app.inject({ method: 'POST', url: PATH, headers: { host: '127.0.0.1' }, payload: { user_id: IDS.owner, admin: true } });
    expect(extra.json()).toMatchObject({ code: 'invalid-input' });
    expect((await app.inject({ method: 'DELETE', url: PATH })).statusCode).toBe(405);
  });

  it('answers only this machine, addressed by a loopback name, from the registry\'s own pages', async () => {
    const { app, open } = await registry();
    const refused = { code: 'loopback-only', message: expect.any(String) };
    const remote = await app.inject({ method: 'GET', url: PATH, remoteAddress: '192.168.1.20', headers: { host: '127.0.0.1:8484' } });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual(refused);
    // DNS rebinding: another site's name resolving to 127.0.0.1.
    expect((await open(IDS.owner, { host: 'evil.example:8484' })).json()).toEqual(refused);
    expect((await open(IDS.owner, { origin: 'http://evil.example' })).statusCode).toBe(403);
    expect((await open(IDS.owner, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // An Activity's frame: sandboxed with an opaque origin, or on another port of this machine.
    expect((await open(IDS.owner, { origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await open(IDS.owner, { origin: 'http://127.0.0.1:9000', 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await open(IDS.owner, { origin: 'http://127.0.0.1:9000' })).statusCode).toBe(403);
    expect((await open(IDS.owner, { origin: 'http://127.0.0.1:8484', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await open(IDS.owner, { host: '[::1]:8484' })).statusCode).toBe(200);
  });

  it('knows loopback addresses, IPv4-mapped ones included', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '', undefined]) expect(isLoopbackAddress(address)).toBe(false);
  });
});
