/**
 * Starts a registry: listens, opens the store, loads the world (or the demo world into an
 * empty store), and builds the app. Shared by the CLI, the desktop app and tests that need a
 * real port. It listens before the store is open and the app built (http/held-server.ts):
 * the client's files are answered at once, every other request once the app is there. A
 * team registry (PostgreSQL) listens once its app is ready.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseWorldFile, type WorldFile } from '../shared/world-file.js';
import type { RegistryOptions } from './app.js';
import { createSnowflakeGenerator } from './domain/snowflake.js';
import type { AdjustableClock } from './driver/adjustable-clock.js';
import { startStoreHeartbeat } from './feed/start-feed.js';
import { SETTINGS_FILE_NAME, settingsFile, type SettingsKeeper } from './host/settings-file.js';
import { HeldServer } from './http/held-server.js';
import { defaultClientDirectory, earlyClientFiles, pageSettingsOf } from './routes/client-files.js';
import { openingDataDirectory } from './store/storage-error.js';
import { removeRunningFile, writeRunningFile } from './running-file.js';
import { openStore, type Store } from './store/store.js';
import { demoWorld } from './world/demo-world.js';
import { loadWorld, WorldError } from './world/load-world.js';

export interface StartOptions {
  host: string;
  port: number;
  /** This machine's files: the client's settings and the tokens shown again; with no database URL, the embedded store too. */
  dataDirectory: string;
  /** A PostgreSQL URL: the store is there, shared with every registry process started with it (a team registry). */
  databaseUrl?: string;
  worldFile?: string;
  routeLimit?: RegistryOptions['routeLimit'];
  /** The desktop app's redirect inbox, which its deep links fill too. */
  redirects?: RegistryOptions['redirects'];
  /** The built client served at `/`; `out/renderer` by default (tests serve a fresh build). */
  clientDirectory?: RegistryOptions['clientDirectory'];
  /** A clock tests may move forward (`--test-clock`); the machine's by default. */
  clock?: AdjustableClock;
  /**
   * Called once the address accepts connections, before the app is built: the CLI prints
   * its lines here. The start goes on when it returns (or its promise settles).
   */
  listening?: (registry: ListeningRegistry) => void | Promise<void>;
}

/** A registry whose address accepts connections, its app not built yet. */
export interface ListeningRegistry {
  url: string;
  store: Store;
  /** The demo world, when this start created it (its tokens exist nowhere else). */
  demo?: WorldFile;
}

export interface RunningRegistry {
  app: FastifyInstance;
  store: Store;
  /** The client's settings, kept in the data directory (the desktop app's host contract uses them too). */
  settings: SettingsKeeper;
  url: string;
  /** The demo world, when this start created it (its tokens exist nowhere else). */
  demo?: WorldFile;
  close(): Promise<void>;
}

/** A world file that cannot be used, with a message naming the bad field. */
export class StartError extends Error {}

export function readWorldFile(path: string): WorldFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StartError(`world file ${path}: ${(error as Error).message}`);
  }
  const parsed = parseWorldFile(json);
  if (!parsed.ok) throw new StartError(`world file ${path}: ${parsed.message}`);
  return parsed.world;
}

/** The embedded store in the data directory, or the shared one at the database URL (its driver loaded only then). */
async function openConfiguredStore(options: StartOptions): Promise<Store> {
  if (options.databaseUrl === undefined) return openStore(options.dataDirectory);
  const { openPostgresStore } = await import('./store/open-postgres.js');
  if (options.dataDirectory === ':memory:') return openPostgresStore(options.databaseUrl, null);
  // The data directory keeps this machine's files only (settings, tokens shown again).
  openingDataDirectory(options.dataDirectory, () => mkdirSync(options.dataDirectory, { recursive: true }));
  return openPostgresStore(options.databaseUrl, options.dataDirectory);
}

