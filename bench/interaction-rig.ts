/**
 * What the delivery and round-trip benchmarks share, each part in its own process as people
 * run them: the registry CLI (built from the same sources as `npm run serve`) with two apps
 * in one guild — one with an interactions endpoint (the HTTP bot, its own process, which
 * verifies signatures and answers inline) and one reached over the gateway (a raw `ws` bot
 * session here) — a person whose client session listens on the gateway here, and the
 * baselines' bare servers (their own process, as the registry is). Each `invoke…` runs one
 * invocation to its end and answers the moments that matter, on the machine's monotonic
 * clock, which every process reads alike.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startBareSocketPair } from './bare-server.js';
import type { BareSettings, BotKeys } from './child-messages.js';
import { startCli, UNBUNDLED_CLI } from './cli-process.js';
import { monotonicMs } from './clock.js';
import { GatewaySession } from './gateway-session.js';
import { startHelper } from './helper-process.js';
import { INLINE_ANSWER } from './http-bot.js';
import { api, BrokenRun } from './registry.js';
import { benchWorld, type BenchApp, type BenchUser } from './world.js';
import { plainRequest } from './http-client.js';
import { DELIVERY_USER_AGENT } from '../src/registry/delivery/deliver-over-http.js';

interface Command {
  id: string;
  name: string;
  type: number;
  version: string;
}

/** Times of one invocation, in ms from just before the client's POST. */
export interface InvocationTimes {
  /** The bot has the interaction: the HTTP bot's body is complete, or the gateway bot's frame arrived. */
  delivered: number;
  /** The client's session has the app's MESSAGE_CREATE. */
  messaged: number;
  /** From the client's POST to the bot having the interaction, in monotonicMs: the stretch a profile of the hot path keeps. */
  window: readonly [number, number];
}

export interface InteractionRig {
  /** A command of the HTTP app, invoked, answered inline by the bot, to the client's MESSAGE_CREATE. */
  invokeHttp(): Promise<InvocationTimes>;
  /**
   * The same invocation to the bot having it (its answer and the bot's arrival only, as a
   * user measures delivery): what the registry does with the bot's answer runs on while
   * the next sample does.
   */
  deliverHttp(): Promise<Omit<InvocationTimes, 'messaged'>>;
  /**
   * A command of the gateway app, to the bot session's INTERACTION_CREATE; the bot then
   * answers through the callback route, as a bot does, and the sample ends with that answer
   * (not with the client's message, which the registry makes while the next sample runs).
   */
  invokeGateway(): Promise<Omit<InvocationTimes, 'messaged'>>;
  /** The floor of the round trip: that POST, then one bare `ws` send of a MESSAGE_CREATE frame of the same size. */
  postThenSend(): Promise<number>;
  /** One bare `ws` send of a frame the size of the registry's INTERACTION_CREATE (both ends in this process). */
  sendOverSocket(): Promise<number>;
  /** The invocation body POSTed to a bare server that relays the INTERACTION_CREATE frame over a bare socket to this process. */
  postThenRelay(): Promise<number>;
  close(): Promise<void>;
}

export interface RigOptions {
  /** Node's options for the registry's process (`--cpu-prof` and its settings); given, the unbundled CLI runs, whose profile names each file. */
  registryNodeArgs?: readonly string[];
  /**
   * A team registry's PostgreSQL database: two registry processes on it, the client's
   * POSTs going to the first and the person's session listening on the second, so what
   * the person sees crosses from one process to the other as in a team.
   */
  database?: string;
  /** Another build of the registry CLI to run (an older commit's, for `--only before`). */
  cli?: string;
}

