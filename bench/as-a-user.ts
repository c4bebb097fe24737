/**
 * HTTP delivery measured as a user measures it: the registry CLI in its own process
 * (bundled, as `npm run serve` runs it), an interactions-endpoint bot on node:http in its own
 * process that notes each request when its body is complete, before its own signature check
 * (http-bot-process.ts), and one keep-alive client, the same for every path: an invocation
 * POSTed to the registry with a person's session token, or the body the registry delivers,
 * signed, POSTed straight to the bot. Each sample waits for its own answer and for the
 * bot's arrival, and for nothing else: not for the message the bot's inline answer makes,
 * which the registry makes while the next sample runs, as it does for a user sending
 * invocations one after another. No gateway session is open.
 *
 * The delivery benchmark (delivery.ts) measures the same way and adds the floor of the hops
 * (bare-process.ts, `/floor`); `npm run bench -- --only user` and this file run alone
 * reproduce the measurement itself, several times:
 *
 *   node out/bench/bench/as-a-user.js [--client http|fetch] [--order alternate|registry-first|blocks] [--rounds 2000] [--warmup 200] [--runs 1]
 *
 * On a shared machine two runs a minute apart can differ by a third; a change is compared
 * with another build in one run instead, both registries (each with its own bot) measured
 * round after round, each first in turn (`--against`, the other build's bundled CLI):
 *
 *   node out/bench/bench/as-a-user.js --against /other/checkout/out/bench/src/registry/cli.bundle.js
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BareSettings, BotKeys } from './child-messages.js';
import { startCli } from './cli-process.js';
import { monotonicMs } from './clock.js';
import { startHelper } from './helper-process.js';
import { mainThreadCpuMs } from './process-cpu.js';
import { api, BrokenRun } from './registry.js';
import { summarize, type Summary } from './stats.js';
import type { Row } from './table.js';
import { benchWorld, type BenchApp, type BenchUser } from './world.js';
import { DELIVERY_USER_AGENT } from '../src/registry/delivery/deliver-over-http.js';

/** The client: node:http with a keep-alive Agent, or undici's fetch (keep-alive too). */
export type UserClient = 'http' | 'fetch';

/**
 * `alternate`: each path first in turn, round after round (no path always follows the
 * same one); `registry-first`: the registry then the bot, every round; `blocks`: all of the
 * registry's samples, then all of the bot's.
 */
export type UserOrder = 'alternate' | 'registry-first' | 'blocks';

interface Post {
  (url: string, headers: Record<string, string>, body: string): Promise<number>;
  close(): void;
}

