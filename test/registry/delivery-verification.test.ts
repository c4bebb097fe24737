import { afterEach, describe, expect, it } from 'vitest';
import {
  EndpointVerifications, ensureVerified, type DeliverySettings,
} from '../../src/registry/delivery/endpoint-verifications.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import type { ApplicationRecord } from '../../src/registry/store/records.js';
import { answerJson, signatureCheckingBot, startBotServer, type BotHandler, type BotServer } from '../helpers/bot-server.js';
import { IDS, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

const servers: BotServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function settings(registry: TestRegistry, extra: Partial<DeliverySettings> = {}): DeliverySettings {
  const now = () => registry.clock.now;
  return { fetch, timeoutMs: 3000, now, nextId: createSnowflakeGenerator(now), ...extra };
}

/** An app whose URL came from a world file: stored, never verified. */
async function worldApp(registry: TestRegistry, handler: (key: string) => BotHandler): Promise<{ bot: BotServer; application: ApplicationRecord }> {
  const key = (await registry.store.world.application(IDS.app))!.public_key;
  const bot = await startBotServer(handler(key));
  servers.push(bot);
  await registry.store.world.setInteractionsEndpoint(IDS.app, bot.url);
  return { bot, application: (await registry.store.world.application(IDS.app))! };
}

describe('verifying a world-file endpoint before the first delivery', () => {
  it('verifies once and remembers a success, sharing one check between concurrent deliveries', async () => {
    const registry = await testRegistry();
    const { bot, application } = await worldApp(registry, (key) => signatureCheckingBot(key));
    const verifications = new EndpointVerifications(settings(registry));
    const verdicts = await Promise.all([1, 2, 3].map(async () => await ensureVerified(registry.store, application, verifications)));
    expect(verdicts).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(await ensureVerified(registry.store, application, verifications)).toEqual({ ok: true });
    expect(bot.received).toHaveLength(2);
  });

  it('reports why an endpoint failed, and checks again at the next delivery by default', async () => {
    const registry = await testRegistry();
    const { bot, application } = await worldApp(registry, () => (_request, response) => answerJson(response, 200, { type: 1 }));
    const verifications = new EndpointVerifications(settings(registry));
    expect(await ensureVerified(registry.store, application, verifications)).toEqual({
      ok: false,
      check: 'bad-signature',
      reason: 'the endpoint accepted a request with an invalid signature (answered 200); it must answer 401',
    });
    expect(bot.received).toHaveLength(2);
    expect((await ensureVerified(registry.store, application, verifications)).ok).toBe(false);
    expect(bot.received).toHaveLength(4);
  });

  it('answers a failure from memory within retryFailuresAfterMs of the injected clock', async () => {
    const registry = await testRegistry();
    const { bot, application } = await worldApp(registry, () => (_request, response) => void response.writeHead(500).end());
    const verifications = new EndpointVerifications(settings(registry, { retryFailuresAfterMs: 10_000 }));
    expect(await ensureVerified(registry.store, application, verifications)).toEqual({ ok: false, check: 'ping', reason: 'the PING answered 500' });
    expect(await ensureVerified(registry.store, application, verifications)).toMatchObject({ ok: false });
    expect(bot.received).toHaveLength(1);
    registry.clock.now += 10_000;
    await ensureVerified(registry.store, application, verifications);
    expect(bot.received).toHaveLength(2);
  });

  it('verifies again when the URL changes, and trusts a verdict reached by the PATCH route', async () => {
    const registry = await testRegistry();
    const first = await worldApp(registry, (key) => signatureCheckingBot(key));
    const verifications = new EndpointVerifications(settings(registry));
    await ensureVerified(registry.store, first.application, verifications);
    const second = await worldApp(registry, (key) => signatureCheckingBot(key));
    expect(await ensureVerified(registry.store, second.application, verifications)).toEqual({ ok: true });
    expect(second.bot.received).toHaveLength(2);

    const third = await worldApp(registry, (key) => signatureCheckingBot(key));
    verifications.remember(IDS.app, third.bot.url, { ok: true });
    expect(await ensureVerified(registry.store, third.application, verifications)).toEqual({ ok: true });
    expect(third.bot.received).toHaveLength(0);
  });

  it('reports an application without a URL instead of verifying', async () => {
    const registry = await testRegistry();
    const application = (await registry.store.world.application(IDS.app))!;
    const verdict = await ensureVerified(registry.store, application, new EndpointVerifications(settings(registry)));
    expect(verdict).toMatchObject({ ok: false, reason: 'the application has no interactions endpoint URL' });
  });
});
