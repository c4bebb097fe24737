/**
 * A registry listening on a free loopback port with the world tests' fixture (guilds, a
 * guild whose @everyone cannot view channels, DMs, a group DM) plus a guild on shard 1 of
 * 2, and its real gateway created here so tests can also ask it for op 1 and op 7.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import type { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { EventBus } from '../../src/registry/events.js';
import { createGateway, type Gateway } from '../../src/registry/gateway/gateway.js';
import { SessionStarts } from '../../src/registry/gateway/session-starts.js';
import type { Store } from '../../src/registry/store/store.js';
import { testStore } from './test-store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import { GatewayClient } from './gateway-client.js';
import { fixtureWorld, IDS, TOKENS } from './test-registry.js';
import { worldExtension } from './world-registry.js';

/** A guild of the fixture app whose events go to shard 1 of 2: (id >> 22) % 2 === 1. */
export const FAR_GUILD = String((123_456_789n << 22n) | 5n);

function farWorld(): WorldFile {
  return {
    users: [], applications: [], channels: [], messages: [],
    guilds: [{
      id: FAR_GUILD, name: 'Far', owner_id: IDS.owner, roles: [],
      channels: [{ id: '530000000000000001', name: 'far-general', type: 0 }],
      members: [{ user_id: IDS.owner, roles: [] }], applications: [IDS.app],
    }],
  } as unknown as WorldFile;
}

export interface GatewayRegistry {
  app: FastifyInstance;
  store: Store;
  bus: EventBus;
  gateway: Gateway;
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `ws://127.0.0.1:PORT/gateway` */
  gatewayUrl: string;
  /** Opens a raw client (`?v=10&encoding=json` unless told otherwise). */
  connect(query?: string): Promise<GatewayClient>;
  /** Connects and identifies with `token`; resolves with the client and its READY. */
  login(token?: string, extra?: Record<string, unknown>): Promise<{ client: GatewayClient; ready: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** `clock`: a test clock for the registry and its gateway (heartbeat deadlines fall due on it); the machine's by default. */
export async function gatewayRegistry(
  { clock, ...options }: { heartbeatInterval?: number; resumeWindow?: number; clock?: AdjustableClock } = {},
): Promise<GatewayRegistry> {
  const now = clock?.now ?? Date.now;
  const nextId = createSnowflakeGenerator(now);
  const store = await testStore();
  for (const world of [fixtureWorld(), worldExtension(), farWorld()]) await loadWorld(store, world, { now, nextId });
  const bus = new EventBus();
  const gateway = createGateway({ store, bus, now, sessionStarts: new SessionStarts(now), ...(clock ? { timers: clock } : {}), ...options });
  const app = buildApp({ store, bus, now, nextId, gateway, routeLimit: { limit: 1_000_000, windowMs: 1000 }, ...(clock ? { clock } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const gatewayUrl = `ws://127.0.0.1:${port}/gateway`;
  const clients: GatewayClient[] = [];
  const connect = async (query?: string) => {
    const client = await GatewayClient.open(gatewayUrl, query);
    clients.push(client);
    return client;
  };
  return {
    app, store, bus, gateway, url, gatewayUrl, connect,
    async login(token = TOKENS.bot, extra = {}) {
      const client = await connect();
      await client.op(10);
      client.identify(token, extra);
      const ready = await client.dispatch('READY');
      return { client, ready: ready.d as Record<string, unknown> };
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await app.close();
      await store.close();
    },
  };
}
