/**
 * How an app answers: every callback type and its rules (deadline, once only, limits), the
 * webhook routes for @original and follow-ups, components and modals, and entry points.
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/registry/free-port.js';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

/** Invokes a fresh slash command and answers the payload the bot received. */
async function invoked(harness: Harness, definition: Record<string, unknown> = { name: 'ping', description: 'Ping' }, extra = {}, type = 2) {
  const command = await harness.command(definition);
  const next = harness.gateway.nextInteraction();
  const response = await harness.invoke(slashInvocation(command, extra, type));
  if (response.statusCode !== 204) throw new Error(response.body);
  return next;
}

function webhook(harness: Harness, interaction: Record<string, unknown>, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path = '', body?: object) {
  return harness.registry.app.inject({
    method, url: `/api/v10/webhooks/${IDS.app}/${interaction.token}${path}`, ...(body ? { payload: body } : {}),
  });
}

const messages = async (harness: Harness) =>
  (await harness.registry.app.inject({ method: 'GET', url: `/api/v10/channels/${IDS.general}/messages`, headers: { authorization: TOKENS.owner } })).json();

describe('the first response', () => {
  it('CHANNEL_MESSAGE_WITH_SOURCE posts a message with its interaction metadata; a second answer is 40060', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const answer = await harness.callback(interaction, { type: 4, data: { content: 'pong' } });
    expect(answer.statusCode).toBe(204);
    expect(await harness.event('INTERACTION_SUCCESS')).toMatchObject({ id: interaction.id, nonce: 'n1' });
    const created = await harness.event('MESSAGE_CREATE');
    expect(created).toMatchObject({
      content: 'pong', author: { id: IDS.app, bot: true }, type: 20, webhook_id: IDS.app, application_id: IDS.app,
      interaction_metadata: { id: interaction.id, type: 2, user: { id: IDS.owner }, name: 'ping' },
    });
    expect((await messages(harness))[0]).toMatchObject({ id: created.id, content: 'pong' });
    const again = await harness.callback(interaction, { type: 4, data: { content: 'twice' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Interaction has already been acknowledged.', code: 40060 });
  });

  it('takes one of two first answers sent at once, whichever kinds they are, and stores one message', async () => {
    for (const second of [{ type: 4, data: { content: 'two' } }, { type: 9, data: { custom_id: 'm', title: 'Modal', components: [{ type: 18, label: 'Name', component: { type: 4, custom_id: 'name', style: 1 } }] } }]) {
      const harness = await interactionHarness();
      const interaction = await invoked(harness);
      const before = (await messages(harness)).length;
      // Both reach the route while a transaction holds the store, so both find the interaction unanswered.
      let release!: () => void;
      const held = harness.registry.store.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      const answering = Promise.all([harness.callback(interaction, { type: 4, data: { content: 'one' } }), harness.callback(interaction, second)]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await held;
      const answers = await answering;
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
      expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual({ message: 'Interaction has already been acknowledged.', code: 40060 });
      const stored = (await messages(harness)).length - before;
      expect(stored).toBe(answers[0].statusCode === 204 ? 1 : second.type === 4 ? 1 : 0);
    }
  });

  it('answers with_response=true with the interaction and the message', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const answer = await harness.callback(interaction, { type: 4, data: { content: 'pong' } }, '?with_response=true');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      interaction: { id: interaction.id, type: 2, response_message_loading: false, response_message_ephemeral: false },
      resource: { type: 4, message: { content: 'pong' } },
    });
  });

  it('an ephemeral response is shown only to its user and never stored in the channel', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    await harness.callback(interaction, { type: 4, data: { content: 'secret', flags: 64 } });
    const event = harness.events.find((entry) => entry.type === 'MESSAGE_CREATE');
    expect(event?.to).toEqual({ userId: IDS.owner });
    expect(await messages(harness)).toEqual([]);
    expect((await webhook(harness, interaction, 'GET', '/messages/@original')).json()).toMatchObject({ content: 'secret', flags: 64 });
  });

  it('a missed deadline fails the interaction; an answer after it is 10062', async () => {
    const harness = await interactionHarness(30);
    const interaction = await invoked(harness);
    expect(await harness.event('INTERACTION_FAILURE')).toMatchObject({ id: interaction.id, reason: 'deadline' });
    const late = await harness.callback(interaction, { type: 4, data: { content: 'late' } });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: 'Unknown interaction', code: 10062 });
    expect((await webhook(harness, interaction, 'POST', '', { content: 'x' })).json().code).toBe(10015);
  });

  it('refuses callback types that do not fit, bad data, and unknown tokens', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    expect((await harness.callback(interaction, { type: 8, data: { choices: [] } })).json().errors.type._errors[0].code).toBe('INTERACTION_RESPONSE_TYPE_INVALID');
    expect((await harness.callback(interaction, { type: 3 })).json().errors.type._errors[0].code).toBe('BASE_TYPE_CHOICES');
    expect((await harness.callback(interaction, { type: 4, data: { content: 'x'.repeat(2001) } })).json().errors.data.content._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    expect((await harness.callback(interaction, { type: 4, data: {} })).json()).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    expect((await harness.callback({ ...interaction, token: 'nope' }, { type: 4, data: { content: 'x' } })).json().code).toBe(10062);
    // None of those counted as the response.
    expect((await harness.callback(interaction, { type: 4, data: { content: 'ok' } })).statusCode).toBe(204);
  });

  it('a deferred response shows "thinking" until @original is edited, then follow-ups', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    expect((await harness.callback(interaction, { type: 5 })).statusCode).toBe(204);
    const thinking = await harness.event('MESSAGE_CREATE');
    expect(thinking.flags).toBe(128);
    const edited = await webhook(harness, interaction, 'PATCH', '/messages/@original', { content: 'done' });
    expect(edited.json()).toMatchObject({ id: thinking.id, content: 'done', flags: 0 });
    expect(await harness.event('MESSAGE_UPDATE')).toMatchObject({ id: thinking.id, content: 'done' });
    const followup = await webhook(harness, interaction, 'POST', '', { content: 'and one more' });
    expect(followup.json()).toMatchObject({ content: 'and one more', interaction_metadata: { original_response_message_id: thinking.id } });
    // The webhook routes answer the service's rate-limit headers, a bucket per route and token.
    expect(followup.headers).toMatchObject({ 'x-ratelimit-limit': expect.any(String), 'x-ratelimit-remaining': expect.any(String) });
    expect(followup.headers['x-ratelimit-bucket']).toMatch(/^[0-9a-f]{16}$/);
    expect(edited.headers['x-ratelimit-bucket']).not.toBe(followup.headers['x-ratelimit-bucket']);
    expect((await webhook(harness, interaction, 'GET', `/messages/${followup.json().id}`)).json().content).toBe('and one more');
    expect((await webhook(harness, interaction, 'DELETE', `/messages/${followup.json().id}`)).statusCode).toBe(204);
    expect((await webhook(harness, interaction, 'DELETE', '/messages/@original')).statusCode).toBe(204);
    expect(await messages(harness)).toEqual([]);
  });

  it('names a message id that is not a snowflake in a 50035, and a token with a NUL byte finds no interaction, on either store', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    expect((await harness.callback(interaction, { type: 4, data: { content: 'pong' } })).statusCode).toBe(204);
    const odd = await webhook(harness, interaction, 'GET', '/messages/%00');
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ code: 50035, errors: { message_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } } });
    const unknownToken = await harness.registry.app.inject({ method: 'GET', url: `/api/v10/webhooks/${IDS.app}/a%00b/messages/@original` });
    expect(unknownToken.statusCode).toBe(404);
    expect(unknownToken.json()).toMatchObject({ code: 10015 });
  });

  it('the token lives 15 minutes', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    await harness.callback(interaction, { type: 4, data: { content: 'pong' } });
    harness.registry.clock.now += 15 * 60_000;
    expect((await webhook(harness, interaction, 'POST', '', { content: 'too late' })).json()).toEqual({ message: 'Unknown Webhook', code: 10015 });
  });

  it('an app reached only through a user install gets 5 follow-ups', async () => {
    const harness = await interactionHarness();
    const { store } = harness.registry;
    await store.world.uninstall(IDS.guild, IDS.app);
    await store.world.installForUser(IDS.owner, IDS.app);
    const global = await harness.registry.bot({ method: 'POST', url: `/api/v10/applications/${IDS.app}/commands`, payload: { name: 'mine', description: 'Mine', integration_types: [1], contexts: [0] } });
    const next = harness.gateway.nextInteraction();
    expect((await harness.invoke(slashInvocation(global.json()))).statusCode).toBe(204);
    const interaction = await next;
    expect(interaction.authorizing_integration_owners).toEqual({ 1: IDS.owner });
    await harness.callback(interaction, { type: 4, data: { content: 'hi' } });
    for (let index = 0; index < 5; index++) expect((await webhook(harness, interaction, 'POST', '', { content: `f${index}` })).statusCode).toBe(200);
    expect((await webhook(harness, interaction, 'POST', '', { content: 'f5' })).json()).toEqual({
      message: 'This interaction has hit the maximum number of follow up messages', code: 40094,
    });
  });
});

