/**
 * `startBench`: a registry in this process, on a free loopback port, over a temporary data
 * directory, loaded with a world; no Electron, no client build, no native addon. A test acts
 * as the world's people (`bench.user('alice').in('Slashbench Lab', 'general')`), starts
 * its bot with `bench.app(name)`'s token against `bench.api`, moves the clock, and
 * `close()` leaves nothing behind (the port is released and the directory removed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIApplicationCommand } from 'discord-api-types/v10';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../registry/app.js';
import { createSnowflakeGenerator } from '../registry/domain/snowflake.js';
import { AdjustableClock } from '../registry/driver/adjustable-clock.js';
import { pickApplication, pickUser } from '../registry/driver/names.js';
import { EventBus } from '../registry/events.js';
import { inProcessDriver } from '../registry/routes/management-driver.js';
import { mapAsync } from '../registry/async-lists.js';
import type { ApplicationCredentials } from '../registry/store/credential-store.js';
import type { ApplicationRecord, UserRecord } from '../registry/store/records.js';
import { ServiceError } from '../registry/http/service-error.js';
import { openStore, type Store } from '../registry/store/store.js';
import { loadWorld, WorldError } from '../registry/world/load-world.js';
import type { WorldFile } from '../shared/world-file.js';
import { BenchUser, type Chat } from './chat.js';
import { DriverHttp } from './driver-http.js';
import { describeRefusal } from './errors.js';
import { DEFAULT_WAIT_MS } from './run.js';
import { benchWorld, type WorldInput } from './world-input.js';

export interface BenchOptions {
  /** A world file (object or path); the demo world by default. */
  world?: WorldInput;
  /** The port to listen on (127.0.0.1); a free one by default. A fixed one lets a bot started elsewhere find the bench. */
  port?: number;
  /** How long a run's waits take at most, in ms (5000 by default; each wait may say otherwise). */
  timeoutMs?: number;
  /** Serve the built client at `/` (out/renderer), to watch the bench in a browser; off by default. */
  client?: boolean;
}

/** An app of the world, as its bot needs it: its id, bot token (no `Bot ` prefix) and Ed25519 public key (hex). */
export interface BenchApp {
  id: string;
  name: string;
  token: string;
  publicKey: string;
}

/** Why a command is or is not shown to a person here: every check with its verdict. */
export interface Explanation {
  command: APIApplicationCommand;
  visible: boolean;
  checks: Array<{ rule: string; verdict: 'pass' | 'fail' | 'skip'; detail: string }>;
  warnings?: unknown[];
}

export interface Bench {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `url + '/api/v10'`: where a bot's REST client points. */
  readonly api: string;
  /** The world as loaded, with every token. */
  readonly world: WorldFile;
  /** The temporary data directory (the database, credentials.json); removed by `close()`. */
  readonly dataDirectory: string;
  /** The bench's clock: `advance(ms)` makes the 3-second deadline, 15-minute tokens and polls' ends pass at once. */
  readonly clock: { now(): number; advance(ms: number): Promise<void> };
  app(nameOrId: string): BenchApp;
  /** A person of the world, by username, global name or id. */
  user(nameOrId: string): BenchUser;
  /**
   * Resolves once the app's bot can be reached (connected to the gateway, or an interactions
   * endpoint set) and has registered `commands`; fails at the limit saying what is missing.
   */
  botReady(app: string, commands?: readonly string[], options?: { timeoutMs?: number }): Promise<void>;
  /** The commands the person's picker shows in the chat's channel. */
  visibleCommands(user: BenchUser, chat: Chat): Promise<APIApplicationCommand[]>;
  /** Why the command named `name` (a slash command unless `type` says 2 user, 3 message) is or is not shown to the person there. */
  explain(user: BenchUser, chat: Chat, name: string, type?: number): Promise<Explanation>;
  close(): Promise<void>;
}

