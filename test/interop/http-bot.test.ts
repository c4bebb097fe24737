/**
 * An unmodified interactions-endpoint bot built on discord-interactions'
 * `verifyKeyMiddleware`, pointed at the registry by its public key only. Express is not a
 * dependency, so a few lines of node:http give the middleware what it uses: `req.header()`,
 * the request stream (it reads the raw body itself), `res.statusCode`, `res.setHeader`, `res.end`.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InteractionResponseType, InteractionType, verifyKeyMiddleware } from 'discord-interactions';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverOverHttp } from '../../src/registry/delivery/deliver-over-http.js';
import { IDS, testRegistry } from '../helpers/test-registry.js';

type ExpressRequest = IncomingMessage & { header(name: string): string | undefined; body?: unknown };
type Middleware = (request: ExpressRequest, response: ServerResponse, next: () => void) => unknown;

/** The bot as its author wrote it: the middleware, then a handler for verified interactions. */
async function startMiddlewareBot(publicKey: string, seen: unknown[]): Promise<{ server: Server; url: string }> {
  const middleware = verifyKeyMiddleware(publicKey) as unknown as Middleware;
  const server = createServer((incoming, response) => {
    const request = Object.assign(incoming, {
      header: (name: string) => {
        const value = incoming.headers[name.toLowerCase()];
        return Array.isArray(value) ? value[0] : value;
      },
    }) as ExpressRequest;
    void middleware(request, response, () => {
      const interaction = request.body as { type: number; data: { name: string } };
      seen.push(interaction);
      if (interaction.type !== InteractionType.APPLICATION_COMMAND) {
        response.statusCode = 400;
        response.end();
        return;
      }
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({
        type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
        data: { content: `Hello from /${interaction.data.name}` },
      }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions` };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }
});

describe('a discord-interactions verifyKeyMiddleware bot over HTTP', () => {
  it('passes endpoint verification and answers a delivered command inline', async () => {
    const registry = await testRegistry();
    const me = await registry.bot({ method: 'GET', url: '/api/v10/applications/@me' });
    const seen: unknown[] = [];
    const bot = await startMiddlewareBot(me.json().verify_key, seen);
    servers.push(bot.server);

    const saved = await registry.bot({ method: 'PATCH', url: '/api/v10/applications/@me', payload: { interactions_endpoint_url: bot.url } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().interactions_endpoint_url).toBe(bot.url);
    // The middleware answered both PINGs itself: nothing reached the bot's handler.
    expect(seen).toHaveLength(0);

    const payload = {
      type: InteractionType.APPLICATION_COMMAND,
      id: '400000000000000001',
      application_id: IDS.app,
      token: 'interaction-token',
      version: 1,
      guild_id: IDS.guild,
      channel_id: IDS.general,
      member: { user: { id: IDS.member, username: 'member' }, roles: [], permissions: '2147485696' },
      data: { id: '400000000000000002', name: 'hello', type: 1 },
      locale: 'fr',
      app_permissions: '2147485696',
    };
    const application = (await registry.store.world.application(IDS.app))!;
    const result = await deliverOverHttp(application, payload, { now: () => registry.clock.now });
    expect(result.outcome).toBe('response');
    expect(result.response).toEqual({ type: 4, data: { content: 'Hello from /hello' } });
    expect(seen).toEqual([payload]);
  });
});
