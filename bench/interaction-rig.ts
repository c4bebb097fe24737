/**
 * What the delivery and round-trip benchmarks share: a registry with two apps in one guild —
 * one with an interactions endpoint (an HTTP bot in this process that verifies signatures
 * and answers inline) and one reached over the gateway (a raw `ws` bot session) — a person
 * whose client session listens on the gateway, and the baselines' bare servers. Each
 * `invoke…` runs one invocation to its end and answers the moments that matter.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { startBareServer, startBareSocketPair, type BareServer, type BareSocketPair } from './bare-server.js';
import { GatewaySession } from './gateway-session.js';
import { publicKeyFromHex, startHttpBot } from './http-bot.js';
import { api, BrokenRun, startBenchRegistry } from './registry.js';
import { benchWorld, type BenchApp, type BenchUser } from './world.js';
import { httpPost } from '../src/registry/delivery/http-post.js';

/** Every POST here (client and baselines) uses the registry's own delivery client, so the ratios compare like with like. */
const NEVER = new AbortController().signal;

/** What the HTTP bot answers: a message, inline. */
const INLINE_ANSWER = { type: 4, data: { content: 'pong' } };

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
}

export interface InteractionRig {
  /** A command of the HTTP app, invoked, answered inline by the bot, to the client's MESSAGE_CREATE. */
  invokeHttp(): Promise<InvocationTimes>;
  /** A command of the gateway app, to the bot session's INTERACTION_CREATE; the bot then answers through the callback route. */
  invokeGateway(): Promise<InvocationTimes>;
  /** The floor of HTTP delivery: one plain signed POST of the same body to the same bot. */
  postToBot(): Promise<number>;
  /** Context for HTTP delivery: the invocation POSTed to a bare server that forwards the signed body to the bot (two hops, no work). */
  postThenForward(): Promise<number>;
  /** The floor of the round trip: that POST, then one bare `ws` send of a MESSAGE_CREATE frame of the same size. */
  postThenSend(): Promise<number>;
  /** One bare `ws` send of a frame the size of the registry's INTERACTION_CREATE. */
  sendOverSocket(): Promise<number>;
  /** The invocation body POSTed to a bare server that relays the INTERACTION_CREATE frame over the bare socket. */
  postThenRelay(): Promise<number>;
  close(): Promise<void>;
}

