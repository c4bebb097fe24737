/**
 * Vitest's global setup for `npm run test:postgres`: one throwaway PostgreSQL server for the
 * run (each test's store takes a fresh database on it), removed when the run ends.
 */
import { startLocalPostgres, type LocalPostgres } from '../src/registry/team/local-postgres.js';

let server: LocalPostgres | undefined;

export async function setup(): Promise<void> {
  server = await startLocalPostgres();
  process.env.SLASHBENCH_TEST_POSTGRES_URL = server.url;
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