describe('autocomplete and modals', () => {
  it('autocomplete results reach the client; more than 25 choices are refused', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, {
      name: 'find', description: 'Find', options: [{ type: 3, name: 'query', description: 'q', autocomplete: true }],
    }, { options: [{ name: 'query', type: 3, value: 'a', focused: true }] }, 4);
    const tooMany = Array.from({ length: 26 }, (_, index) => ({ name: `c${index}`, value: `c${index}` }));
    expect((await harness.callback(interaction, { type: 8, data: { choices: tooMany } })).json().errors.data.choices._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    expect((await harness.callback(interaction, { type: 4, data: { content: 'x' } })).json().errors.type._errors[0].code).toBe('INTERACTION_RESPONSE_TYPE_INVALID');
    expect((await harness.callback(interaction, { type: 8, data: { choices: [{ name: 'Apple', value: 'apple' }] } })).statusCode).toBe(204);
    expect(await harness.event('APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE')).toMatchObject({ id: interaction.id, choices: [{ name: 'Apple', value: 'apple' }] });
  });

  it('a modal opens in the client, and its submission is a MODAL_SUBMIT interaction', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const fields = [{ type: 1, components: [{ type: 4, custom_id: 'why', label: 'Why?', style: 1 }] }];
    expect((await harness.callback(interaction, { type: 9, data: { custom_id: 'form', title: 'x'.repeat(46), components: fields } })).json().errors.data.title._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await harness.callback(interaction, { type: 9, data: { custom_id: 'form', title: 'Tell me', components: fields } })).statusCode).toBe(204);
    expect(await harness.event('INTERACTION_MODAL_CREATE')).toMatchObject({ id: interaction.id, custom_id: 'form', title: 'Tell me' });
    const next = harness.gateway.nextInteraction();
    const submitted = await harness.invoke({
      type: 5, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, nonce: 'n2',
      data: { custom_id: 'form', components: [{ type: 1, components: [{ type: 4, custom_id: 'why', value: 'because' }] }] },
    });
    expect(submitted.statusCode, submitted.body).toBe(204);
    const submission = await next;
    expect(submission).toMatchObject({ type: 5, data: { custom_id: 'form', components: [{ components: [{ custom_id: 'why', value: 'because' }] }] } });
    expect((await harness.callback(submission, { type: 4, data: { content: 'thanks' } })).statusCode).toBe(204);
  });
});