export async function startRegistry(options: StartOptions): Promise<RunningRegistry> {
  const world = options.worldFile === undefined ? undefined : readWorldFile(options.worldFile);
  const settings = settingsFile(join(options.dataDirectory, SETTINGS_FILE_NAME));
  const clientDirectory = options.clientDirectory === undefined ? defaultClientDirectory() : options.clientDirectory;
  const server: HeldServer = new HeldServer(clientDirectory === null ? () => false : earlyClientFiles(clientDirectory, () => pageSettingsOf(settings), () => server.pageLoaded()));
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const unlisten = async () => {
    // Requests held for the app that is not coming: dropped, or the close would wait for them.
    server.closeAllConnections();
    if (server.listening) await closeServer();
  };
  // The embedded registry's address answers first: the client's page and scripts are served
  // while the store opens and the world loads, and an address in use is said before any of
  // that. A team's app gets ready by connecting its change feed to the database, which may
  // fail: its address is told once that is done.
  const early = options.databaseUrl === undefined;
  if (early) await server.listenOn(options.host, options.port);
  const store = await openConfiguredStore(options).catch(async (error: unknown) => {
    await unlisten();
    throw error;
  });
  const now = options.clock?.now ?? Date.now;
  const nextId = createSnowflakeGenerator(now);
  let demo: WorldFile | undefined;
  try {
    // A disk that fills up while the world is written is the data directory's problem, said so.
    await openingDataDirectory(options.dataDirectory, async () => {
      if (world) await loadWorld(store, world, { now, nextId });
      // Checked and loaded in one transaction: processes starting together on one database make one demo world.
      else await store.transaction(async () => {
        if (!await store.world.isEmpty()) return;
        demo = demoWorld(nextId);
        await loadWorld(store, demo, { now, nextId });
      });
    });
  } catch (error) {
    await unlisten();
    await store.close();
    if (error instanceof WorldError) throw new StartError(`world file ${options.worldFile}: ${error.message}`);
    throw error;
  }
  // Other processes on the data directory know of this one from here on, app built or not.
  const heartbeat = await startStoreHeartbeat(store, now, (problem) => console.error(`slashbench: ${problem}`));
  let app: FastifyInstance | undefined;
  const failed = async (error: unknown): Promise<never> => {
    await app?.close().catch(() => undefined);
    // The app's feed stops the heartbeat if it started; an app that failed before may not have.
    await heartbeat?.stop();
    await unlisten();
    await store.close();
    throw error;
  };
  const build = async () => {
    // Loaded only now (from the bundle too: a module imported so is run when imported).
    const { buildApp } = await import('./app.js');
    app = buildApp({
      // A 500 is the registry's fault: whoever runs it sees why on stderr (credentials redacted).
      logger: { level: 'error', stream: process.stderr },
      store, now, nextId, settings, server, clientDirectory, host: options.host,
      ...(options.routeLimit ? { routeLimit: options.routeLimit } : {}), ...(options.redirects ? { redirects: options.redirects } : {}),
      ...(options.clock ? { clock: options.clock } : {}), ...(heartbeat ? { heartbeat } : {}),
    });
    await app.ready();
    return app;
  };
  if (!early) {
    await build().catch(failed);
    await server.listenOn(options.host, options.port).catch(failed);
  }
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  try {
    await options.listening?.({ url, store, ...(demo ? { demo } : {}) });
    // Only someone told the address can be loading the page: the app waits for its files.
    if (early && options.listening) await server.appWanted();
    app ??= await build();
  } catch (error) {
    return failed(error);
  }
  const built = app;
  server.open();
  // Where `npm run tokens` finds this registry, to reset tokens through it.
  const onDisk = options.dataDirectory !== ':memory:';
  if (onDisk) writeRunningFile(options.dataDirectory, url);
  return {
    app: built, store, settings, url, ...(demo ? { demo } : {}),
    async close() {
      if (onDisk) removeRunningFile(options.dataDirectory);
      await built.close();
      // Fastify closes only a server it made.
      await closeServer();
      await store.close();
    },
  };
}
