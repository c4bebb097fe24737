/**
 * The keychain: `credentials.json` in the data directory, holding the plaintext of every
 * token the registry minted or was given (bot tokens, client secrets, people's tokens), so
 * `npm run tokens` and the world editor can show them again. The database keeps only
 * digests (secrets.ts): a token is shown only while its digest still matches the stored
 * one, so an entry a rolled-back edit left behind is never shown as valid.
 *
 * The file is readable by this user only (0600) and written whole to a temporary file
 * renamed over the old one, so a crash leaves the old file or the new. Each write reads the
 * file first: the registry and the `npm run tokens` CLI may both write it. Writes inside a
 * store transaction wait for its end (one write per world load, none after a rollback).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const KEYCHAIN_FILE_NAME = 'credentials.json';

/** What the file holds, by application and user id. */
export interface KeychainContents {
  applications: Record<string, { bot_token?: string; client_secret?: string }>;
  users: Record<string, { token?: string }>;
}

/** One change to the keychain. */
export type KeychainChange =
  | { kind: 'bot_token' | 'client_secret'; applicationId: string; value: string }
  | { kind: 'user_token'; userId: string; value: string }
  | { kind: 'forget_user'; userId: string };

const empty = (): KeychainContents => ({ applications: {}, users: {} });

/** Reads a keychain's JSON, keeping only string entries (a damaged file reads as empty). */
function parseContents(text: string): KeychainContents {
  const contents = empty();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return contents;
  }
  const record = (value: unknown): Record<string, unknown> =>
    (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const root = record(json);
  for (const [id, entry] of Object.entries(record(root.applications))) {
    const { bot_token: botToken, client_secret: clientSecret } = record(entry);
    contents.applications[id] = {
      ...(typeof botToken === 'string' ? { bot_token: botToken } : {}),
      ...(typeof clientSecret === 'string' ? { client_secret: clientSecret } : {}),
    };
  }
  for (const [id, entry] of Object.entries(record(root.users))) {
    const { token } = record(entry);
    if (typeof token === 'string') contents.users[id] = { token };
  }
  return contents;
}

function apply(contents: KeychainContents, change: KeychainChange): void {
  if (change.kind === 'forget_user') {
    delete contents.users[change.userId];
  } else if (change.kind === 'user_token') {
    contents.users[change.userId] = { token: change.value };
  } else {
    contents.applications[change.applicationId] = { ...contents.applications[change.applicationId], [change.kind]: change.value };
  }
}

export class Keychain {
  private memory = empty();
  private pending: KeychainChange[] = [];

  /** `directory` null keeps the keychain in memory (a store without a data directory). */
  constructor(private readonly directory: string | null, private readonly warn: (message: string) => void = (message) => console.warn(message)) {}

  /** The file's path, or null for an in-memory keychain. */
  get path(): string | null {
    return this.directory === null ? null : join(this.directory, KEYCHAIN_FILE_NAME);
  }

  read(): KeychainContents {
    // Changes remembered in this turn are written first, so a reader sees them.
    if (this.pending.length > 0) this.flush();
    const path = this.path;
    if (path === null) return structuredClone(this.memory);
    try {
      return parseContents(readFileSync(path, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty();
      throw error;
    }
  }

  /**
   * Records a change (the database calls it once the change has committed). The file is
   * written once for every change remembered in the same turn: a world's load commits a
   * token or two per app and person, and each write waits for the disk (a new registry's
   * start spent more on those writes than on loading the world).
   */
  remember(change: KeychainChange): void {
    this.pending.push(change);
    if (this.pending.length > 1) return;
    queueMicrotask(() => {
      try {
        this.flush();
      } catch (error) {
        this.warn(`slashbench: could not read ${this.path} (${(error as Error).message}); the new tokens cannot be shown again, reset them to get new ones`);
      }
    });
  }

  private flush(): void {
    const changes = this.pending;
    this.pending = [];
    if (changes.length === 0) return;
    const contents = this.read();
    for (const change of changes) apply(contents, change);
    const path = this.path;
    if (path === null) {
      this.memory = contents;
      return;
    }
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600, flush: true });
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      // The edit is already committed and the tokens work; only showing them again is lost.
      this.warn(`slashbench: could not write ${path} (${(error as Error).message}); the new tokens cannot be shown again, reset them to get new ones`);
    }
  }
}