describe('components', () => {
  it('a button press carries the message; UPDATE_MESSAGE edits it', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const row = [{ type: 1, components: [{ type: 2, style: 1, label: 'Again', custom_id: 'again' }] }];
    await harness.callback(interaction, { type: 4, data: { content: 'press it', components: row } });
    const message = await harness.event('MESSAGE_CREATE');
    const next = harness.gateway.nextInteraction();
    const press = await harness.invoke({
      type: 3, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, message_id: message.id, data: { custom_id: 'again' },
    });
    expect(press.statusCode, press.body).toBe(204);
    const pressed = await next;
    expect(pressed).toMatchObject({ type: 3, data: { custom_id: 'again', component_type: 2 }, message: { id: message.id, content: 'press it' } });
    expect((await harness.callback(pressed, { type: 7, data: { content: 'pressed' } })).statusCode).toBe(204);
    expect(await harness.event('MESSAGE_UPDATE')).toMatchObject({ id: message.id, content: 'pressed' });
    const unknown = await harness.invoke({ type: 3, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, message_id: message.id, data: { custom_id: 'nope' } });
    expect(unknown.json().errors.data.custom_id._errors[0].code).toBe('INTERACTION_COMPONENT_UNKNOWN');
  });

  it('a press reaches the app from a Components V2 layout: a section\'s button and a container\'s select', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const layout = [{
      type: 17, accent_color: 0x5865f2, components: [
        { type: 9, components: [{ type: 10, content: 'Ship it?' }], accessory: { type: 2, style: 3, label: 'Deploy', custom_id: 'deploy' } },
        { type: 1, components: [{ type: 3, custom_id: 'env', options: [{ label: 'Staging', value: 'staging' }] }] },
      ],
    }];
    expect((await harness.callback(interaction, { type: 4, data: { flags: 1 << 15, components: layout } })).statusCode).toBe(204);
    const message = await harness.event('MESSAGE_CREATE');
    const press = async (data: Record<string, unknown>) => {
      const next = harness.gateway.nextInteraction();
      const answer = await harness.invoke({ type: 3, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, message_id: message.id, data });
      expect(answer.statusCode, answer.body).toBe(204);
      return next;
    };
    expect(await press({ custom_id: 'deploy' })).toMatchObject({ type: 3, data: { custom_id: 'deploy', component_type: 2 } });
    expect(await press({ custom_id: 'env', values: ['staging'] })).toMatchObject({ data: { custom_id: 'env', component_type: 3, values: ['staging'] } });
  });

  // Discord's example app (discord/discord-example-app) answers a press, then deletes the
  // pressed message, and edits an ephemeral select's message, with the press's own token.
  it('a press\'s token edits and deletes the message the component is on, ephemeral or not, and no other', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const row = [{ type: 1, components: [{ type: 2, style: 1, label: 'Accept', custom_id: 'accept' }] }];
    await harness.callback(interaction, { type: 4, data: { content: 'a challenge', components: row } });
    const challenge = await harness.event('MESSAGE_CREATE');
    const press = async (messageId: unknown, nonce: string) => {
      const next = harness.gateway.nextInteraction();
      const response = await harness.invoke({
        type: 3, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, nonce, message_id: messageId, data: { custom_id: 'accept' },
      });
      expect(response.statusCode, response.body).toBe(204);
      return next;
    };
    const accepted = await press(challenge.id, 'n2');
    await harness.callback(accepted, { type: 4, data: { content: 'your choice?', flags: 64, components: row } });
    const choice = await harness.event('MESSAGE_CREATE', (data) => data.content === 'your choice?');
    expect((await webhook(harness, accepted, 'DELETE', `/messages/${challenge.id}`)).statusCode).toBe(204);
    expect(await harness.event('MESSAGE_DELETE')).toMatchObject({ id: challenge.id });

    const chosen = await press(choice.id, 'n3');
    await harness.callback(chosen, { type: 4, data: { content: 'you win' } });
    const edited = await webhook(harness, chosen, 'PATCH', `/messages/${choice.id}`, { content: 'nice choice', components: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: choice.id, content: 'nice choice', components: [], flags: 64 });
    // Another interaction's message of the same app is not the press's to touch.
    const win = await harness.event('MESSAGE_CREATE', (data) => data.content === 'you win');
    const other = await webhook(harness, accepted, 'PATCH', `/messages/${win.id}`, { content: 'x' });
    expect(other.json()).toEqual({ message: 'Unknown Message', code: 10008 });
  });
});

