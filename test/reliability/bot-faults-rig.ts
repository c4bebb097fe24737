/**
 * A registry on a real port with a short delivery deadline and one application per way a
 * bot can fail (and a few good ones), each with its own endpoint server or gateway
 * session, all installed in one guild where alice invokes their `/probe` command and
 * watches her event stream. Every HTTP endpoint checks signatures and answers PINGs
 * properly, so each app passes verification and fails only at the interaction itself.
 * The registry runs on a held test clock: no deadline comes until the test moves it, so
 * what happens before a deadline does not race the machine's time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/registry/app.js';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { openStore, type Store } from '../../src/registry/store/store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { signatureCheckingBot, startBotServer, type BotHandler, type BotServer } from '../helpers/bot-server.js';
import { ClientSession, type IndexedCommand } from '../helpers/client-session.js';
import { ScriptedBot, type InteractionHandler } from '../helpers/scripted-bot.js';

/** How an app's bot is reached, and what it does with an interaction. */
export type BotKind = { http: BotHandler } | { gateway: InteractionHandler };

export interface FaultRig {
  url: string;
  /** The registry's clock, held: a deadline comes when the test advances it (bots may set their moments on it too). */
  clock: AdjustableClock;
  store: Store;
  alice: ClientSession;
  guild: string;
  channel: string;
  /** Each app's endpoint server (HTTP apps) and its `/probe` command, by the name given. */
  apps: Map<string, { server?: BotServer; command: IndexedCommand }>;
  close(): Promise<void>;
}

// VIEW_CHANNEL | SEND_MESSAGES | USE_APPLICATION_COMMANDS for @everyone.
const EVERYONE = String((1n << 10n) | (1n << 11n) | (1n << 31n));

/** Starts the registry with `deadlineMs` (of its held clock), one app per entry of `bots`, and alice's session. */
export async function faultRig(deadlineMs: number, bots: Record<string, BotKind>): Promise<FaultRig> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-faults-'));
  const started = Date.now();
  const nextId = createSnowflakeGenerator(Date.now);
  const alice = { id: nextId(), token: 'fault-alice' };
  const guild = nextId();
  const channel = nextId();
  const names = Object.keys(bots);
  const ids = new Map(names.map((name) => [name, nextId()]));
  const store = openStore(directory);
  const clock = new AdjustableClock(() => started);
  const servers = new Map<string, BotServer>();
  const gatewayBots: ScriptedBot[] = [];
  let app: FastifyInstance | undefined;
  let session: ClientSession | undefined;
  const close = async () => {
    await session?.close();
    await Promise.all(gatewayBots.map((bot) => bot.close()));
    await app?.close();
    await Promise.all([...servers.values()].map((server) => server.close()));
    await store.close();
    await rm(directory, { recursive: true, force: true });
  };
  try {
    // Endpoint servers first: their URLs go into the world. The app's key exists only once
    // the world is loaded, so each handler looks its verify_key up when a request comes.
    for (const name of names) {
      const kind = bots[name]!;
      if (!('http' in kind)) continue;
      const applicationId = ids.get(name)!;
      servers.set(name, await startBotServer(async (request, response) =>
        signatureCheckingBot((await store.world.application(applicationId))!.public_key, kind.http)(request, response)));
    }
    await loadWorld(store, {
      users: [{ id: alice.id, username: 'alice', token: alice.token }],
      applications: names.map((name) => ({
        id: ids.get(name)!, name, bot_token: `fault-bot-${name}`, interactions_endpoint_url: servers.get(name)?.url ?? null,
      })),
      guilds: [{
        id: guild, name: 'Faults', owner_id: alice.id,
        roles: [{ id: guild, name: '@everyone', permissions: EVERYONE }],
        channels: [{ id: channel, name: 'faults', type: 0 }],
        members: [{ user_id: alice.id, roles: [] }],
        applications: [...ids.values()],
      }],
    }, { now: Date.now, nextId });
    app = buildApp({ store, clock, nextId, deliveryTimeoutMs: deadlineMs, clientDirectory: null, routeLimit: { limit: 1_000_000, windowMs: 1000 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const apps = new Map<string, { server?: BotServer; command: IndexedCommand }>();
    for (const name of names) {
      const applicationId = ids.get(name)!;
      const kind = bots[name]!;
      const token = `fault-bot-${name}`;
      const registered = await fetch(`${url}/api/v10/applications/${applicationId}/guilds/${guild}/commands`, {
        method: 'PUT', headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'probe', description: `Probes ${name}` }]),
      });
      if (registered.status !== 200) throw new Error(`registering ${name}'s command answered ${registered.status}: ${await registered.text()}`);
      const [command] = (await registered.json()) as IndexedCommand[];
      if ('gateway' in kind) gatewayBots.push(await ScriptedBot.connect(url, applicationId, token, kind.gateway));
      apps.set(name, { ...(servers.has(name) ? { server: servers.get(name)! } : {}), command: command! });
    }
    session = await ClientSession.open(url, alice.token);
    return { url, clock, store, alice: session, guild, channel, apps, close };
  } catch (error) {
    await close();
    throw error;
  }
}
