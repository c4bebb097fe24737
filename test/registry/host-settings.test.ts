/**
 * The client's settings in browser mode: `GET`/`PUT /_host/settings` keep them in the data
 * directory's settings.json across restarts, check them against the shared schema, answer
 * only this machine's own pages (they may hold tokens), never crash on a damaged file, and
 * open the page's Content Security Policy to the remote registry they name.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ClientSettings } from '../../src/shared/client-settings.js';
import { HOST_CONTRACT } from '../../src/shared/host-contract.js';
import { SETTINGS_FILE_NAME, settingsFile } from '../../src/registry/host/settings-file.js';
import { testRegistry } from '../helpers/test-registry.js';

const PATH = HOST_CONTRACT.readSettings.http.path;
const LOCAL = { host: '127.0.0.1:8484' };

const CHOSEN: ClientSettings = {
  registry: 'remote',
  remote: { url: 'http://192.168.1.20:8484', tokens: ['remote-token'], acting_user_id: null },
  acting_user_id: '100000000000000002',
  locale: 'ja',
  theme: 'light',
  activity_platform: 'mobile',
};

let directory: string;
let file: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'slashbench-host-settings-'));
  file = join(directory, SETTINGS_FILE_NAME);
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A registry keeping its settings in this test's directory, as `startRegistry` does with the data directory. */
async function registry(clientDirectory: string | null = null) {
  const { app } = await testRegistry({ app: { clientDirectory, settings: settingsFile(file, () => undefined) } });
  const read = (headers: Record<string, string> = LOCAL) => app.inject({ method: 'GET', url: PATH, headers });
  const write = (payload: unknown, headers: Record<string, string> = LOCAL) => app.inject({ method: 'PUT', url: PATH, headers, payload: payload as object });
  return { app, read, write };
}

describe('GET and PUT /_host/settings', () => {
  it('answers the defaults at first, keeps what is written, and still has it after a restart', async () => {
    const first = await registry();
    const fresh = await first.read();
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(HOST_CONTRACT.readSettings.output.parse(fresh.json())).toEqual({ settings: DEFAULT_SETTINGS, warning: null });
    const written = await first.write({ settings: CHOSEN });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ settings: CHOSEN });
    await first.app.close();
    const restarted = await registry();
    expect((await restarted.read()).json()).toEqual({ settings: CHOSEN, warning: null });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(CHOSEN);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses settings off the schema with the field named, and keeps the old ones', async () => {
    const { read, write } = await registry();
    await write({ settings: CHOSEN });
    const refusals: Array<[unknown, RegExp]> = [
      [{ settings: { ...CHOSEN, theme: 'neon' } }, /settings\.theme/],
      [{ settings: { ...CHOSEN, locale: 'xx' } }, /settings\.locale/],
      [{ settings: { ...CHOSEN, remote: { ...CHOSEN.remote, url: 'http://host/path' } } }, /settings\.remote\.url: must be an http\(s\) origin/],
      [{ settings: { ...CHOSEN, remote: { ...CHOSEN.remote, tokens: [] } } }, /settings\.remote\.tokens/],
      [{ settings: { ...CHOSEN, remote: { ...CHOSEN.remote, tokens: ['Bot abc'] } } }, /settings\.remote\.tokens\.0: must have no spaces/],
      [{ settings: { ...CHOSEN, remote: null } }, /settings\.remote: a remote registry needs its URL and tokens/],
      [{ settings: { ...CHOSEN, admin: true } }, /settings/],
      [{ settings: CHOSEN, extra: 1 }, /body/],
      [{}, /settings/],
    ];
    for (const [payload, message] of refusals) {
      const response = await write(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid-input', message: expect.stringMatching(message) });
    }
    expect((await read()).json().settings).toEqual(CHOSEN);
  });

  it('answers only this machine\'s own pages, and writes nothing for the others', async () => {
    const { app, read, write } = await registry();
    await write({ settings: CHOSEN });
    const refused = { code: 'loopback-only', message: expect.any(String) };
    const away = await app.inject({ method: 'GET', url: PATH, remoteAddress: '192.168.1.30', headers: LOCAL });
    expect(away.statusCode).toBe(403);
    expect(away.json()).toEqual(refused);
    expect((await read({ host: 'evil.example:8484' })).json()).toEqual(refused);
    expect((await read({ ...LOCAL, origin: 'http://evil.example' })).statusCode).toBe(403);
    expect((await write({ settings: DEFAULT_SETTINGS }, { ...LOCAL, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await write({ settings: DEFAULT_SETTINGS }, { ...LOCAL, origin: 'http://127.0.0.1:9000' })).statusCode).toBe(403);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(CHOSEN);
    expect((await read({ ...LOCAL, origin: 'http://127.0.0.1:8484', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: PATH, headers: LOCAL })).statusCode).toBe(405);
  });

  it('answers the defaults with a warning for a damaged file, and a write repairs it', async () => {
    writeFileSync(file, '{"theme": "light", ');
    const { read, write } = await registry();
    const damaged = await read();
    expect(damaged.statusCode).toBe(200);
    expect(damaged.json()).toEqual({ settings: DEFAULT_SETTINGS, warning: expect.stringContaining('is not JSON') });
    await write({ settings: { ...DEFAULT_SETTINGS, theme: 'light' } });
    expect((await read()).json()).toEqual({ settings: { ...DEFAULT_SETTINGS, theme: 'light' }, warning: null });
  });

  it('says the settings could not be saved when the disk refuses, as the contract\'s unavailable', async () => {
    const { write } = await registry();
    rmSync(directory, { recursive: true, force: true });
    const response = await write({ settings: CHOSEN });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'unavailable', message: expect.stringContaining('could not be saved') });
  });
});