describe('acknowledging without a message', () => {
  it('DEFERRED_UPDATE_MESSAGE acknowledges a button press and leaves its message as it was', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const row = [{ type: 1, components: [{ type: 2, style: 1, label: 'Later', custom_id: 'later' }] }];
    await harness.callback(interaction, { type: 4, data: { content: 'press it', components: row } });
    const message = await harness.event('MESSAGE_CREATE');
    const next = harness.gateway.nextInteraction();
    await harness.invoke({ type: 3, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, message_id: message.id, nonce: 'n3', data: { custom_id: 'later' } });
    const pressed = await next;
    // Not for a command: it has no message to update.
    expect((await harness.callback(interaction, { type: 6 })).statusCode).toBe(400);
    expect((await harness.callback(pressed, { type: 6 }, '?with_response=true')).json()).toEqual({ interaction: { id: pressed.id, type: 3 } });
    expect(await harness.event('INTERACTION_SUCCESS', (data) => data.nonce === 'n3')).toMatchObject({ id: pressed.id });
    expect(harness.events.filter((event) => event.type === 'MESSAGE_UPDATE')).toEqual([]);
    // The press's token now takes follow-ups and edits of the message.
    expect((await webhook(harness, pressed, 'POST', '', { content: 'done later' })).statusCode).toBe(200);
  });

  it('refuses PONG, which answers only the service\'s PING', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    expect((await harness.callback(interaction, { type: 1 })).json().errors.type._errors[0].code).toBe('INTERACTION_RESPONSE_TYPE_INVALID');
  });
});

