/**
 * Registries on a real loopback port (port 0) over their own temporary data directory,
 * loaded with `examples/world.json`: `startedRegistry` goes through `startRegistry`, as the
 * CLI and the desktop app do; `builtRegistry` builds the app itself (`buildApp` + `listen`)
 * when a test needs an option `startRegistry` does not take (a short delivery deadline).
 * In `npm run test:postgres` the store is a fresh PostgreSQL database (test-store.ts).
 * `close()` closes the server and the store and removes the directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RegistryOptions } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { EventBus } from '../../src/registry/events.js';
import { createGateway, type Gateway } from '../../src/registry/gateway/gateway.js';
import { SessionStarts } from '../../src/registry/gateway/session-starts.js';
import { readWorldFile, startRegistry } from '../../src/registry/start.js';
import type { Store } from '../../src/registry/store/store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { EXAMPLE_WORLD } from './registry-process.js';
import { freshDatabase, testPostgresServer, testStore } from './test-store.js';

/** The ids and tokens of `examples/world.json` the interop tests use. */
export const EXAMPLE = (() => {
  const world = readWorldFile(EXAMPLE_WORLD);
  const user = (name: string) => {
    const found = world.users.find((entry) => entry.username === name);
    if (!found?.token) throw new Error(`examples/world.json has no user ${name} with a token`);
    return { id: found.id, username: found.username, token: found.token };
  };
  const bot = world.applications.find((entry) => entry.name === 'Example Bot');
  const guild = world.guilds[0];
  const channel = (name: string) => {
    const found = guild?.channels.find((entry) => entry.name === name);
    if (!found) throw new Error(`examples/world.json has no channel ${name}`);
    return found.id;
  };
  if (!bot?.bot_token || !guild) throw new Error('examples/world.json lost its Example Bot or its guild');
  return {
    alice: user('alice'),
    bob: user('bob'),
    carol: user('carol'),
    app: { id: bot.id, name: bot.name, token: bot.bot_token },
    guild: guild.id,
    general: channel('general'),
    botTesting: channel('bot-testing'),
  };
})();

export interface ListeningRegistry {
  app: FastifyInstance;
  store: Store;
  /** The registry's own gateway, when the test did not pass one in (`builtRegistry` only). */
  gateway?: Gateway;
  /** `http://127.0.0.1:PORT` */
  url: string;
  dataDirectory: string;
  close(): Promise<void>;
}

/** `startRegistry` on port 0 with the example world and a fresh data directory. */
export async function startedRegistry(): Promise<ListeningRegistry> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'slashbench-interop-'));
  try {
    const server = testPostgresServer();
    const running = await startRegistry({
      host: '127.0.0.1', port: 0, dataDirectory, worldFile: EXAMPLE_WORLD, ...(server === undefined ? {} : { databaseUrl: await freshDatabase(server) }),
    });
    return {
      app: running.app, store: running.store, url: running.url, dataDirectory,
      async close() {
        await running.close();
        await rm(dataDirectory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDirectory, { recursive: true, force: true });
    throw error;
  }
}

/**
 * `buildApp` with `options` and the example world, listening on port 0, over a fresh data
 * directory; `configure` runs before it listens (a test adds its hooks there).
 */
export async function builtRegistry(
  options: Omit<Partial<RegistryOptions>, 'store'> = {},
  configure: (app: FastifyInstance) => void = () => undefined,
): Promise<ListeningRegistry> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'slashbench-interop-'));
  const store = await testStore(dataDirectory);
  const now = Date.now;
  const nextId = createSnowflakeGenerator(now);
  let app: FastifyInstance | undefined;
  // The real gateway, built here so a test can drive it (ask a bot to reconnect).
  const bus = options.bus ?? new EventBus();
  const sessionStarts = new SessionStarts(now);
  const gateway = options.gateway ? undefined : createGateway({
    store, bus, now, sessionStarts,
    ...(options.heartbeatInterval === undefined ? {} : { heartbeatInterval: options.heartbeatInterval }),
    ...(options.resumeWindow === undefined ? {} : { resumeWindow: options.resumeWindow }),
  });
  try {
    await loadWorld(store, readWorldFile(EXAMPLE_WORLD), { now, nextId });
    app = buildApp({ now, nextId, ...options, bus, sessionStarts, ...(gateway ? { gateway } : {}), store });
    configure(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close();
    await store.close();
    await rm(dataDirectory, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const listening = app;
  return {
    app: listening, store, url: `http://127.0.0.1:${port}`, dataDirectory, gateway,
    async close() {
      await listening.close();
      await store.close();
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}
