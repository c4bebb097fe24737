/**
 * The change feed over one SQLite data directory: two registries on it (the desktop app
 * beside `npm run serve`) are one. Each process says it is alive in `processes` every
 * second; while another one is, its events go into `feed`, and every process reads the
 * others' rows whenever SQLite's `data_version` moves (checked a few dozen times a second:
 * a read of a counter). Caches need no help here: they check `data_version` themselves.
 * A process alone writes nothing: the embedded default pays only its heartbeat. Alone means
 * that nobody else was alive at the last count and nobody has committed since: a process
 * that has just started (its heartbeat is its first commit) is told from that commit on, not
 * from the next count (a poll, or a beat up to a second later).
 */
import { randomUUID } from 'node:crypto';
import type { SqliteDatabase } from '../store/sqlite-database.js';
import type { ChangeFeed, FeedEvent } from './change-feed.js';
import { startHeartbeat, type Heartbeat } from './process-heartbeat.js';

/** How often the others' events are looked for (only read when the database moved). */
const POLL_MS = 20;
/** How long rows stay for a slow reader. */
const KEPT_MS = 60_000;

export interface SqliteFeedOptions {
  sql: SqliteDatabase;
  deliver(event: FeedEvent): void;
  now?: () => number;
  report?: (problem: string) => void;
  /** This process's heartbeat, when the registry started it with its store (start.ts); else the feed starts one. */
  heartbeat?: Heartbeat;
  /** How often the others' events are looked for; tests make it long, to see what does not wait for a look. */
  pollMs?: number;
  /** Called when a count first finds another process alive after one that found none (or at the start). */
  joined?: () => void;
}

export class SqliteFeed implements ChangeFeed {
  readonly processId: string;
  private heartbeat: Heartbeat | null = null;
  private published = 0;
  private lastId = 0;
  private lastVersion = -1;
  /** `data_version` when the other processes alive were last counted; null until then. */
  private countedVersion: number | null = null;
  /** Whether the last count found another process alive. */
  private company = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: SqliteFeedOptions) {
    this.processId = options.heartbeat?.processId ?? randomUUID();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async start(): Promise<void> {
    const { sql } = this.options;
    // Only what is written from now on: a process that starts is told of nothing before it.
    this.lastId = (await sql.get<{ id: number | null }>('SELECT max(id) AS id FROM feed'))?.id ?? 0;
    this.heartbeat = this.options.heartbeat ?? await startHeartbeat(sql, this.processId, () => this.now(), (error) => this.report(error));
    await this.count(sql.dataVersion());
    const poll = setInterval(() => void this.poll().catch((error: unknown) => this.report(error)), this.options.pollMs ?? POLL_MS);
    poll.unref();
    this.timers.push(poll);
  }

  /** Counts the other processes alive, at `version` (read before the count). */
  private async count(version: number): Promise<void> {
    await this.heartbeat?.recount();
    this.countedVersion = version;
    const company = (this.heartbeat?.peers() ?? 0) > 0;
    if (company && !this.company) this.options.joined?.();
    this.company = company;
  }

  /** Whether no other process could hear this one's events: none at the last count, no commit since (this turn's look). */
  private alone(): boolean {
    return (this.heartbeat?.peers() ?? 0) === 0 && this.options.sql.changeVersion() === this.countedVersion;
  }

  private report(error: unknown): void {
    this.options.report?.(`the change feed: ${(error as Error).message ?? String(error)}`);
  }

  /** Reads the others' new events when another connection has committed since the last look. */
  private async poll(): Promise<void> {
    const version = this.options.sql.dataVersion();
    if (version === this.lastVersion) return;
    this.lastVersion = version;
    // Another process wrote: perhaps one that has just started, which must now hear this one's events.
    await this.count(version);
    const rows = await this.options.sql.all<{ id: number; origin: string; body: string }>(
      'SELECT id, origin, body FROM feed WHERE id > ? ORDER BY id', this.lastId,
    );
    for (const row of rows) {
      this.lastId = row.id;
      if (row.origin !== this.processId) this.options.deliver(JSON.parse(row.body) as FeedEvent);
    }
  }

  publish(event: FeedEvent): void {
    if (this.alone()) return;
    const body = JSON.stringify(event);
    const now = this.now();
    void this.options.sql.run('INSERT INTO feed (origin, body, created_at) VALUES (?, ?, ?)', this.processId, body, now)
      .catch((error: unknown) => this.report(error));
    // Now and then, the rows every reader has had long since go.
    if (++this.published % 200 === 0) void this.options.sql.run('DELETE FROM feed WHERE created_at < ?', now - KEPT_MS).catch((error: unknown) => this.report(error));
  }

  /** SQLite's caches check `data_version` at every turn themselves; events need no barrier. */
  caughtUp(): Promise<void> {
    return Promise.resolve();
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.heartbeat?.stop();
  }

  /** Whether another process shares the store (so events must be told, sessions registered). */
  shared(): boolean {
    return !this.alone();
  }
}
