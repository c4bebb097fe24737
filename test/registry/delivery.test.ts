import { createPublicKey, verify } from 'node:crypto';
import { once } from 'node:events';
import { verifyKey } from 'discord-interactions';
import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERY_USER_AGENT, deliverOverHttp } from '../../src/registry/delivery/deliver-over-http.js';
import type { ApplicationRecord } from '../../src/registry/store/records.js';
import { answerJson, closedPortUrl, startBotServer, type BotHandler, type BotServer } from '../helpers/bot-server.js';
import { IDS, testRegistry } from '../helpers/test-registry.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const PAYLOAD = { type: 2, id: '400000000000000001', application_id: IDS.app, token: 'token', version: 1, data: { id: '1', name: 'ping', type: 1 } };

const servers: BotServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function fixtureApplication(): Promise<ApplicationRecord> {
  const registry = await testRegistry();
  const application = await registry.store.world.application(IDS.app) as ApplicationRecord;
  await registry.store.close();
  return application;
}

async function botAt(handler: BotHandler): Promise<{ bot: BotServer; application: ApplicationRecord }> {
  const bot = await startBotServer(handler);
  servers.push(bot);
  return { bot, application: { ...await fixtureApplication(), interactions_endpoint_url: bot.url } };
}

describe('HTTP delivery to an interactions endpoint', () => {
  it('signs timestamp + raw body so the app verify_key checks it, with the service headers', async () => {
    const { bot, application } = await botAt((_request, response) => answerJson(response, 200, { type: 4, data: { content: 'pong' } }));
    const result = await deliverOverHttp(application, PAYLOAD, { now: () => NOW });

    expect(result.outcome).toBe('response');
    expect(result.status).toBe(200);
    expect(result.response).toEqual({ type: 4, data: { content: 'pong' } });
    expect(result.responseHeaders?.['content-type']).toBe('application/json');
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);

    const [received] = bot.received;
    expect(received?.method).toBe('POST');
    expect(received?.body).toBe(JSON.stringify(PAYLOAD));
    expect(received?.body).toBe(result.request.body);
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.headers['user-agent']).toBe(DELIVERY_USER_AGENT);
    expect(received?.headers['x-signature-timestamp']).toBe(String(NOW / 1000));
    const signature = String(received?.headers['x-signature-ed25519']);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(result.request.headers['X-Signature-Ed25519']).toBe(signature);

    const timestamp = String(NOW / 1000);
    expect(await verifyKey(received!.body, signature, timestamp, application.public_key)).toBe(true);
    expect(await verifyKey(`${received!.body} `, signature, timestamp, application.public_key)).toBe(false);
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(application.public_key, 'hex').toString('base64url') },
      format: 'jwk',
    });
    expect(verify(null, Buffer.from(timestamp + received!.body), publicKey, Buffer.from(signature, 'hex'))).toBe(true);
  });

  it.each([202, 204])('reads %i with no body as acknowledged (the bot will use the callback route)', async (status) => {
    const { application } = await botAt((_request, response) => void response.writeHead(status).end());
    const result = await deliverOverHttp(application, PAYLOAD);
    expect(result).toMatchObject({ outcome: 'acknowledged', status });
    expect(result.error).toBeUndefined();
    expect(result.response).toBeUndefined();
  });

  it('reports any other status with the body text, truncated', async () => {
    const { application } = await botAt((_request, response) => void response.writeHead(500).end('boom'));
    expect(await deliverOverHttp(application, PAYLOAD)).toMatchObject({
      outcome: 'bad-status', status: 500, responseBody: 'boom', error: 'the endpoint answered 500',
    });
    const long = await botAt((_request, response) => void response.writeHead(400).end('x'.repeat(100_000)));
    const result = await deliverOverHttp(long.application, PAYLOAD);
    expect(result.outcome).toBe('bad-status');
    expect(result.responseBody?.length).toBeLessThan(2100);
    expect(result.responseBody).toContain('100000 characters');
  });

  it('reports a 200 whose body is not JSON or has no integer type as bad-body', async () => {
    const bodies = ['<html>ok</html>', '', '{"content":"hi"}', '{"type":"4"}', '[{"type":4}]'];
    const { application } = await botAt((_request, response) => void response.writeHead(200).end(bodies.shift()));
    for (const expected of [/not JSON/, /empty body/, /integer "type"/, /integer "type"/, /not an object/]) {
      const result = await deliverOverHttp(application, PAYLOAD);
      expect(result.outcome).toBe('bad-body');
      expect(result.status).toBe(200);
      expect(result.error).toMatch(expected);
    }
  });

  it('times out on an endpoint that never answers and closes the connection', async () => {
    const { bot, application } = await botAt(() => undefined);
    const connected = bot.nextSocket();
    const result = await deliverOverHttp(application, PAYLOAD, { timeoutMs: 200 });
    expect(result).toMatchObject({ outcome: 'timeout', error: 'timed out after 0.2 s' });
    expect(result.status).toBeUndefined();
    const socket = await connected;
    if (!socket.destroyed) await once(socket, 'close');
    expect(bot.sockets.size).toBe(0);
  });

  it('reports a closed port as a network error a developer can act on', async () => {
    const application = { ...await fixtureApplication(), interactions_endpoint_url: await closedPortUrl() };
    const result = await deliverOverHttp(application, PAYLOAD);
    expect(result).toMatchObject({ outcome: 'network-error', error: 'could not connect: ECONNREFUSED' });
  });

  it('stops when the caller aborts, and says so', async () => {
    const { bot, application } = await botAt(() => undefined);
    const controller = new AbortController();
    const connected = bot.nextSocket();
    const pending = deliverOverHttp(application, PAYLOAD, { signal: controller.signal });
    await connected;
    controller.abort();
    expect(await pending).toMatchObject({ outcome: 'network-error', error: 'the delivery was cancelled' });
  });

  it('uses the injected fetch and clock, and reports a throwing fetch as data', async () => {
    const application = { ...await fixtureApplication(), interactions_endpoint_url: 'http://bot.invalid/interactions' };
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fake: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), init });
      return new Response('{"type":5}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const result = await deliverOverHttp(application, PAYLOAD, { fetch: fake, now: () => 1_000_000 });
    expect(result).toMatchObject({ outcome: 'response', response: { type: 5 } });
    expect(calls[0]?.url).toBe('http://bot.invalid/interactions');
    expect(calls[0]?.init?.method).toBe('POST');
    expect((calls[0]?.init?.headers as Record<string, string>)['X-Signature-Timestamp']).toBe('1000');

    const broken: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND bot.invalid'), { code: 'ENOTFOUND' }) });
    };
    expect(await deliverOverHttp(application, PAYLOAD, { fetch: broken })).toMatchObject({
      outcome: 'network-error', error: 'could not connect: ENOTFOUND',
    });
  });

  it('holds an injected fetch to the deadline and the caller\'s signal, as its own client', async () => {
    const application = { ...await fixtureApplication(), interactions_endpoint_url: 'http://bot.invalid/interactions' };
    const signals: AbortSignal[] = [];
    // Answers its headers, then never ends the body: the deadline covers the answer's body too.
    const stalled: typeof fetch = async (_url, init) => {
      const signal = init?.signal as AbortSignal;
      signals.push(signal);
      const body = new ReadableStream({
        start: (controller) => signal.addEventListener('abort', () => controller.error(signal.reason)),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    expect(await deliverOverHttp(application, PAYLOAD, { fetch: stalled, timeoutMs: 50 })).toMatchObject({
      outcome: 'timeout', error: 'timed out after 0.05 s',
    });
    expect(signals[0]?.aborted).toBe(true);

    const controller = new AbortController();
    const pending = deliverOverHttp(application, PAYLOAD, { fetch: stalled, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ outcome: 'network-error', error: 'the delivery was cancelled' });
    expect(signals[1]?.aborted).toBe(true);
  });

  it('reports an application without an endpoint URL instead of throwing', async () => {
    const result = await deliverOverHttp({ ...await fixtureApplication(), interactions_endpoint_url: null }, PAYLOAD);
    expect(result).toMatchObject({ outcome: 'network-error', error: 'the application has no interactions endpoint URL' });
  });
});
