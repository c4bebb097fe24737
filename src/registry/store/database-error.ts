/**
 * A database that cannot be used, said in one line a person can act on (the CLI prints it
 * and exits 1), and how a database URL is named in messages: host, port and database,
 * never the user or password. Kept apart from the PostgreSQL driver, so the CLI names
 * these without loading it.
 */

/** Why a database could not be used. */
export class DatabaseError extends Error {}

/** `host:port/database` of a PostgreSQL URL, without user or password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the database URL (it is not a valid URL)';
  }
}