export async function startInteractionRig(): Promise<InteractionRig> {
  const world = benchWorld({ appCount: 2, memberCount: 1 });
  const [httpApp, gatewayApp] = world.apps as [BenchApp, BenchApp];
  const caller = world.guild.members[0] as BenchUser;
  const registry = await startBenchRegistry(world.file);
  const closers: Array<() => Promise<void>> = [() => registry.close()];
  try {
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
    let received: ((path: string, at: number, body: string) => void) | undefined;
    const bot = await startHttpBot({
      keys: new Map([['/interactions', publicKeyFromHex(verify_key)], ['/baseline', baselineKeys.publicKey]]),
      answer: () => INLINE_ANSWER,
      onReceive: (path, at, body) => received?.(path, at, body),
    });
    closers.push(() => bot.close());
    await api(registry.url, {
      method: 'PATCH', path: '/applications/@me', authorization: `Bot ${httpApp.botToken}`,
      body: { interactions_endpoint_url: `${bot.origin}/interactions` },
    });
    const botReceives = (path: string) => new Promise<{ at: number; body: string }>((resolve) => {
      received = (where, at, body) => {
        if (where !== path) return;
        received = undefined;
        resolve({ at, body });
      };
    });

    const client = await GatewaySession.open(registry.url, caller.token);
    closers.push(() => client.close());
    const gatewayBot = await GatewaySession.open(registry.url, gatewayApp.botToken);
    closers.push(() => gatewayBot.close());
    const pair = await startBareSocketPair();
    closers.push(() => pair.close());

    let nonce = 0;
    const invocation = (app: BenchApp, command: Command) => JSON.stringify({
      type: 2, application_id: app.id, guild_id: world.guild.id, channel_id: world.guild.channel, nonce: `bench-${++nonce}`,
      data: { id: command.id, name: command.name, type: command.type, version: command.version },
    });
    const post = async (body: string) => {
      const response = await httpPost(`${registry.url}/api/v10/interactions`, {
        method: 'POST', headers: { authorization: caller.token, 'content-type': 'application/json' }, body, signal: NEVER,
      });
      const text = await response.text();
      if (response.status !== 204) throw new BrokenRun(`POST /interactions answered ${response.status}: ${text}`);
    };
    const messageFor = (interaction: () => string | undefined) =>
      client.expect('MESSAGE_CREATE', (data) => (data.interaction_metadata as { id?: string } | undefined)?.id === interaction());

    // What the baselines send, captured from the registry's own traffic (same sizes).
    let deliveredBody = '';
    let messageFrame = '';
    let interactionFrame = '';

    // The relay: reads the invocation, sends the INTERACTION_CREATE frame, answers 204.
    const relay: BareServer = await startBareServer((request, response) => {
      request.resume();
      request.on('end', () => {
        pair.serverSide.send(interactionFrame);
        response.writeHead(204).end();
      });
    });
    closers.push(() => relay.close());

    // The forwarder: reads the invocation, POSTs the signed body to the bot, answers 204.
    const forwarder: BareServer = await startBareServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const { headers, body } = signedBaseline();
        httpPost(`${bot.origin}/baseline`, { method: 'POST', headers, body, signal: NEVER })
          .then((answer) => answer.text())
          .then(() => response.writeHead(204).end(), () => response.writeHead(502).end());
      });
    });
    closers.push(() => forwarder.close());

    const signedBaseline = () => {
      if (!deliveredBody) throw new Error('invoke over HTTP once before the baseline: it sends the same body');
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(timestamp + deliveredBody), baselineKeys.privateKey).toString('hex');
      return {
        body: deliveredBody,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)',
          'X-Signature-Ed25519': signature,
          'X-Signature-Timestamp': timestamp,
        },
      };
    };

    const rig: InteractionRig = {
      async invokeHttp() {
        const seen: { id?: string } = {};
        const delivery = botReceives('/interactions').then((got) => {
          seen.id = (JSON.parse(got.body) as { id: string }).id;
          deliveredBody = got.body;
          return got;
        });
        const message = messageFor(() => seen.id);
        const started = performance.now();
        await post(invocation(httpApp, httpCommand));
        const [got, shown] = await Promise.all([delivery, message]);
        messageFrame ||= JSON.stringify({ op: 0, t: 'MESSAGE_CREATE', s: 1000, d: shown.data });
        return { delivered: got.at - started, messaged: shown.receivedAt - started };
      },

      async invokeGateway() {
        const seen: { id?: string } = {};
        const delivery = gatewayBot.expect('INTERACTION_CREATE');
        const message = messageFor(() => seen.id);
        const started = performance.now();
        await post(invocation(gatewayApp, gatewayCommand));
        const got = await delivery;
        const interaction = got.data as { id: string; token: string };
        seen.id = interaction.id;
        interactionFrame ||= JSON.stringify({ op: 0, t: 'INTERACTION_CREATE', s: 1000, d: got.data });
        await api(registry.url, {
          method: 'POST', path: `/interactions/${interaction.id}/${interaction.token}/callback`, authorization: '',
          body: INLINE_ANSWER, expect: [204],
        });
        const shown = await message;
        return { delivered: got.receivedAt - started, messaged: shown.receivedAt - started };
      },

      async postToBot() {
        const { headers, body } = signedBaseline();
        const delivery = botReceives('/baseline');
        const started = performance.now();
        const response = await httpPost(`${bot.origin}/baseline`, { method: 'POST', headers, body, signal: NEVER });
        await response.text();
        if (response.status !== 200) throw new BrokenRun(`the bot refused the baseline POST: ${response.status}`);
        return (await delivery).at - started;
      },

      async postThenForward() {
        const delivery = botReceives('/baseline');
        const body = invocation(httpApp, httpCommand);
        const started = performance.now();
        const response = await httpPost(forwarder.url, { method: 'POST', headers: { authorization: caller.token, 'content-type': 'application/json' }, body, signal: NEVER });
        await response.text();
        if (response.status !== 204) throw new BrokenRun(`the forwarder answered ${response.status}`);
        return (await delivery).at - started;
      },

      async postThenSend() {
        const { headers, body } = signedBaseline();
        const arrived = nextClientFrame(pair);
        const started = performance.now();
        const response = await httpPost(`${bot.origin}/baseline`, { method: 'POST', headers, body, signal: NEVER });
        JSON.parse(await response.text());
        pair.serverSide.send(messageFrame);
        return (await arrived) - started;
      },

      async sendOverSocket() {
        const arrived = nextClientFrame(pair);
        const started = performance.now();
        pair.serverSide.send(interactionFrame);
        return (await arrived) - started;
      },

      async postThenRelay() {
        const arrived = nextClientFrame(pair);
        const body = invocation(gatewayApp, gatewayCommand);
        const started = performance.now();
        const response = await httpPost(relay.url, { method: 'POST', headers: { authorization: caller.token, 'content-type': 'application/json' }, body, signal: NEVER });
        await response.text();
        return (await arrived) - started;
      },

      async close() {
        for (const close of closers.reverse()) await close();
      },
    };

    // One of each first, so the baselines have the registry's frames and body to copy.
    await rig.invokeHttp();
    await rig.invokeGateway();
    return rig;
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/** The moment the bare client receives its next frame. */
function nextClientFrame(pair: BareSocketPair): Promise<number> {
  return new Promise((resolve) => pair.clientSide.once('message', () => resolve(performance.now())));
}
