/**
 * A path with percent-escapes names the same route as the plain path, as on the service:
 * detritus-client escapes every path value, so it asks for `/oauth2/applications/%40me`.
 * Only unreserved characters and `@` are read plainly; `%2F` still never splits a segment.
 */
import { describe, expect, it } from 'vitest';
import { plainPathEscapes } from '../../src/registry/http/path-escapes.js';
import { IDS, slash, testRegistry } from '../helpers/test-registry.js';

describe('percent-escapes in the path', () => {
  it('answers /users/%40me, /applications/%40me and /oauth2/applications/%40me as their @me routes', async () => {
    const registry = await testRegistry();
    for (const path of ['/users/@me', '/applications/@me', '/oauth2/applications/@me', '/users/@me/channels']) {
      const method = path.endsWith('channels') ? 'POST' : 'GET';
      const payload = method === 'POST' ? { recipient_id: IDS.member } : undefined;
      const plain = await registry.bot({ method, url: `/api/v10${path}`, ...(payload ? { payload } : {}) });
      const escaped = await registry.bot({ method, url: `/api/v10${path.replace('@', '%40')}`, ...(payload ? { payload } : {}) });
      expect([path, escaped.statusCode, escaped.json()]).toEqual([path, plain.statusCode, plain.json()]);
      expect(plain.statusCode).toBeLessThan(300);
    }
  });

  it('reads escaped letters and digits as themselves, in route values too', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'POST', url: `/api/v10/applications/${IDS.app}/commands`, payload: slash('hello') });
    const escapedId = IDS.app.replace(/^2/, '%32');
    const read = await registry.bot({ method: 'GET', url: `/api/v10/%61pplications/${escapedId}/commands` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject([{ name: 'hello' }]);
  });

  it('keeps every other escape, and the query, as sent', () => {
    expect(plainPathEscapes('/api/v10/users/%40me?x=%40')).toBe('/api/v10/users/@me?x=%40');
    expect(plainPathEscapes('/api/v10/a%2Fb/%25%34%31')).toBe('/api/v10/a%2Fb/%2541');
    expect(plainPathEscapes('/api/v10/%7e%2d%2E%5F')).toBe('/api/v10/~-._');
    expect(plainPathEscapes('/api/v10/%zz%4')).toBe('/api/v10/%zz%4');
    expect(plainPathEscapes('/assets/%2e%2e/index.html')).toBe('/assets/%2e%2e/index.html');
  });
});
