/**
 * The interaction's `locale` is the client's language (spec: "Client language"): the
 * locale the client sends with the invocation (`X-Discord-Locale`, as its settings choose),
 * else the person's own. The guild's locale stays the guild's.
 */
import { describe, expect, it } from 'vitest';
import { interactionHarness, slashInvocation } from '../helpers/interaction-harness.js';
import { TOKENS } from '../helpers/test-registry.js';

describe('the locale an app receives', () => {
  it('is the one the client sent, else the person\'s', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'hello', description: 'Say hello' });
    const send = async (headers: Record<string, string>) => {
      const next = harness.gateway.nextInteraction();
      const response = await harness.registry.app.inject({
        method: 'POST', url: '/api/v10/interactions', payload: slashInvocation(command), headers: { authorization: TOKENS.member, ...headers },
      });
      expect(response.statusCode, response.body).toBe(204);
      return next;
    };
    expect(await send({})).toMatchObject({ locale: 'fr', guild_locale: 'en-US' });
    expect(await send({ 'x-discord-locale': 'ja' })).toMatchObject({ locale: 'ja', guild_locale: 'en-US' });
    expect(await send({ 'x-discord-locale': 'not-a-locale' })).toMatchObject({ locale: 'fr' });
  });
});