describe('entry points', () => {
  const activityCommands = `/api/v10/applications/${IDS.activityApp}/commands`;

  it('DISCORD_LAUNCH_ACTIVITY launches without the app and posts the launch message', async () => {
    const harness = await interactionHarness();
    await harness.registry.store.world.install(IDS.guild, IDS.activityApp);
    const [launch] = (await harness.registry.bot({ method: 'GET', url: activityCommands }, TOKENS.activityBot)).json();
    const response = await harness.invoke({ ...slashInvocation(launch), application_id: IDS.activityApp });
    expect(response.statusCode, response.body).toBe(204);
    const launched = await harness.event('EMBEDDED_ACTIVITY_LAUNCH');
    expect(launched).toMatchObject({ application_id: IDS.activityApp, channel_id: IDS.general, guild_id: IDS.guild, participants: [IDS.owner], proxied: false });
    const url = new URL(launched.url as string);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/activity');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ instance_id: launched.instance_id, channel_id: IDS.general, guild_id: IDS.guild, platform: 'desktop' });
    expect(harness.gateway.dispatches).toEqual([]);
    expect((await messages(harness))[0]).toMatchObject({ author: { id: IDS.owner }, application_id: IDS.activityApp });
  });

  it('APP_HANDLER sends the interaction, and LAUNCH_ACTIVITY launches', async () => {
    const harness = await interactionHarness();
    await harness.registry.store.world.install(IDS.guild, IDS.activityApp);
    const [launch] = (await harness.registry.bot({ method: 'GET', url: activityCommands }, TOKENS.activityBot)).json();
    const edited = (await harness.registry.bot({ method: 'PATCH', url: `${activityCommands}/${launch.id}`, payload: { handler: 1 } }, TOKENS.activityBot)).json();
    const next = harness.gateway.nextInteraction();
    expect((await harness.invoke({ ...slashInvocation(edited), application_id: IDS.activityApp })).statusCode).toBe(204);
    const interaction = await next;
    expect(interaction.data).toMatchObject({ type: 4, name: 'Launch' });
    const answer = await harness.callback(interaction, { type: 12 }, '?with_response=true');
    expect(answer.json()).toMatchObject({ interaction: { activity_instance_id: expect.any(String) }, resource: { type: 12 } });
    expect(await harness.event('EMBEDDED_ACTIVITY_LAUNCH')).toMatchObject({ application_id: IDS.activityApp });
  });

  /** The activity app with these URL fields, its Launch entry point, and the invocation's answer. */
  async function launchWith(harness: Harness, urls: { activity_url: string | null; url_mappings: Array<{ prefix: string; target: string }> }) {
    const app = await harness.registry.store.world.application(IDS.activityApp);
    if (!app) throw new Error('no activity app');
    await harness.registry.store.world.putApplication({ ...app, ...urls }, null, null);
    const [launch] = (await harness.registry.bot({ method: 'GET', url: activityCommands }, TOKENS.activityBot)).json();
    return await harness.invoke({ ...slashInvocation(launch), application_id: IDS.activityApp });
  }

  it('an app with only a root URL mapping launches through its proxy: `/` with the launch parameters', async () => {
    const harness = await interactionHarness();
    // A port nothing listens on: the proxy answers for its mapping itself.
    const api = `127.0.0.1:${await freePort()}`;
    const response = await launchWith(harness, { activity_url: null, url_mappings: [{ prefix: '/api', target: api }, { prefix: '/', target: '127.0.0.1:5173' }] });
    expect(response.statusCode, response.body).toBe(204);
    const launched = await harness.event('EMBEDDED_ACTIVITY_LAUNCH');
    // Its origin: the app's own listener on the registry's host (activity-proxy/).
    expect(launched).toMatchObject({ application_id: IDS.activityApp, proxied: true, proxy_port: expect.any(Number) });
    const proxied = await fetch(`http://127.0.0.1:${String(launched.proxy_port)}/api/token`);
    expect(proxied.status).toBe(502);
    expect(await proxied.text()).toContain(`(mapping /api -> ${api})`);
    const url = String(launched.url);
    expect(url.startsWith('/?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(url.slice(2)))).toEqual({
      instance_id: launched.instance_id, frame_id: launched.frame_id, channel_id: IDS.general, guild_id: IDS.guild, platform: 'desktop',
    });
  });

  it('the Application URL Override wins over the root mapping, framed as it is', async () => {
    const harness = await interactionHarness();
    await launchWith(harness, { activity_url: 'http://127.0.0.1:9/override', url_mappings: [{ prefix: '/', target: '127.0.0.1:5173' }] });
    const launched = await harness.event('EMBEDDED_ACTIVITY_LAUNCH');
    expect(launched).toMatchObject({ proxied: false, proxy_port: null });
    expect(String(launched.url)).toMatch(/^http:\/\/127\.0\.0\.1:9\/override\?instance_id=/);
  });

  it('an EMBEDDED app with neither an override nor a root mapping has no Activity to launch', async () => {
    const harness = await interactionHarness();
    const response = await launchWith(harness, { activity_url: null, url_mappings: [{ prefix: '/api', target: '127.0.0.1:3001' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 50035,
      errors: { data: { id: { _errors: [{ code: 'APPLICATION_HAS_NO_ACTIVITY', message: 'This app has no Activity to launch (no activity_url and no root URL mapping "/").' }] } } },
    });
    expect(harness.events.filter((event) => event.type === 'EMBEDDED_ACTIVITY_LAUNCH')).toEqual([]);
  });

  it('LAUNCH_ACTIVITY from an app without an Activity is refused', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    expect((await harness.callback(interaction, { type: 12 })).json().errors.type._errors[0].code).toBe('INTERACTION_RESPONSE_TYPE_INVALID');
  });
});