/** Starts a bench; see the file's header. */
export async function startBench(options: BenchOptions = {}): Promise<Bench> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-bench-'));
  let store: Store | undefined;
  let app: FastifyInstance | undefined;
  try {
    const clock = new AdjustableClock();
    const nextId = createSnowflakeGenerator(clock.now);
    const world = benchWorld(options.world, nextId);
    store = openStore(directory);
    await loadWorld(store, world, { now: clock.now, nextId });
    const bus = new EventBus();
    app = buildApp({ store, bus, clock, nextId, clientDirectory: options.client ? undefined : null });
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return await openBench({ url, world, store, bus, app, clock, directory, timeoutMs: options.timeoutMs ?? DEFAULT_WAIT_MS });
  } catch (error) {
    await app?.close();
    await store?.close();
    await rm(directory, { recursive: true, force: true });
    if (error instanceof WorldError) throw new Error(`startBench: the world was refused: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * The apps and people of the world with their credentials, read when the bench opens and
 * again after every world edit, so `bench.app()` and `bench.user()` answer at once.
 */
interface Directory {
  applications: ApplicationRecord[];
  users: UserRecord[];
  credentials: Map<string, ApplicationCredentials | undefined>;
  tokens: Map<string, string | null>;
}

async function readDirectory(store: Store): Promise<Directory> {
  const applications = await store.world.applications();
  const users = await store.world.users();
  return {
    applications, users,
    credentials: new Map(await mapAsync(applications, async (app) => [app.id, await store.credentials.application(app.id)] as const)),
    tokens: new Map(await mapAsync(users, async (user) => [user.id, await store.credentials.userToken(user.id)] as const)),
  };
}

/** A lookup by name, its refusal as a plain error with the sentence ("no user is named ..."). */
function named<T>(find: () => T): T {
  try {
    return find();
  } catch (error) {
    if (error instanceof ServiceError) throw new Error(describeRefusal(error.status, error.body()), { cause: error });
    throw error;
  }
}

interface Parts {
  url: string;
  world: WorldFile;
  store: Store;
  bus: EventBus;
  app: FastifyInstance;
  clock: AdjustableClock;
  directory: string;
  timeoutMs: number;
}

async function openBench(parts: Parts): Promise<Bench> {
  const { store } = parts;
  let directory = await readDirectory(store);
  parts.bus.on('worldChanged', () => {
    void readDirectory(store).then((read) => (directory = read), () => undefined);
  });
  const http = new DriverHttp(parts.url, inProcessDriver(parts.app));
  const users = new Map<string, BenchUser>();
  // Any person's token opens the management routes; the first one's moves the clock.
  const anyToken = () => parts.world.users[0]?.token ?? '';
  let closed = false;
  return {
    url: parts.url,
    api: `${parts.url}/api/v10`,
    world: parts.world,
    dataDirectory: parts.directory,
    clock: {
      now: parts.clock.now,
      async advance(ms) {
        await http.call(anyToken(), 'POST', '/_slashbench/driver/clock', `advancing the clock by ${ms} ms`, { advance_ms: ms });
      },
    },
    app(nameOrId) {
      const found = named(() => pickApplication(directory.applications, nameOrId));
      const credentials = directory.credentials.get(found.id);
      if (!credentials?.bot_token) throw new Error(`the bench has no bot token for ${found.name}`);
      return { id: found.id, name: found.name, token: credentials.bot_token, publicKey: credentials.public_key };
    },
    user(nameOrId) {
      const found = named(() => pickUser(directory.users, nameOrId));
      let user = users.get(found.id);
      if (!user) {
        const token = directory.tokens.get(found.id) ?? null;
        if (token === null) throw new Error(`${found.username} has no session token in this bench (a bot cannot act as a person)`);
        users.set(found.id, (user = new BenchUser(http, found.id, found.username, token, parts.timeoutMs)));
      }
      return user;
    },
    async botReady(app, commands = [], options = {}) {
      const query = new URLSearchParams({ application: app, commands: commands.join(','), timeout_ms: String(options.timeoutMs ?? 30_000) });
      await http.call(anyToken(), 'GET', `/_slashbench/driver/ready?${query}`, `waiting for ${app}`);
    },
    async visibleCommands(user, chat) {
      const { channel_id: channelId } = await chat.ids();
      const index = await http.call<{ application_commands: APIApplicationCommand[] }>(
        user.token, 'GET', `/api/v10/channels/${channelId}/application-command-index`, `reading ${user.username}'s command index`,
      );
      return index.application_commands;
    },
    async explain(user, chat, name, type = 1) {
      const { channel_id: channelId } = await chat.ids();
      const index = await http.call<{ application_commands: APIApplicationCommand[]; hidden_commands?: Array<{ id: string; name: string; type: number }> }>(
        user.token, 'GET', `/api/v10/channels/${channelId}/application-command-index?include_hidden=true`, `reading ${user.username}'s command index`,
      );
      const wanted = name.replace(/^\//, '');
      const command = [...index.application_commands, ...(index.hidden_commands ?? [])].find((entry) => entry.name === wanted && entry.type === type);
      if (!command) throw new Error(`no command "${wanted}" (type ${type}) of an app that reaches ${user.username} there, shown or hidden`);
      const query = new URLSearchParams({ command_id: command.id, channel_id: channelId });
      return http.call<Explanation>(user.token, 'GET', `/_slashbench/explain?${query}`, `explaining ${wanted}`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await parts.app.close();
      http.close();
      await store.close();
      await rm(parts.directory, { recursive: true, force: true });
    },
  };
}