export async function startInteractionRig(options: RigOptions = {}): Promise<InteractionRig> {
  const world = benchWorld({ appCount: 2, memberCount: 1 });
  const [httpApp, gatewayApp] = world.apps as [BenchApp, BenchApp];
  const caller = world.guild.members[0] as BenchUser;
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-bench-delivery-'));
  const closers: Array<() => Promise<void>> = [() => rm(directory, { recursive: true, force: true })];
  try {
    const cli = {
      ...(options.registryNodeArgs ? { cli: UNBUNDLED_CLI, nodeArgs: options.registryNodeArgs } : {}),
      ...(options.cli ? { cli: options.cli } : {}),
      ...(options.database ? { database: options.database } : {}),
    };
    const registry = await startCli(join(directory, 'registry'), world.file, cli);
    closers.push(() => registry.stop());
    const other = options.database ? await startCli(join(directory, 'other'), world.file, { database: options.database }) : registry;
    if (other !== registry) closers.push(() => other.stop());
    const commandOf = async (app: BenchApp): Promise<Command> => {
      const [command] = await api<Command[]>(registry.url, {
        method: 'PUT', path: `/applications/${app.id}/guilds/${world.guild.id}/commands`, authorization: `Bot ${app.botToken}`,
        body: [{ name: 'ping', description: 'Answers pong' }],
      });
      if (!command) throw new BrokenRun('the bulk overwrite saved no command');
      return command;
    };
    const httpCommand = await commandOf(httpApp);
    const gatewayCommand = await commandOf(gatewayApp);

    // The HTTP bot: the registry's requests on /interactions, the baseline's on /baseline.
    const { verify_key } = await api<{ verify_key: string }>(registry.url, {
      method: 'GET', path: '/applications/@me', authorization: `Bot ${httpApp.botToken}`,
    });
    const baselineKeys = generateKeyPairSync('ed25519');
    const baselineKey = baselineKeys.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
    const bot = await startHelper('http-bot-process.js');
    closers.push(() => bot.stop());
    await bot.configure({ kind: 'keys', keys: { '/interactions': verify_key, '/baseline': baselineKey } } satisfies BotKeys);
    await api(registry.url, {
      method: 'PATCH', path: '/applications/@me', authorization: `Bot ${httpApp.botToken}`,
      body: { interactions_endpoint_url: `${bot.url}/interactions` },
    });

    const client = await GatewaySession.open(other.url, caller.token);
    closers.push(() => client.close());
    const gatewayBot = await GatewaySession.open(other.url, gatewayApp.botToken);
    closers.push(() => gatewayBot.close());
    const pair = await startBareSocketPair();
    closers.push(() => pair.close());
    const bare = await startHelper('bare-process.js');
    closers.push(() => bare.stop());
    await bare.configure({
      kind: 'settings', botOrigin: bot.url, privateKey: baselineKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    } satisfies BareSettings);
    const relayed = new WebSocket(`${bare.url.replace(/^http/, 'ws')}/socket`);
    await once(relayed, 'open');
    closers.push(async () => {
      relayed.close();
      await once(relayed, 'close');
    });

    let nonce = 0;
    const invocation = (app: BenchApp, command: Command, mine: string) => JSON.stringify({
      type: 2, application_id: app.id, guild_id: world.guild.id, channel_id: world.guild.channel, nonce: mine,
      data: { id: command.id, name: command.name, type: command.type, version: command.version },
    });
    const post = async (url: string, body: string, status = 204) => {
      const response = await plainRequest(url, { method: 'POST', headers: { authorization: caller.token, 'content-type': 'application/json' }, body });
      if (response.status !== status) throw new BrokenRun(`POST ${url} answered ${response.status}: ${response.text}`);
    };
    /**
     * The app's MESSAGE_CREATE for the invocation with nonce `mine`: the client's own
     * INTERACTION_CREATE names its id first (read while matching, so a message in the same
     * chunk of frames is already recognized).
     */
    const messageFor = (mine: string) => {
      let id: unknown;
      void client.expect('INTERACTION_CREATE', (data) => data.nonce === mine && (id = data.id) !== undefined);
      return client.expect('MESSAGE_CREATE', (data) => id !== undefined && (data.interaction_metadata as { id?: string } | undefined)?.id === id);
    };

    // What the baselines send, captured from the registry's own traffic (same sizes).
    let deliveredBody = '';
    let messageFrame = '';
    let interactionFrame = '';
    const signedBaseline = () => {
      if (!deliveredBody) throw new Error('invoke over HTTP once before the baseline: it sends the same body');
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(timestamp + deliveredBody), baselineKeys.privateKey).toString('hex');
      return {
        body: deliveredBody,
        headers: { 'Content-Type': 'application/json', 'User-Agent': DELIVERY_USER_AGENT, 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': timestamp },
      };
    };

    const rig: InteractionRig = {
      async invokeHttp() {
        const mine = `bench-${++nonce}`;
        const delivery = bot.nextArrival('/interactions');
        const message = messageFor(mine);
        const started = monotonicMs();
        await post(`${registry.url}/api/v10/interactions`, invocation(httpApp, httpCommand, mine));
        const [got, shown] = await Promise.all([delivery, message]);
        deliveredBody ||= got.body;
        messageFrame ||= JSON.stringify({ op: 0, t: 'MESSAGE_CREATE', s: 1000, d: shown.data });
        return { delivered: got.at - started, messaged: shown.receivedAt - started, window: [started, got.at] };
      },

      async deliverHttp() {
        const delivery = bot.nextArrival('/interactions');
        const body = invocation(httpApp, httpCommand, `bench-${++nonce}`);
        const started = monotonicMs();
        await post(`${registry.url}/api/v10/interactions`, body);
        const { at } = await delivery;
        return { delivered: at - started, window: [started, at] };
      },

      async invokeGateway() {
        const mine = `bench-${++nonce}`;
        const delivery = gatewayBot.expect('INTERACTION_CREATE');
        const started = monotonicMs();
        await post(`${registry.url}/api/v10/interactions`, invocation(gatewayApp, gatewayCommand, mine));
        const got = await delivery;
        const interaction = got.data as { id: string; token: string };
        interactionFrame ||= JSON.stringify({ op: 0, t: 'INTERACTION_CREATE', s: 1000, d: got.data });
        await api(registry.url, {
          method: 'POST', path: `/interactions/${interaction.id}/${interaction.token}/callback`, authorization: '',
          body: INLINE_ANSWER, expect: [204],
        });
        return { delivered: got.receivedAt - started, window: [started, got.receivedAt] };
      },

      async postThenSend() {
        const { headers, body } = signedBaseline();
        const delivery = bot.nextArrival('/baseline');
        const arrived = nextFrame(pair.clientSide);
        const started = monotonicMs();
        const response = await plainRequest(`${bot.url}/baseline`, { method: 'POST', headers, body });
        JSON.parse(response.text);
        pair.serverSide.send(messageFrame);
        await delivery;
        return (await arrived) - started;
      },

      async sendOverSocket() {
        const arrived = nextFrame(pair.clientSide);
        const started = monotonicMs();
        pair.serverSide.send(interactionFrame);
        return (await arrived) - started;
      },

      async postThenRelay() {
        const arrived = nextFrame(relayed);
        const body = invocation(gatewayApp, gatewayCommand, `bench-${++nonce}`);
        const started = monotonicMs();
        await post(`${bare.url}/relay`, body);
        return (await arrived) - started;
      },

      async close() {
        for (const close of closers.reverse()) await close();
      },
    };

    // One of each first, so the baselines have the registry's frames and body to copy.
    await rig.invokeHttp();
    await rig.invokeGateway();
    await bare.configure({ kind: 'settings', body: deliveredBody, frame: interactionFrame } satisfies BareSettings);
    return rig;
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/** The moment `socket` receives its next frame. */
function nextFrame(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('message', () => resolve(monotonicMs())));
}
