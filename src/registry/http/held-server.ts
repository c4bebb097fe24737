/**
 * The registry's HTTP server from the moment its address accepts connections, before the
 * app's routes exist. Building them (Fastify, some hundred routes, the gateway) was a third of
 * `npm run serve`'s time to listen (docs/benchmarks.md), and a browser opening the client needs none
 * of it at first: it loads the page and its scripts, then runs them for as long again. So
 * the server listens first (before the store is opened and the world loaded), answers the client's
 * files itself (`early`, the same answers as their routes: routes/client-files.ts), and
 * holds every other request and gateway upgrade, in order, until `open()` hands its events to
 * the listeners the app added (Fastify's handler, the lean route, the gateway).
 *
 * Building the app blocks the process for tens of milliseconds, so it waits (`appWanted`)
 * until the page's files are answered (the browser then runs the page's scripts), or a
 * request needs the app, or nobody asked for anything for a moment.
 */
import { lookup } from 'node:dns/promises';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { machineTimers, type Timers } from '../timers.js';

/** How long an idle keep-alive connection stays open: Fastify's default, for every registry's server (app.ts). */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * How long the server waits for another of the page's files before it builds the app anyway.
 * A browser asks for the page's scripts 20-60 ms after the page on a busy machine, and a build
 * begun before they are asked for held them up by as long as it took (the serve timeline,
 * docs/benchmarks.md); a request that needs the app cuts the wait short.
 */
export const PAUSE_MS = 250;

/**
 * Takes a request before the app exists (true), or leaves it to the app (false). One taken
 * may still be passed on (`passOn`) once its answer turns out to be the app's (a file not found).
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse, passOn: () => void) => boolean;

type HeldEvent = { event: 'request' | 'upgrade'; args: unknown[] };

/** Node emits `upgrade` only to a server with a listener for it (else it answers the request as any other). */
function holdUpgrades(): void {}

/** The server's own `emit` (Node's `Server` keeps EventEmitter's), under this one. */
function emitOf(server: Server, event: string | symbol, args: unknown[]): boolean {
  return (Server.prototype.emit as (this: Server, event: string | symbol, ...rest: unknown[]) => boolean).call(server, event, ...args);
}

export class HeldServer extends Server {
  #held: HeldEvent[] | null = [];
  readonly #early: EarlyAnswer;
  /** The other addresses of `localhost`, whose connections come to this server too. */
  readonly #alsoOn: NetServer[] = [];
  /** The app is wanted now: a request needs it, or the page is loaded. */
  #due = false;
  #wanted: (() => void) | undefined;
  #cancelPause: (() => void) | undefined;
  readonly #timers: Timers;

  /** `timers` measure the pause: the machine's, or a test clock's (timers.ts). */
  constructor(early: EarlyAnswer, timers: Timers = machineTimers) {
    super();
    this.#early = early;
    this.#timers = timers;
    // As Fastify sets up a server of its own.
    this.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    this.requestTimeout = 0;
    this.on('upgrade', holdUpgrades);
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (this.#held === null || (event !== 'request' && event !== 'upgrade')) return emitOf(this, event, args);
    if (event === 'request' && this.#early(args[0] as IncomingMessage, args[1] as ServerResponse, () => this.#toApp('request', args))) {
      this.#pauseAgain();
      return true;
    }
    this.#toApp(event, args);
    return true;
  }

  /** Held while the app is not there yet (and wanted now), else given to it. */
  #toApp(event: HeldEvent['event'], args: unknown[]): void {
    if (this.#held === null) return void emitOf(this, event, args);
    this.#held.push({ event, args });
    this.#want();
  }

  /**
   * Resolves when the app should be built: once the page's files are answered
   * (`pageLoaded`), a request needs the app, or no request came for PAUSE_MS.
   */
  appWanted(): Promise<void> {
    if (this.#due || this.#held === null) return Promise.resolve();
    return new Promise((resolve) => {
      this.#wanted = resolve;
      this.#pauseAgain();
    });
  }

  /** The page and the files it names are answered: the app may be built. */
  pageLoaded(): void {
    this.#want();
  }

  #want(): void {
    this.#due = true;
    this.#cancelPause?.();
    this.#wanted?.();
    this.#wanted = undefined;
  }

  #pauseAgain(): void {
    if (this.#wanted === undefined) return;
    this.#cancelPause?.();
    this.#cancelPause = this.#timers.after(PAUSE_MS, () => this.#want());
  }

  /** Gives every request and upgrade, the held ones first, to the listeners added since. */
  open(): void {
    const held = this.#held ?? [];
    this.#held = null;
    this.#cancelPause?.();
    this.off('upgrade', holdUpgrades);
    // From now on it emits as any server, with nothing in between.
    this.emit = Server.prototype.emit;
    for (const { event, args } of held) emitOf(this, event, args);
  }

  /**
   * Listens on `host:port`. For `localhost`, on each of its addresses, as Fastify's own
   * listen does: a client may reach either (`::1` first, on most systems).
   */
  async listenOn(host: string, port: number): Promise<void> {
    const addresses = host === 'localhost' ? (await lookup(host, { all: true })).map(({ address }) => address) : [host];
    await listening(this, addresses[0] ?? host, port);
    const bound = (this.address() as { port: number }).port;
    for (const address of addresses.slice(1)) {
      const also = createServer((socket: Socket) => this.emit('connection', socket));
      // An address this machine cannot bind (no IPv6) is skipped, as Fastify skips it.
      if (await listening(also, address, bound).then(() => true, () => false)) this.#alsoOn.push(also);
    }
  }

  override close(callback?: (error?: Error) => void): this {
    for (const also of this.#alsoOn) also.close();
    return super.close(callback);
  }
}

/** Resolves once `server` listens on `host:port`; rejects with the listen error (its `code`, `address`, `port`). */
export function listening(server: NetServer, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
