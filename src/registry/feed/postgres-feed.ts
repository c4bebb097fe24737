/**
 * The change feed over PostgreSQL. Each event is a row of `feed` (kept a while, for
 * catching up) announced with LISTEN/NOTIFY: the notification carries a reference (the
 * row's id) and, when it fits well within NOTIFY's 8000 bytes, the event itself, so most
 * events cost one round trip to send and none to receive. Writes to cached tables notify
 * `slashbench_changes` through triggers (postgres-schema.ts), which makes the caches here
 * forget. A dedicated connection listens; when it is lost it reconnects by itself, then
 * forgets every cache and reads the rows it may have missed.
 */
import type pg from 'pg';
import { pgDriver } from '../store/pg-driver.js';
import { inOrder } from '../in-order.js';
import type { Sql } from '../store/database.js';
import type { ChangeFeed, FeedEvent } from './change-feed.js';
import { startHeartbeat, type Heartbeat } from './process-heartbeat.js';

/** Events larger than this travel by reference only (NOTIFY's payload stops at 8000 bytes). */
const INLINE_LIMIT = 7000;
/** How long rows stay for a process that lost its connection to catch up from. */
const KEPT_MS = 10 * 60_000;
/** How many recent event ids are remembered, so an event is never delivered twice. */
const SEEN_KEPT = 4096;

interface Note {
  o: string;
  i: number;
  b?: FeedEvent;
}

export interface PostgresFeedOptions {
  url: string;
  pool: pg.Pool;
  /** The store's database: the heartbeat is written through it. */
  sql: Sql;
  /** This process's id (its connections' application_name says it): its notifications are ignored (it knows its own events and writes). */
  processId: string;
  /** Delivers another process's event (on this process's bus). */
  deliver(event: FeedEvent): void;
  /** Another process wrote to a cached table, or the connection was lost: caches forget. */
  changed(): void;
  now?: () => number;
  report?: (problem: string) => void;
}

export class PostgresFeed implements ChangeFeed {
  readonly processId: string;
  private listener: pg.Client | null = null;
  private heartbeat: Heartbeat | null = null;
  private closed = false;
  private lastId = 0;
  private readonly seen = new Set<number>();
  private readonly deliveries: (job: () => void | Promise<void>) => void;
  private readonly publishes: (job: () => void | Promise<void>) => void;
  /** The barrier in flight, and the one queued behind it for callers that came during it. */
  private running: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;
  /** Settles when the delivery queue has run every job given so far. */
  private drained: Promise<void> = Promise.resolve();

  constructor(private readonly options: PostgresFeedOptions) {
    this.processId = options.processId;
    const report = (error: unknown) => options.report?.(`the change feed: ${(error as Error).message ?? String(error)}`);
    this.deliveries = inOrder(report);
    this.publishes = inOrder(report);
  }

  /** The application_name this process's connections carry: what its trigger notifications say. */
  get connectionName(): string {
    return `slashbench:${this.processId}`;
  }

  async start(): Promise<void> {
    await this.connect();
    this.heartbeat = await startHeartbeat(this.options.sql, this.processId, () => (this.options.now ?? Date.now)(),
      (error) => this.options.report?.(`the change feed: ${(error as Error).message ?? String(error)}`));
  }

  /** A team registry is several processes by design: always shared. */
  shared(): boolean {
    return true;
  }