describe('the page\'s policy and the remote registry', () => {
  let client: string;

  beforeEach(() => {
    client = mkdtempSync(join(tmpdir(), 'slashbench-settings-client-'));
    writeFileSync(join(client, 'index.html'), '<!doctype html>\n<html lang="en"><title>client</title></html>');
  });

  afterEach(() => {
    rmSync(client, { recursive: true, force: true });
  });

  it('lets the page reach the remote registry in use (API, files, gateway), and only while it is in use', async () => {
    const { app, write } = await registry(client);
    const policy = async () => String((await app.inject({ method: 'GET', url: '/', headers: LOCAL })).headers['content-security-policy']);
    const connect = (csp: string) => csp.split('; ').find((directive) => directive.startsWith('connect-src'));
    expect(connect(await policy())).toBe("connect-src 'self' ws://127.0.0.1:8484 wss://127.0.0.1:8484");
    await write({ settings: CHOSEN });
    const remote = await policy();
    expect(connect(remote)).toBe("connect-src 'self' ws://127.0.0.1:8484 wss://127.0.0.1:8484 http://192.168.1.20:8484 ws://192.168.1.20:8484");
    expect(remote).toContain("media-src 'self' http://192.168.1.20:8484;");
    await write({ settings: { ...CHOSEN, remote: { ...CHOSEN.remote!, url: 'https://registry.example' } } });
    expect(connect(await policy())).toContain('https://registry.example wss://registry.example');
    await write({ settings: { ...CHOSEN, registry: 'local' } });
    expect(connect(await policy())).toBe("connect-src 'self' ws://127.0.0.1:8484 wss://127.0.0.1:8484");
  });

  it('serves the page in the chosen theme, so it never flashes the other one; system is left to the page', async () => {
    const { app, write } = await registry(client);
    const page = async () => (await app.inject({ method: 'GET', url: '/', headers: LOCAL })).body;
    expect(await page()).toContain('<html lang="en" data-theme="dark">');
    await write({ settings: { ...DEFAULT_SETTINGS, theme: 'light' } });
    expect(await page()).toContain('<html lang="en" data-theme="light">');
    await write({ settings: { ...DEFAULT_SETTINGS, theme: 'system' } });
    expect(await page()).toContain('<html lang="en"><title>');
  });
});
