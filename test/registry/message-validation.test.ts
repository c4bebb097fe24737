/**
 * The message rules on every route a bot sends through: a refused callback, follow-up, edit
 * or channel message answers 50035 with the tree at the route's paths (`data.` for
 * callbacks), stores and shows nothing; and the refusal is visible: the inspector's events
 * carry the request and the tree, and the interaction's failure names the refusal.
 */
import { describe, expect, it } from 'vitest';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

const TITLE_ERROR = { code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' };
const longTitle = { embeds: [{ title: 'x'.repeat(257) }] };
const JSON_TYPE = 'application/json';

async function invoked(harness: Harness, nonce = 'n1') {
  const command = await harness.command({ name: `ping${nonce}`, description: 'Ping' });
  const next = harness.gateway.nextInteraction();
  const response = await harness.invoke({ ...slashInvocation(command), nonce });
  if (response.statusCode !== 204) throw new Error(response.body);
  return next;
}

function webhook(harness: Harness, interaction: Record<string, unknown>, method: 'POST' | 'PATCH', path: string, body: object) {
  return harness.registry.app.inject({ method, url: `/api/v10/webhooks/${IDS.app}/${String(interaction.token)}${path}`, payload: body });
}

async function channelMessages(harness: Harness): Promise<Array<Record<string, unknown>>> {
  return (await harness.registry.app.inject({ method: 'GET', url: `/api/v10/channels/${IDS.general}/messages`, headers: { authorization: TOKENS.owner } })).json();
}

describe('refused callbacks', () => {
  it('answer 50035 at data. paths, store nothing, and a valid answer after is still taken', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const refused = await harness.callback(interaction, { type: 4, data: { content: 'hi', ...longTitle } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toBe(JSON_TYPE);
    expect(refused.json()).toEqual({ message: 'Invalid Form Body', code: 50035, errors: { data: { embeds: { 0: { title: { _errors: [TITLE_ERROR] } } } } } });
    expect(await channelMessages(harness)).toEqual([]);
    expect(harness.events.some((event) => event.type === 'MESSAGE_CREATE')).toBe(false);
    expect((await harness.callback(interaction, { type: 4, data: { content: 'fixed' } })).statusCode).toBe(204);
    expect((await channelMessages(harness)).map((message) => message.content)).toEqual(['fixed']);
  });

  it('refuse what issue 17 lists: 7000 characters of embeds, a repeated custom_id, six buttons, an 81-character label, content with the V2 flag', async () => {
    const harness = await interactionHarness();
    const button = (custom_id: string, label = 'Go') => ({ type: 2, style: 1, label, custom_id });
    const cases: Array<[unknown, Record<string, unknown>]> = [
      [{ embeds: [{ description: 'x'.repeat(4000) }, { description: 'x'.repeat(3000) }] }, { embeds: { _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' }] } }],
      [{ components: [{ type: 1, components: [button('a'), button('a')] }] }, { components: { 0: { components: { 1: { custom_id: { _errors: [{ code: 'COMPONENT_CUSTOM_ID_DUPLICATED', message: 'Component custom id cannot be duplicated' }] } } } } } }],
      [{ components: [{ type: 1, components: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => button(id)) }] }, { components: { 0: { components: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 5 in length.' }] } } } }],
      [{ components: [{ type: 1, components: [button('a', 'x'.repeat(81))] }] }, { components: { 0: { components: { 0: { label: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 80 or fewer in length.' }] } } } } } }],
      [{ content: 'hi', flags: 1 << 15, components: [{ type: 10, content: 'hi' }] }, { content: { _errors: [{ code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', message: "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2" }] } }],
    ];
    for (const [index, [data, tree]] of cases.entries()) {
      const interaction = await invoked(harness, `n${index}`);
      const refused = await harness.callback(interaction, { type: 4, data });
      expect(refused.json()).toEqual({ message: 'Invalid Form Body', code: 50035, errors: { data: tree } });
    }
    expect(await channelMessages(harness)).toEqual([]);
  });

  it('an empty message is 50006', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const refused = await harness.callback(interaction, { type: 4, data: { content: '' } });
    expect(refused.json()).toEqual({ message: 'Cannot send an empty message', code: 50006 });
  });

  it('a modal is checked by the modal rules', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const refused = await harness.callback(interaction, {
      type: 9, data: { custom_id: 'form', title: 'Form', components: [{ type: 1, components: [{ type: 4, custom_id: 'why', style: 1, label: 'x'.repeat(46) }] }] },
    });
    const labelError = { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 45 or fewer in length.' }] };
    expect(refused.json().errors).toEqual({ data: { components: { 0: { components: { 0: { label: labelError } } } } } });
    expect(harness.events.some((event) => event.type === 'INTERACTION_MODAL_CREATE')).toBe(false);
  });
});

describe('refused follow-ups, edits and channel messages', () => {
  it('answer the tree at the top level and change nothing', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    expect((await harness.callback(interaction, { type: 4, data: { content: 'first' } })).statusCode).toBe(204);
    const followUp = await webhook(harness, interaction, 'POST', '', { content: 'more', ...longTitle });
    expect(followUp.statusCode).toBe(400);
    expect(followUp.json()).toEqual({ message: 'Invalid Form Body', code: 50035, errors: { embeds: { 0: { title: { _errors: [TITLE_ERROR] } } } } });
    const edit = await webhook(harness, interaction, 'PATCH', '/messages/@original', { content: 'x'.repeat(2001) });
    expect(edit.json().errors).toEqual({ content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } });
    const role = await harness.registry.store.world.role(IDS.guild);
    if (!role) throw new Error('no @everyone');
    // VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS: the refusal is the embed's, not a permission's.
    await harness.registry.store.world.putRole({ ...role, permissions: ((1n << 10n) | (1n << 11n) | (1n << 14n)).toString() });
    const posted = await harness.registry.bot({ method: 'POST', url: `/api/v10/channels/${IDS.general}/messages`, payload: { content: 'hi', ...longTitle } });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().errors).toEqual({ embeds: { 0: { title: { _errors: [TITLE_ERROR] } } } });
    expect((await channelMessages(harness)).map((message) => message.content)).toEqual(['first']);
  });
});

describe('a refused answer is visible', () => {
  it('the inspector hears the refused callback with its route, body, files and tree', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    const body = { type: 4, data: { content: 'hi', ...longTitle } };
    await harness.callback(interaction, body);
    const event = await harness.event('INTERACTION_CALLBACK', (data) => data.id === interaction.id);
    expect(event).toMatchObject({
      nonce: 'n1', method: 'POST', path: `/api/v10/interactions/${String(interaction.id)}/<token>/callback`, body, files: [], status: 400,
      answer: { code: 50035, errors: { data: { embeds: { 0: { title: { _errors: [TITLE_ERROR] } } } } } },
      refusal: "The bot's answer was refused: data.embeds.0.title: Must be 256 or fewer in length.",
    });
    expect(JSON.stringify(event)).not.toContain(String(interaction.token));
  });

  it('with no valid answer after it, the interaction fails naming the refusal, not the deadline', async () => {
    const harness = await interactionHarness(150);
    const interaction = await invoked(harness);
    await harness.callback(interaction, { type: 4, data: longTitle });
    const failure = await harness.event('INTERACTION_FAILURE', (data) => data.id === interaction.id);
    expect(failure).toMatchObject({ nonce: 'n1', reason: 'refused', detail: "The bot's answer was refused: data.embeds.0.title: Must be 256 or fewer in length." });
  });

  it('the inspector hears a refused follow-up and edit with their tree', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness);
    await harness.callback(interaction, { type: 5 });
    await webhook(harness, interaction, 'PATCH', '/messages/@original', longTitle);
    const event = await harness.event('INTERACTION_WEBHOOK', (data) => data.id === interaction.id && data.status === 400);
    expect(event).toMatchObject({
      method: 'PATCH', path: `/api/v10/webhooks/${IDS.app}/<token>/messages/@original`, body: longTitle, files: [],
      answer: { code: 50035, errors: { embeds: { 0: { title: { _errors: [TITLE_ERROR] } } } } },
      refusal: "The bot's answer was refused: embeds.0.title: Must be 256 or fewer in length.",
    });
  });
});
