/**
 * The delivery benchmarks' HTTP bot as its own process, as a bot runs beside a registry:
 * `startHttpBot` answering every interaction inline, its keys set over IPC, and each
 * request's arrival reported over IPC once it has been answered (after the answer is
 * written, so reporting costs the measured path nothing). Prints `listening on URL`.
 */
import type { KeyObject } from 'node:crypto';
import type { Acknowledged, BotArrival, BotKeys } from './child-messages.js';
import { INLINE_ANSWER, publicKeyFromHex, startHttpBot } from './http-bot.js';

const keys = new Map<string, KeyObject>();
const bot = await startHttpBot({
  keys,
  answer: () => INLINE_ANSWER,
  onReceive: (path, at, body) => setImmediate(() => process.send?.({ kind: 'arrival', path, at, body } satisfies BotArrival)),
});
process.on('message', (message: BotKeys) => {
  if (message.kind !== 'keys') return;
  keys.clear();
  for (const [path, hex] of Object.entries(message.keys)) keys.set(path, publicKeyFromHex(hex));
  process.send?.({ kind: 'acknowledged' } satisfies Acknowledged);
});
// The benchmark is gone (or stopped us): nothing left to answer.
process.once('disconnect', () => void bot.close().then(() => process.exit(0)));
process.once('SIGTERM', () => void bot.close().then(() => process.exit(0)));
console.log(`listening on ${bot.origin}`);