  private async connect(): Promise<void> {
    const client = new (pgDriver().Client)({ connectionString: this.options.url, application_name: `${this.connectionName}:listen` });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.heard(message.channel, message.payload ?? ''));
    await client.connect();
    await client.query('LISTEN slashbench_changes');
    await client.query('LISTEN slashbench_events');
    this.listener = client;
    // What happened while nobody listened: caches may be stale, events may be missed.
    this.options.changed();
    await this.catchUp(client);
  }

  private lost(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.options.changed();
    if (!this.closed) void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 1; !this.closed && this.listener === null; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * attempt)));
      try {
        await this.connect();
      } catch {
        // The server is still away: try again.
      }
    }
  }

  private heard(channel: string, payload: string): void {
    if (channel === 'slashbench_changes') {
      if (!payload.startsWith(this.connectionName)) this.options.changed();
      return;
    }
    let note: Note;
    try {
      note = JSON.parse(payload) as Note;
    } catch {
      return;
    }
    if (note.o === this.processId || !this.remember(note.i)) return;
    this.queueDelivery(async () => {
      const event = note.b ?? await this.read(note.i);
      if (event) this.options.deliver(event);
    });
  }

  private queueDelivery(job: () => void | Promise<void>): void {
    let done!: () => void;
    const settled = new Promise<void>((resolve) => (done = resolve));
    this.deliveries(async () => {
      try {
        await job();
      } finally {
        done();
      }
    });
    this.drained = settled;
  }

  /** Records an event id as seen; false when it already was. */
  private remember(id: number): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.values().next().value as number);
    if (id > this.lastId) this.lastId = id;
    return true;
  }

  private async read(id: number): Promise<FeedEvent | undefined> {
    const row = (await this.options.pool.query<{ body: string }>('SELECT body FROM feed WHERE id = $1', [id])).rows[0];
    return row && (JSON.parse(row.body) as FeedEvent);
  }

  /** Delivers the rows of other processes not seen yet (those near the last seen too: ids are given before their commits). */
  private async catchUp(client: pg.Client): Promise<void> {
    const from = Math.max(0, this.lastId - SEEN_KEPT);
    const rows = (await client.query<{ id: number; origin: string; body: string }>(
      'SELECT id, origin, body FROM feed WHERE id > $1 ORDER BY id', [from],
    )).rows;
    for (const row of rows) {
      if (row.origin === this.processId || !this.remember(Number(row.id))) continue;
      const event = JSON.parse(row.body) as FeedEvent;
      this.queueDelivery(() => this.options.deliver(event));
    }
  }

  publish(event: FeedEvent): void {
    const body = JSON.stringify(event);
    const now = (this.options.now ?? Date.now)();
    this.publishes(async () => {
      const inline = body.length <= INLINE_LIMIT;
      const result = await this.options.pool.query<{ id: number }>(
        `WITH row AS (INSERT INTO feed (origin, body, created_at) VALUES ($1, $2, $3) RETURNING id)
         SELECT id, pg_notify('slashbench_events', json_build_object('o', $1::text, 'i', id, 'b', CASE WHEN $4 THEN $2::json END)::text) FROM row`,
        [this.processId, body, now, inline],
      );
      const id = result.rows[0]?.id;
      if (id !== undefined) this.remember(Number(id));
      // Now and then, the rows nobody can need any more go.
      if (id !== undefined && Number(id) % 500 === 0) await this.options.pool.query('DELETE FROM feed WHERE created_at < $1', [now - KEPT_MS]);
    });
  }

  caughtUp(): Promise<void> {
    if (this.running === null) {
      this.running = this.barrier().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A barrier under way began before this call: the next one, shared by everyone who comes meanwhile, answers it.
    this.waiting ??= this.running.then(() => {
      this.waiting = null;
      return this.caughtUp();
    });
    return this.waiting;
  }

  /**
   * A round trip on the listening connection: PostgreSQL sends the notifications committed
   * before it ahead of its answer, so when it returns they are all heard; then the
   * deliveries they started are waited for. Without a connection, the caches forget.
   */
  private async barrier(): Promise<void> {
    const listener = this.listener;
    if (listener === null) {
      this.options.changed();
      return;
    }
    try {
      // The empty query: the same round trip as any statement, at a third of `SELECT 1`'s cost (nothing to parse or plan).
      await listener.query('');
    } catch {
      this.options.changed();
      return;
    }
    await this.drained;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.heartbeat?.stop();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }
}
