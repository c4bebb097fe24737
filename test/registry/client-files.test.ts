/**
 * Browser mode: the registry serves the built client at `/` with a strict Content Security
 * Policy, its hashed assets under `/assets/`, and leaves every other path to the API.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, defaultClientDirectory } from '../../src/registry/routes/client-files.js';
import { SENDER_SCRIPT } from '../../src/shared/activity-sender.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { writeFakeClient } from '../helpers/fake-client.js';
import { testRegistry } from '../helpers/test-registry.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-client-files-'));
  await writeFakeClient(directory);
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('the client\'s files', () => {
  it('serves the page at / with a CSP that allows only its own scripts and this registry\'s gateway', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: directory } });
    const response = await app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:8484' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('./assets/index-abc123.js');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Its own scripts, and the Activity message sender's one inline script by its hash.
    expect(csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(SENDER_SCRIPT).digest('base64')}';`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:8484 wss://127.0.0.1:8484");
    // Activities are web pages, beside their message sender (a data: document); nothing may frame the page.
    expect(csp).toContain('frame-src http: https: data:;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // A browsing context group of its own: no page of another origin holds a handle to the client's window.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves hashed assets with their type and a long cache, and nothing outside them', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: directory } });
    const script = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.css' })).headers['content-type']).toBe('text/css; charset=utf-8');
    for (const url of ['/assets/missing.js', '/assets/..%2Findex.html', '/assets/%2E%2E%2F%2E%2E%2Fpackage.json', '/assets/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: '404: Not Found', code: 0 });
    }
  });

  it('serves the build\'s Brotli or gzip copy of an asset to a browser that accepts it, said in Content-Encoding', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: directory } });
    const asset = async (acceptEncoding?: string) => {
      const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
      return { body: response.body, encoding: response.headers['content-encoding'], vary: response.headers.vary, type: response.headers['content-type'], cache: response.headers['cache-control'] };
    };
    expect(await asset('gzip, deflate, br, zstd')).toEqual({
      body: 'brotli bytes', encoding: 'br', vary: 'accept-encoding', type: 'text/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable',
    });
    expect(await asset('gzip, deflate')).toMatchObject({ body: 'gzip bytes', encoding: 'gzip' });
    expect(await asset('br;q=0, gzip;q=0.5')).toMatchObject({ body: 'gzip bytes', encoding: 'gzip' });
    expect(await asset('*')).toMatchObject({ body: 'brotli bytes', encoding: 'br' });
    expect(await asset('identity')).toMatchObject({ body: 'console.log("client")', encoding: undefined, vary: 'accept-encoding' });
    expect(await asset()).toMatchObject({ body: 'console.log("client")', encoding: undefined });
    // A style sheet without copies is served as it is, whatever the browser accepts.
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.css', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    // The copies are not assets of their own, and a missing asset carries no long cache.
    const copy = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
    expect(copy.statusCode).toBe(404);
    expect(copy.headers['cache-control']).toBeUndefined();
  });

  it('leaves the API, the tools and unknown paths as they were', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: directory } });
    expect((await app.inject({ method: 'GET', url: '/api/v10/nowhere' })).json()).toEqual({ message: '404: Not Found', code: 0 });
    expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v10/gateway' })).statusCode).toBe(200);
  });

  it('says how to build the client when it is not built, and serves nothing when told not to', async () => {
    const missing = await testRegistry({ app: { clientDirectory: join(directory, 'not-here') } });
    const response = await missing.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build:client');
    const none = await testRegistry({ app: { clientDirectory: null } });
    expect((await none.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  });

  it('finds the build in this checkout by default, and names the gateway only by a sane Host', () => {
    expect(defaultClientDirectory()).toBe(join(REPO_ROOT, 'out', 'renderer'));
    expect(contentSecurityPolicy('evil host"')).toContain("connect-src 'self' ws: wss:");
  });
});
