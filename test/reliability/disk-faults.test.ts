/**
 * When the disk says no (issue 10, faults): a full database, a full disk and a read-only
 * data directory give a clear error, never a crash. A write SQLite cannot store answers
 * the service's error body with a message that says the disk is full and nothing was saved
 * (507), leaves nothing half written, and the registry goes on serving reads (and writes,
 * once there is room). A data directory the CLI cannot write makes it print one line
 * naming the directory and why, and exit 1, instead of a driver's stack.
 *
 * The full database is SQLite's own limit (`PRAGMA max_page_count`, a real SQLITE_FULL);
 * the full disk is a tiny tmpfs and the read-only directory a read-only bind mount, each in
 * a private mount namespace; the directory without write permission is used as nobody.
 */
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { openSqlite } from '../../src/registry/store/open-sqlite.js';
import type { SqliteDatabase } from '../../src/registry/store/sqlite-database.js';
import { Store } from '../../src/registry/store/store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { LOCALES } from '../../src/shared/locales.js';
import { EXAMPLE_WORLD, makeDataDirectory, cleanupRegistryProcesses, startRegistryProcess } from '../helpers/registry-process.js';
import { EXAMPLE } from '../helpers/listening-registry.js';
import { fixtureWorld, GLOBAL, TOKENS } from '../helpers/test-registry.js';
import { namespaceUnavailable, runConfined, unprivilegedMode } from './disk-faults-runner.js';

const FULL = { message: "507: Insufficient Storage: the registry's disk is full, so nothing was saved", code: 0 };

/** A bulk overwrite of `count` commands, each about 25 kB (ten options described in every locale), marked `list k`. */
function heavyList(count: number, k: number): unknown[] {
  const text = (what: string) => `${what} `.repeat(100).slice(0, 100);
  const localized = (what: string) => Object.fromEntries(LOCALES.filter((locale) => locale !== 'en-US').map((locale) => [locale, text(`${what} ${locale}`)]));
  return Array.from({ length: count }, (_, index) => ({
    name: `heavy-${String(index).padStart(3, '0')}`,
    description: `list ${k} #${index}`,
    options: Array.from({ length: 10 }, (_, option) => ({
      type: 3, name: `o${option}`, description: text(`option ${option}`), description_localizations: localized(`option ${option}`),
    })),
  }));
}

const bot = { authorization: `Bot ${TOKENS.bot}` };

describe('a database that is full (SQLite max_page_count)', () => {
  let directory: string;
  let sql: SqliteDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'slashbench-full-'));
    sql = openSqlite(directory);
    const store = new Store(sql);
    const nextId = createSnowflakeGenerator(Date.now);
    await loadWorld(store, fixtureWorld(), { now: Date.now, nextId });
    app = buildApp({ store, nextId, clientDirectory: null, routeLimit: { limit: 1_000_000, windowMs: 1000 } });
  });
  afterAll(async () => {
    await app.close();
    sql.db.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses the write with 507 in the service format, keeps the old list whole, serves reads, and writes again once there is room', async () => {
    const seeded = await app.inject({ method: 'PUT', url: GLOBAL, headers: bot, payload: heavyList(5, 0) });
    expect(seeded.statusCode, seeded.body).toBe(200);
    // No page beyond those in use: the next write that needs one is SQLITE_FULL.
    const { page_count: pages } = sql.db.prepare('PRAGMA page_count').get() as { page_count: number };
    const { max_page_count: limit } = sql.db.prepare(`PRAGMA max_page_count = ${pages}`).get() as { max_page_count: number };
    expect(limit).toBe(pages);

    const refused = await app.inject({ method: 'PUT', url: GLOBAL, headers: bot, payload: heavyList(60, 1) });
    expect(refused.statusCode).toBe(507);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual(FULL);

    // Nothing of the refused overwrite was written, and reads go on.
    const list = await app.inject({ method: 'GET', url: GLOBAL, headers: bot });
    expect(list.statusCode).toBe(200);
    const descriptions = list.json<Array<{ description: string }>>().map((command) => command.description);
    expect(descriptions).toHaveLength(5);
    expect(descriptions.every((description) => description.startsWith('list 0 '))).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/v10/applications/@me', headers: bot })).statusCode).toBe(200);

    // Room again (as when the operator frees the disk): the same write succeeds without a restart.
    sql.db.pragma('max_page_count = 1073741823');
    const accepted = await app.inject({ method: 'PUT', url: GLOBAL, headers: bot, payload: heavyList(60, 1) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<unknown[]>()).toHaveLength(60);
  });
});

const tmpfsSkip = await (async () => namespaceUnavailable(await makeDataDirectory()))();

describe.skipIf(tmpfsSkip !== undefined)(`a full disk (tmpfs in a private mount namespace)${tmpfsSkip ? `: skipped, ${tmpfsSkip}` : ''}`, () => {
  afterAll(cleanupRegistryProcesses);

  it('too small to start: one line naming the directory and that the disk is full, exit 1', async () => {
    const data = await makeDataDirectory();
    const run = runConfined('namespace', data, 'mount -t tmpfs -o size=128k tmpfs "$DATA"', ['--world', EXAMPLE_WORLD]);
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toBe(`slashbench: cannot write to the data directory ${data}: the disk is full (SQLITE_FULL)\n`);
    expect(exit.stdout).toBe('');
  });

  it('filling up while running: the write answers 507, reads and the process go on', async () => {
    const data = await makeDataDirectory();
    const run = runConfined('namespace', data, 'mount -t tmpfs -o size=1m tmpfs "$DATA"', ['--world', EXAMPLE_WORLD, '--route-limit', '100000']);
    const url = await run.listening;
    const world = EXAMPLE.app;
    const commands = `${url}/api/v10/applications/${world.id}/commands`;
    const headers = { authorization: `Bot ${world.token}`, 'content-type': 'application/json' };
    const refused = await fetch(commands, { method: 'PUT', headers, body: JSON.stringify(heavyList(100, 1)) });
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual(FULL);
    // Still serving: reads, the gateway's discovery, the same list as before.
    const list = await fetch(commands, { headers });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    expect((await fetch(`${url}/api/v10/gateway`)).status).toBe(200);
    run.kill('SIGTERM');
    const exit = await run.exited;
    expect(exit.signal).toBeNull();
    expect(exit.stderr).not.toMatch(/\bat \S+ \(/); // no stack trace
  });
});

describe('a read-only data directory', () => {
  afterAll(cleanupRegistryProcesses);

  it.skipIf(tmpfsSkip !== undefined)('a read-only mount over an existing database: one line, exit 1, no listening line', async () => {
    const first = await startRegistryProcess();
    expect((await first.stop()).code).toBe(0);
    const data = first.dataDirectory;
    const run = runConfined('namespace', data, 'mount --bind "$DATA" "$DATA" && mount -o remount,bind,ro "$DATA"', []);
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toBe(`slashbench: cannot write to the data directory ${data}: it is read-only or not writable by this user (EROFS)\n`);
    expect(exit.stdout).not.toContain('listening');
  });

  const mode = unprivilegedMode();
  it.skipIf(typeof mode !== 'string')(`a directory this user may not write: one line, exit 1${typeof mode === 'string' ? '' : ` (skipped: ${mode.unavailable})`}`, async () => {
    const parent = await makeDataDirectory();
    await chmod(parent, 0o755);
    const data = join(parent, 'locked');
    await mkdir(data);
    await chmod(data, 0o555);
    const run = runConfined(mode as 'plain' | 'nobody', data, '', []);
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toBe(`slashbench: cannot write to the data directory ${data}: it is read-only or not writable by this user (EACCES)\n`);
  });
});