/** POSTs and reads the whole answer; answers its status. */
function keepAliveClient(kind: UserClient): Post {
  if (kind === 'fetch') {
    return Object.assign(async (url: string, headers: Record<string, string>, body: string) => {
      const response = await fetch(url, { method: 'POST', headers, body });
      await response.arrayBuffer();
      return response.status;
    }, { close: () => undefined });
  }
  const agent = new Agent({ keepAlive: true });
  return Object.assign((url: string, headers: Record<string, string>, body: string) => new Promise<number>((resolve, reject) => {
    const sent = httpRequest(url, { method: 'POST', headers, agent }, (response) => {
      response.resume();
      response.on('error', reject);
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end(body);
  }), { close: () => agent.destroy() });
}

export interface DeliverySetup {
  /** The registry's process (its pid, for a reading of its CPU). */
  registryPid: number | undefined;
  /** An invocation POSTed to the registry: the moment before the POST and the bot's arrival (monotonicMs). */
  invoke(): Promise<readonly [number, number]>;
  /** The body the registry delivers, signed, POSTed straight to the bot: ms to the bot's arrival. */
  direct(): Promise<number>;
  /**
   * The invocation POSTed to a bare server in its own process that signs the delivery body
   * and writes it to the bot on a warm connection with the registry's own delivery client,
   * then answers 204: the floor of the registry's hops. Only with `floor: true`.
   */
  floor(): Promise<number>;
  close(): Promise<void>;
}

export interface SetupOptions {
  client: UserClient;
  /** Start the floor's bare server too. */
  floor?: boolean;
  /** Another build of the CLI (the unbundled one, for a profile), and Node's options for it. */
  cli?: string;
  registryNodeArgs?: readonly string[];
}

/** The registry with one app whose endpoint is the bot, a person, a guild command; the endpoint verified and one invocation delivered. */
export async function startDeliverySetup(options: SetupOptions): Promise<DeliverySetup> {
  const world = benchWorld({ appCount: 1, memberCount: 1 });
  const [app] = world.apps as [BenchApp];
  const person = world.guild.members[0] as BenchUser;
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-bench-delivery-'));
  const post = keepAliveClient(options.client);
  const closers: Array<() => Promise<void> | void> = [() => rm(directory, { recursive: true, force: true }), () => post.close()];
  try {
    const registry = await startCli(directory, world.file, {
      ...(options.cli ? { cli: options.cli } : {}), ...(options.registryNodeArgs ? { nodeArgs: options.registryNodeArgs } : {}),
    });
    closers.push(() => registry.stop());
    const bearer = `Bot ${app.botToken}`;
    const [command] = await api<Array<{ id: string; name: string; type: number; version: string }>>(registry.url, {
      method: 'PUT', path: `/applications/${app.id}/guilds/${world.guild.id}/commands`, authorization: bearer,
      body: [{ name: 'ping', description: 'Answers pong' }],
    });
    if (!command) throw new BrokenRun('the bulk overwrite saved no command');
    const { verify_key } = await api<{ verify_key: string }>(registry.url, { method: 'GET', path: '/applications/@me', authorization: bearer });
    // The bot checks the registry's requests (/interactions) with the app's key, and the baselines' (/baseline) with the bench's.
    const baselineKeys = generateKeyPairSync('ed25519');
    const bot = await startHelper('http-bot-process.js');
    closers.push(() => bot.stop());
    await bot.configure({
      kind: 'keys', keys: { '/interactions': verify_key, '/baseline': baselineKeys.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex') },
    } satisfies BotKeys);
    await api(registry.url, { method: 'PATCH', path: '/applications/@me', authorization: bearer, body: { interactions_endpoint_url: `${bot.url}/interactions` } });

    const invocation = JSON.stringify({
      type: 2, application_id: app.id, guild_id: world.guild.id, channel_id: world.guild.channel,
      data: { id: command.id, name: command.name, type: command.type, version: command.version },
    });
    const invocationHeaders = { authorization: person.token, 'content-type': 'application/json' };
    const invokeTo = async () => {
      const arrival = bot.nextArrival('/interactions');
      const started = monotonicMs();
      const status = await post(`${registry.url}/api/v10/interactions`, invocationHeaders, invocation);
      if (status !== 204) throw new BrokenRun(`the invocation answered ${status}`);
      return { started, arrival: await arrival };
    };
    // The first invocation verifies the endpoint (two PINGs) and shows the body the registry delivers.
    const delivered = (await invokeTo()).arrival.body;
    const privateKey = baselineKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    let floorUrl: string | undefined;
    if (options.floor) {
      const bare = await startHelper('bare-process.js');
      closers.push(() => bare.stop());
      await bare.configure({ kind: 'settings', botOrigin: bot.url, privateKey, body: delivered } satisfies BareSettings);
      floorUrl = bare.url;
    }
    return {
      registryPid: registry.process.pid,
      async invoke() {
        const { started, arrival } = await invokeTo();
        return [started, arrival.at] as const;
      },
      async direct() {
        // Signed before the clock starts: what the bot gets is a body signed elsewhere.
        const timestamp = String(Math.floor(Date.now() / 1000));
        const headers = {
          'Content-Type': 'application/json', 'User-Agent': DELIVERY_USER_AGENT,
          'X-Signature-Ed25519': sign(null, Buffer.from(timestamp + delivered), baselineKeys.privateKey).toString('hex'), 'X-Signature-Timestamp': timestamp,
        };
        const arrival = bot.nextArrival('/baseline');
        const started = monotonicMs();
        const status = await post(`${bot.url}/baseline`, headers, delivered);
        if (status !== 200) throw new BrokenRun(`the bot answered the signed POST ${status}`);
        return (await arrival).at - started;
      },
      async floor() {
        if (!floorUrl) throw new Error('started without the floor');
        const arrival = bot.nextArrival('/baseline');
        const started = monotonicMs();
        const status = await post(`${floorUrl}/floor`, invocationHeaders, invocation);
        if (status !== 204) throw new BrokenRun(`the floor's server answered ${status}`);
        return (await arrival).at - started;
      },
      async close() {
        for (const close of closers.reverse()) await close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => undefined);
    throw error;
  }
}

/** Runs `takes` (one sample of each path) round after round in `order`; the first `warmup` rounds are not kept. */
export async function interleaved<K extends string>(
  takes: Record<K, () => Promise<number>>, order: UserOrder, rounds: number, warmup: number, progress?: (done: number) => void,
  warmedUp?: (name: K) => void,
): Promise<Record<K, Summary>> {
  const names = Object.keys(takes) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const take = async (name: K, round: number) => {
    const value = await takes[name]();
    if (round === warmup - 1) warmedUp?.(name);
    if (round >= warmup) samples[name].push(value);
  };
  if (order === 'blocks') {
    for (const name of names) for (let round = 0; round < warmup + rounds; round++) await take(name, round);
  } else {
    for (let round = 0; round < warmup + rounds; round++) {
      // `alternate`: the order turns by one each round, so each path comes first as often as the others.
      const shift = order === 'alternate' ? round % names.length : 0;
      for (let index = 0; index < names.length; index++) await take(names[(index + shift) % names.length] as K, round);
      if (round >= warmup && (round - warmup + 1) % 500 === 0) progress?.(round - warmup + 1);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarize(samples[name])])) as Record<K, Summary>;
}

export interface UserMeasurement {
  registry: Summary;
  direct: Summary;
}

/**
 * The floor of the same measurement: the invocation POSTed to the bare server that signs
 * and forwards it (`DeliverySetup.floor`), taken the same way (the same order, rounds and
 * warm-up) against its own direct POSTs, in the same setup right after: two warm hops and a
 * signature, as a multiple of the direct POST at each figure.
 */
export interface FloorMeasurement {
  floor: Summary;
  direct: Summary;
}

/** Each build's measurement, from one run: this build's registry and `against`'s, alternating. */
export async function measureTwoBuilds(options: { client: UserClient; against: string; rounds: number; warmup: number }): Promise<Record<'this' | 'other', UserMeasurement>> {
  const mine = await startDeliverySetup({ client: options.client });
  try {
    const theirs = await startDeliverySetup({ client: options.client, cli: options.against });
    try {
      const times = async (setup: DeliverySetup) => {
        const [started, arrived] = await setup.invoke();
        return arrived - started;
      };
      const samples = await interleaved({
        this: () => times(mine), thisDirect: () => mine.direct(), other: () => times(theirs), otherDirect: () => theirs.direct(),
      }, 'alternate', options.rounds, options.warmup);
      return { this: { registry: samples.this, direct: samples.thisDirect }, other: { registry: samples.other, direct: samples.otherDirect } };
    } finally {
      await theirs.close();
    }
  } finally {
    await mine.close();
  }
}

/**
 * The measurement itself: a fresh registry, bot and client; `rounds` of each path after
 * `warmup`. With `floor`, then the floor's measurement in the same setup (FloorMeasurement).
 */
export async function measureAsUser(options: {
  client: UserClient; order: UserOrder; rounds: number; warmup: number; floor?: boolean; progress?: (message: string) => void;
}): Promise<UserMeasurement & { work: RegistryWork; floor?: FloorMeasurement }> {
  const setup = await startDeliverySetup({ client: options.client, floor: options.floor === true });
  try {
    // The registry's main thread's work over the measured invocations, and how far apart they came.
    let cpuBefore: number | undefined;
    let first = 0;
    let last = 0;
    const measured = await interleaved({
      registry: async () => {
        cpuBefore ??= mainThreadCpuMs(setup.registryPid);
        const [started, arrived] = await setup.invoke();
        first ||= started;
        last = arrived;
        return arrived - started;
      },
      direct: () => setup.direct(),
    }, options.order, options.rounds, options.warmup, (done) => options.progress?.(`as a user (${options.client}): ${done}/${options.rounds}`), (name) => {
      if (name !== 'registry') return;
      cpuBefore = undefined;
      first = 0;
    });
    const cpuAfter = mainThreadCpuMs(setup.registryPid);
    const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / options.rounds;
    const work = { cpuMs, periodMs: (last - first) / options.rounds };
    if (!options.floor) return { ...measured, work };
    const floor = await interleaved({ floor: () => setup.floor(), direct: () => setup.direct() }, options.order, options.rounds, options.warmup,
      (done) => options.progress?.(`its floor (${options.client}): ${done}/${options.rounds}`));
    return { ...measured, work, floor };
  } finally {
    await setup.close();
  }
}

/** The registry's main-thread CPU per measured invocation (undefined without Linux's /proc), and the time from one invocation's POST to the next's. */
interface RegistryWork {
  cpuMs: number | undefined;
  periodMs: number;
}

const AS_A_USER = { p50: { comparison: 'at most', ratio: 3 }, p99: { comparison: 'at most', ratio: 4 } } as const;

/**
 * `npm run bench -- --only user`: the measurement with each client, alternating; then with
 * node:http and the registry's invocations back to back (`blocks`), as a test suite sends
 * them, where each follows the last one's answer still being applied, and the direct POSTs
 * back to back too, where nothing else runs: the figure a measurement that does not
 * interleave its samples gets. Each row has its floor, taken in the same order.
 */
export async function benchAsUser(options: { rounds: number; warmup: number; progress: (message: string) => void }): Promise<Row[]> {
  const rows: Row[] = [];
  const measurements: Array<[string, UserOrder, UserClient]> = [
    ['node:http keep-alive', 'alternate', 'http'], ['fetch (undici) keep-alive', 'alternate', 'fetch'], ['node:http keep-alive, invocations back to back', 'blocks', 'http'],
  ];
  for (const [name, order, client] of measurements) {
    const { registry, direct, work, floor } = await measureAsUser({ client, order, floor: true, ...options });
    const busy = work.cpuMs === undefined ? '' : `the registry's main thread worked ${work.cpuMs.toFixed(3)} ms per invocation (the delivery, then the answer's message `
      + `stored and told), one invocation every ${work.periodMs.toFixed(3)} ms; the direct POSTs, back to back too, met no registry at work`;
    for (const figure of ['p50', 'p99'] as const) {
      const floorRatio = floor && floor.floor[figure] / floor.direct[figure];
      // Where the floor alone passes the target, no registry could meet it on this machine.
      const belowFloor = floorRatio !== undefined && floorRatio > AS_A_USER[figure].ratio
        ? `; the floor alone, taken the same way, is ${floorRatio.toFixed(2)}x the direct POST` : '';
      rows.push({
        benchmark: `1 delivery as a user measures it, ${name}`, figure, unit: 'ms', value: registry[figure], baseline: direct[figure],
        baselineName: 'the same signed body POSTed straight to the bot', target: AS_A_USER[figure],
        // The floor's multiple of its own direct POSTs, as a time beside this row's.
        ...(floorRatio !== undefined ? { floor: direct[figure] * floorRatio, floorName: `two warm hops + a signature, taken ${order === 'blocks' ? 'back to back' : 'alternating'} as well` } : {}),
        ...(order === 'blocks' && busy ? { outOfReach: `Back to back, ${busy}${belowFloor} (docs/benchmarks.md, issue 34)` } : {}),
      });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      client: { type: 'string', default: 'http' },
      order: { type: 'string', default: 'alternate' },
      rounds: { type: 'string', default: '2000' },
      warmup: { type: 'string', default: '200' },
      runs: { type: 'string', default: '1' },
      against: { type: 'string' },
    },
    strict: true,
  });
  const client = values.client as UserClient;
  const order = values.order as UserOrder;
  if (!['http', 'fetch'].includes(client) || !['alternate', 'registry-first', 'blocks'].includes(order)) {
    console.error('usage: node out/bench/bench/as-a-user.js [--client http|fetch] [--order alternate|registry-first|blocks] [--rounds N] [--warmup N] [--runs N] [--against OTHER_CLI]');
    process.exit(2);
  }
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  const line = ({ registry, direct }: UserMeasurement) => `registry p50 ${ms(registry.p50)} p99 ${ms(registry.p99)}; `
    + `bot p50 ${ms(direct.p50)} p99 ${ms(direct.p99)}; ratio p50 ${(registry.p50 / direct.p50).toFixed(2)} p99 ${(registry.p99 / direct.p99).toFixed(2)}`;
  for (let run = 1; run <= Number(values.runs); run++) {
    const counts = { rounds: Number(values.rounds), warmup: Number(values.warmup) };
    if (values.against === undefined) {
      const measured = await measureAsUser({ client, order, ...counts });
      const work = measured.work.cpuMs === undefined ? '' : `; registry main thread ${ms(measured.work.cpuMs)} per invocation, one every ${ms(measured.work.periodMs)}`;
      console.log(`run ${run} (${client}, ${order}, ${values.rounds} after ${values.warmup}): ${line(measured)}${work}`);
      continue;
    }
    const both = await measureTwoBuilds({ client, against: values.against, ...counts });
    console.log(`run ${run} (${client}, both builds alternating, ${values.rounds} after ${values.warmup}):`);
    console.log(`  this build:  ${line(both.this)}`);
    console.log(`  ${values.against}: ${line(both.other)}`);
  }
}
