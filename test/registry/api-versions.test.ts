/**
 * Which API versions a request path may name, as the service's reference lists them: 9 and
 * 10 available, 6-8 deprecated but served, no version at all routed to the default one (6), and
 * 3-5 discontinued with 400 Bad Request. The registry answers every served version as v10, so a
 * library on `/api/v9` or on the bare `/api` root (carbon's default) works unchanged.
 */
import { describe, expect, it } from 'vitest';
import { routedUrl } from '../../src/registry/http/api-version.js';
import { IDS, slash, testRegistry } from '../helpers/test-registry.js';

describe('API versions in the path', () => {
  it('answers /api/v9, the deprecated 6-8 and the bare /api exactly as /api/v10', async () => {
    const registry = await testRegistry();
    const expected = await registry.bot({ method: 'GET', url: '/api/v10/applications/@me' });
    expect(expected.statusCode).toBe(200);
    for (const root of ['/api/v9', '/api/v8', '/api/v6', '/api']) {
      const answer = await registry.bot({ method: 'GET', url: `${root}/applications/@me` });
      expect([root, answer.statusCode, answer.headers['content-type']]).toEqual([root, 200, 'application/json']);
      expect(answer.json()).toEqual(expected.json());
    }
  });

  it('registers and reads commands through the bare root, as carbon calls it', async () => {
    const registry = await testRegistry();
    const put = await registry.bot({ method: 'PUT', url: `/api/applications/${IDS.app}/commands`, payload: [slash('hello')] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers['x-ratelimit-limit']).toBeDefined();
    const read = await registry.bot({ method: 'GET', url: `/api/v9/applications/${IDS.app}/commands?with_localizations=true` });
    expect(read.json()).toMatchObject([{ name: 'hello', application_id: IDS.app }]);
  });

  it('answers 400 for a discontinued version (3-5) and 404 for one that never existed', async () => {
    const registry = await testRegistry();
    for (const version of [3, 4, 5]) {
      const answer = await registry.bot({ method: 'GET', url: `/api/v${version}/applications/@me` });
      expect([version, answer.statusCode, answer.json()]).toEqual([version, 400, { message: '400: Bad Request', code: 0 }]);
    }
    for (const url of ['/api/v11/applications/@me', '/api/v1/applications/@me', '/api/vnext/applications/@me']) {
      expect([url, (await registry.bot({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
  });

  it('keeps a wrong method 405 and an unknown path 404 under every served version', async () => {
    const registry = await testRegistry();
    expect((await registry.bot({ method: 'DELETE', url: '/api/v9/gateway' })).statusCode).toBe(405);
    expect((await registry.bot({ method: 'GET', url: '/api/nowhere' })).json()).toEqual({ message: '404: Not Found', code: 0 });
  });

  it('routes nothing outside /api', () => {
    for (const url of ['/', '/gateway', '/_slashbench/world', '/apiary', '/oauth2/authorize?x=/api/v9']) expect(routedUrl(url)).toBe(url);
    expect(routedUrl('/api')).toBe('/api/v10');
    expect(routedUrl('/api?x=1')).toBe('/api/v10?x=1');
    expect(routedUrl('/api/v9?x=1')).toBe('/api/v10?x=1');
    expect(routedUrl('/api/v10/users/@me')).toBe('/api/v10/users/@me');
  });
});
