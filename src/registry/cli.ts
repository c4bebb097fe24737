/**
 * `npm run serve -- [--host H] [--port N] [--data DIR] [--database URL] [--world FILE] [--test-clock | --held-clock]`: the headless registry.
 * With `--database` (or SLASHBENCH_DATABASE_URL) the store is a PostgreSQL database that several processes share.
 * Prints one line with `listening on http://HOST:PORT` once the address answers and the world is loaded (its routes are built next: start.ts).
 */
import { parseArgs } from 'node:util';
import type { WorldFile } from '../shared/world-file.js';
import { defaultDataDirectory } from './data-directory.js';
import { STARTED } from './code-cache.js';
import { AdjustableClock } from './driver/adjustable-clock.js';
import { tokensCommand } from './tokens-listing.js';
import { isLoopbackAddress } from './http/loopback.js';
import { startRegistry, StartError } from './start.js';
import { DatabaseError, describeDatabase } from './store/database-error.js';
import { StorageError } from './store/storage-error.js';

const USAGE = 'usage: npm run serve -- [--host H] [--port N] [--data DIR] [--database postgres://...] [--world FILE] [--route-limit N] [--test-clock | --held-clock]';

/** A test clock held at the moment the registry starts. */
function heldClock(): AdjustableClock {
  const start = Date.now();
  return new AdjustableClock(() => start);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8484' },
      data: { type: 'string' },
      database: { type: 'string' },
      world: { type: 'string' },
      'route-limit': { type: 'string' },
      // Tests move this clock (POST /_slashbench/driver/clock); for throwaway data only, since ids made while it ran ahead stay ahead.
      'test-clock': { type: 'boolean', default: false },
      // A test clock that stands still: time passes only when a test moves it, so no deadline comes on its own.
      'held-clock': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = decimal(values.port);
  if (port === undefined || port > 65535) throw new StartError(`--port must be 0-65535, got "${values.port}"`);
  const routeLimit = values['route-limit'] === undefined ? undefined : decimal(values['route-limit']);
  if (routeLimit === 0 || (values['route-limit'] !== undefined && routeLimit === undefined)) {
    throw new StartError('--route-limit must be a positive number of requests per second');
  }
  const dataDirectory = values.data ?? defaultDataDirectory();
  const databaseUrl = values.database ?? process.env.SLASHBENCH_DATABASE_URL;
  if (!isLoopbackHost(values.host)) {
    console.error(
      `slashbench: warning: --host ${values.host} is not a loopback address, so other machines can reach this registry. ` +
      'Every API and management route still needs a token, and /_host/* answers only this machine.',
    );
  }
  const started = startRegistry({
    host: values.host,
    port,
    dataDirectory,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(values.world === undefined ? {} : { worldFile: values.world }),
    ...(routeLimit === undefined ? {} : { routeLimit: { limit: routeLimit, windowMs: 1000 } }),
    ...(values['held-clock'] ? { clock: heldClock() } : values['test-clock'] ? { clock: new AdjustableClock() } : {}),
    // The address answers and the world is loaded; requests wait for the app, built while a page loads.
    listening({ url, store, demo }) {
      const stop = () => {
        started.then((registry) => registry.close()).then(() => process.exit(0), () => process.exit(1));
      };
      // Before the listening line: whoever reads that line may signal at once, and a signal
      // with no handler yet would kill the process without closing the database.
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      if (demo) printDemo(demo);
      // On every start, not only the first: whoever missed the demo's lines can always get the tokens back.
      console.log(`Tokens: ${store.credentials.keychainPath ?? 'in memory'} (list or reset them: ${tokensCommand(dataDirectory)})`);
      const where = databaseUrl ? `, database: ${describeDatabase(databaseUrl)}` : '';
      console.log(`Slashbench registry (data: ${dataDirectory}${where}) listening on ${url}`);
    },
  });
  await started;
  // Run from the bundle, the code cache is made now (code-cache.ts).
  (globalThis as Record<symbol, (() => void) | undefined>)[STARTED]?.();
}

/** A plain decimal integer ("80", not "", "0x50" or "1e3"), or undefined. */
function decimal(text: string): number | undefined {
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

function printDemo(world: WorldFile): void {
  console.log('Created the demo world:');
  for (const app of world.applications) console.log(`  app ${app.name} (${app.id}): Bot ${app.bot_token}  client secret ${app.client_secret}`);
  for (const user of world.users) console.log(`  user ${user.username} (${user.id}): ${user.token}`);
  for (const guild of world.guilds) console.log(`  guild ${guild.name} (${guild.id})`);
}

/** Whether `host` keeps the registry on this machine: a loopback address or the name localhost. */
function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host.replace(/^\[(.*)\]$/, '$1'));
}

/** An address the registry could not listen on, as one line: "cannot listen on 127.0.0.1:8484: EADDRINUSE". */
function listenProblem(error: unknown): string | undefined {
  const { code, syscall, address, port } = error as { code?: unknown; syscall?: unknown; address?: unknown; port?: unknown };
  if (syscall !== 'listen' || typeof code !== 'string') return undefined;
  return `cannot listen on ${String(address)}:${String(port)}: ${code}`;
}

main().catch((error: unknown) => {
  // The operator's problems (a full or read-only data directory, a taken port) in one line, without a stack.
  const operatorProblem = error instanceof StorageError || error instanceof DatabaseError ? error.message : listenProblem(error);
  if (operatorProblem !== undefined) {
    console.error(`slashbench: ${operatorProblem}`);
    process.exit(1);
  }
  if (error instanceof StartError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_')) {
    console.error(`slashbench: ${(error as Error).message}\n${USAGE}`);
  } else {
    console.error('slashbench: could not start:', error);
  }
  process.exit(2);
});
