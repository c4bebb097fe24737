/**
 * A bench with a local bot, as a bot's test suite has it: `startBench` (the demo world), an
 * interactions-endpoint bot in this process answering `/ping` inline, and alice in
 * #general. `driven()` is one command through the test driver to its reply; `clientPath()`
 * the same interaction the way the client sends it (its POST /interactions, its gateway
 * session's MESSAGE_CREATE): the baseline that says what the driver costs on top.
 */
import { startBench, type Bench, type Chat } from '../src/testing/index.js';
import { monotonicMs } from './clock.js';
import { GatewaySession } from './gateway-session.js';
import { plainRequest } from './http-client.js';
import { publicKeyFromHex, startHttpBot, type HttpBot } from './http-bot.js';
import { BrokenRun } from './registry.js';


export interface DriverRig {
  bench: Bench;
  /** One `/ping` through the driver, to its reply read back; ms. */
  driven(): Promise<number>;
  /** The same `/ping` as the client sends it, to its gateway session's MESSAGE_CREATE; ms. */
  clientPath(): Promise<number>;
  close(): Promise<void>;
}

/** The bench, its bot, and (with `withClient`) alice's client session for the baseline. */
export async function startDriverRig(options: { withClient: boolean }): Promise<DriverRig> {
  const bench = await startBench();
  const closers: Array<() => Promise<void>> = [() => bench.close()];
  try {
    const app = bench.app('Demo Bot');
    const bot: HttpBot = await startHttpBot({ keys: new Map([['/interactions', publicKeyFromHex(app.publicKey)]]), answer: () => ({ type: 4, data: { content: 'pong' } }) });
    closers.unshift(() => bot.close());
    const asBot = (method: string, path: string, body: unknown) => fetch(`${bench.api}${path}`, {
      method, headers: { authorization: `Bot ${app.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    }).then(async (response) => {
      if (!response.ok) throw new BrokenRun(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<unknown>;
    });
    const [command] = (await asBot('PUT', `/applications/${app.id}/commands`, [{ name: 'ping', description: 'Answers pong' }])) as Array<{ id: string; version: string }>;
    await asBot('PATCH', '/applications/@me', { interactions_endpoint_url: `${bot.origin}/interactions` });
    const alice = bench.user('alice');
    const chat: Chat = alice.in('Slashbench Lab', 'general');
    const driven = async () => {
      const started = performance.now();
      const reply = await (await chat.command('/ping')).reply();
      if (reply.content !== 'pong') throw new BrokenRun(`the reply was ${JSON.stringify(reply.content)}`);
      return performance.now() - started;
    };
    let clientPath = async (): Promise<number> => {
      throw new BrokenRun('this rig has no client session');
    };
    if (options.withClient && command) {
      const client = await GatewaySession.open(bench.url, alice.token);
      closers.unshift(() => client.close());
      const { guild_id: guildId, channel_id: channelId } = await chat.ids();
      let nonce = 0;
      clientPath = async () => {
        const mine = `client-${++nonce}`;
        let interactionId: string | undefined;
        // The id is read while matching, so a MESSAGE_CREATE in the same chunk of frames is already recognized.
        const created = client.expect('INTERACTION_CREATE', (data) => {
          if (data.nonce !== mine) return false;
          interactionId = String(data.id);
          return true;
        });
        const messaged = client.expect('MESSAGE_CREATE', (data) => interactionId !== undefined && (data.interaction_metadata as { id?: string } | undefined)?.id === interactionId);
        const started = monotonicMs();
        const response = await plainRequest(`${bench.api}/interactions`, {
          method: 'POST', headers: { authorization: alice.token, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 2, application_id: app.id, guild_id: guildId, channel_id: channelId, nonce: mine, data: { id: command.id, name: 'ping', type: 1, version: command.version } }),
        });
        if (response.status !== 204) throw new BrokenRun(`POST /interactions answered ${response.status}`);
        await created;
        const { receivedAt } = await messaged;
        return receivedAt - started;
      };
    }
    return {
      bench, driven, clientPath: () => clientPath(),
      async close() {
        for (const close of closers) await close();
      },
    };
  } catch (error) {
    for (const close of closers) await close();
    throw error;
  }
}
