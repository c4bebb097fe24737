/**
 * Team registries for tests: one throwaway PostgreSQL server per test file (Debian's
 * `postgresql`, src/registry/team/local-postgres.ts), a fresh database per team, and the
 * built CLI started several times on it, each process with its own port and data directory,
 * all loading examples/world.json (idempotently, whichever starts first).
 */
import { startLocalPostgres, type LocalPostgres } from '../../src/registry/team/local-postgres.js';
import { EXAMPLE_WORLD, startRegistryProcess, type RegistryProcess } from './registry-process.js';

let server: LocalPostgres | undefined;
let databases = 0;

/** The file's PostgreSQL server, started on first use. */
export async function teamServer(): Promise<LocalPostgres> {
  server ??= await startLocalPostgres();
  return server;
}

/** Stops the file's server (call in afterAll). */
export async function stopTeamServer(): Promise<void> {
  await server?.stop();
  server = undefined;
}

export interface Team {
  url: string;
  processes: RegistryProcess[];
}

/** `count` registry processes on a new database; `args` adds CLI arguments to each. */
export async function startTeam(count: number, args: string[] = []): Promise<Team> {
  const postgres = await teamServer();
  databases += 1;
  const url = await postgres.createDatabase(`team_${process.pid}_${databases}`);
  // Together, as a team's processes start: the schema's advisory lock and the world's transaction make one of everything.
  const processes = await Promise.all(Array.from({ length: count }, () =>
    startRegistryProcess({ args: ['--database', url, '--world', EXAMPLE_WORLD, ...args] })));
  return { url, processes };
}
