/**
 * The benchmark's side of a helper process (the HTTP bot, the bare servers): started with an
 * IPC channel, told its settings (each acknowledged before the promise settles), and heard
 * when it reports a bot's arrival.
 */
import { fileURLToPath } from 'node:url';
import type { BotArrival, ChildMessage } from './child-messages.js';
import { startListening, type Child } from './cli-process.js';

export interface HelperProcess extends Child {
  /** Sends a setting and waits for the child to have applied it. */
  configure(message: object): Promise<void>;
  /** The next arrival at `path` whose interaction is not a PING (an endpoint check's). */
  nextArrival(path: string): Promise<BotArrival>;
}

/** Starts `program` (a file of out/bench/bench, e.g. "http-bot-process.js") as its own process. */
export async function startHelper(program: string): Promise<HelperProcess> {
  const child = await startListening([fileURLToPath(new URL(program, import.meta.url))], { ipc: true });
  const acknowledgements: Array<() => void> = [];
  let waiter: { path: string; resolve: (arrival: BotArrival) => void } | undefined;
  child.process.on('message', (message: ChildMessage) => {
    if (message.kind === 'acknowledged') acknowledgements.shift()?.();
    else if (message.kind === 'arrival' && waiter?.path === message.path && !isPing(message.body)) {
      const { resolve } = waiter;
      waiter = undefined;
      resolve(message);
    }
  });
  return {
    ...child,
    configure(message) {
      return new Promise((resolve, reject) => {
        acknowledgements.push(resolve);
        child.process.send(message, (error) => {
          if (error) reject(error);
        });
      });
    },
    nextArrival(path) {
      if (waiter) return Promise.reject(new Error(`already waiting for an arrival at ${waiter.path}`));
      return new Promise((resolve) => (waiter = { path, resolve }));
    },
  };
}

function isPing(body: string): boolean {
  try {
    return (JSON.parse(body) as { type?: unknown }).type === 1;
  } catch {
    return false;
  }
}
