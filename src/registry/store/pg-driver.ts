/**
 * `pg`, the PostgreSQL driver, loaded the first time a team registry needs it. The bundled
 * CLI (scripts/bundle-registry.js) hoists every import of a package it keeps outside to its
 * top, so a plain `import pg from 'pg'` loaded the driver, and the fetch implementation it
 * probes for, at every start of the embedded registry too: a tenth of its start.
 */
import { createRequire } from 'node:module';
import type Pg from 'pg';

let driver: typeof Pg | undefined;

export function pgDriver(): typeof Pg {
  return (driver ??= createRequire(import.meta.url)('pg') as typeof Pg);
}
