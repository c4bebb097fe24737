/**
 * A registry inside the benchmark process, built as the desktop app and the tests build it
 * (`buildApp` + `listen` on 127.0.0.1 port 0) over a fresh data directory on disk, with a
 * route limit no benchmark reaches, and its event bus exposed. Plus a small API client
 * that fails loudly on an unexpected status: a failed request makes the run broken.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/registry/app.js';
import { createSnowflakeGenerator } from '../src/registry/domain/snowflake.js';
import { EventBus } from '../src/registry/events.js';
import { openStore, type Store } from '../src/registry/store/store.js';
import { loadWorld } from '../src/registry/world/load-world.js';
import type { WorldFile } from '../src/shared/world-file.js';

/** High enough that no benchmark ever meets a 429. */
export const UNREACHABLE_ROUTE_LIMIT = { limit: 1e9, windowMs: 1000 };

export interface BenchRegistry {
  url: string;
  app: FastifyInstance;
  store: Store;
  bus: EventBus;
  close(): Promise<void>;
}

/** `clientDirectory`: the built client to serve at `/` (out/renderer by default, as the CLI serves). */
export async function startBenchRegistry(world: WorldFile, options: { clientDirectory?: string } = {}): Promise<BenchRegistry> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'slashbench-bench-'));
  const store = openStore(dataDirectory);
  const now = Date.now;
  const nextId = createSnowflakeGenerator(now);
  const bus = new EventBus();
  await loadWorld(store, world, { now, nextId });
  const app = buildApp({
    store, now, nextId, bus, routeLimit: UNREACHABLE_ROUTE_LIMIT,
    ...(options.clientDirectory === undefined ? {} : { clientDirectory: options.clientDirectory }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`, app, store, bus,
    async close() {
      await app.close();
      await store.close();
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}

/** A request that did not answer as the benchmark needs: the run is broken, not slow. */
export class BrokenRun extends Error {}

export interface ApiCall {
  method: string;
  path: string;
  /** The whole Authorization header ("Bot x", "Bearer x", or a bare user token). */
  authorization: string;
  body?: unknown;
  /** Statuses that count as success; [200] by default. */
  expect?: number[];
}

/** Calls `/api/v10{path}` and answers the parsed JSON body (or null when empty). */
export async function api<T = unknown>(baseUrl: string, call: ApiCall): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v10${call.path}`, {
    method: call.method,
    headers: {
      authorization: call.authorization,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) }),
  });
  const text = await response.text();
  if (!(call.expect ?? [200]).includes(response.status)) {
    throw new BrokenRun(`${call.method} ${call.path} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return (text.length > 0 ? JSON.parse(text) : null) as T;
}
