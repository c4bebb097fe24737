/**
 * The service's 405 for a known path asked with a method it lacks (http/resource.ts), over a
 * real socket: told apart from an unknown path, answered before the body is read, for every
 * API version's spelling of the path, and for a path another route's parameter would take.
 * The access matrix (test/reliability/auth-matrix.test.ts) asks every such pair with every credential.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

let registry: ListeningRegistry;

beforeAll(async () => {
  registry = await builtRegistry();
});

afterAll(() => registry.close());

const WRONG_METHOD = { message: '405: Method Not Allowed', code: 0 };
const bot = { authorization: `Bot ${EXAMPLE.app.token}` };

async function answer(path: string, init: RequestInit = {}): Promise<[number, unknown]> {
  const response = await fetch(`${registry.url}${path}`, init);
  return [response.status, await response.json()];
}

describe('a known path with a method it lacks', () => {
  it('is 405, and an unknown path 404', async () => {
    expect(await answer('/api/v10/gateway', { method: 'DELETE' })).toEqual([405, WRONG_METHOD]);
    expect(await answer(`/api/v10/applications/${EXAMPLE.app.id}/commands?with_localizations=true`, { method: 'PATCH', headers: bot })).toEqual([405, WRONG_METHOD]);
    expect(await answer('/api/v9/gateway', { method: 'PUT' })).toEqual([405, WRONG_METHOD]);
    expect(await answer('/api/v10/nowhere', { method: 'DELETE' })).toEqual([404, { message: '404: Not Found', code: 0 }]);
  });

  it('is 405 where a route of that method would take the path as its parameter', async () => {
    // PATCH .../commands/:commandId exists; .../commands/permissions has GET only.
    const permissions = `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands/permissions`;
    expect(await answer(permissions, { method: 'PATCH', headers: bot })).toEqual([405, WRONG_METHOD]);
    expect((await answer(permissions, { headers: bot }))[0]).toBe(200);
  });

  it('is 405 whatever the body: one that is not JSON, or past every limit, is never read', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await answer('/api/v10/gateway', { method: 'POST', headers: json, body: '{' })).toEqual([405, WRONG_METHOD]);
    expect(await answer('/api/v10/gateway', { method: 'POST', headers: json, body: `"${'x'.repeat(2 * 1024 * 1024)}"` })).toEqual([405, WRONG_METHOD]);
  });

  it('closes the connection after a 405 whose body it never read, and keeps it for one without a body', async () => {
    const connection = async (body?: string) => (await fetch(`${registry.url}/api/v10/gateway`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body }),
    })).headers.get('connection');
    // A client still sending the body would otherwise hold the connection, and the registry's close, open.
    expect(await connection(`"${'x'.repeat(1024 * 1024)}"`)).toBe('close');
    expect(await connection()).toBe('keep-alive');
  });
});
