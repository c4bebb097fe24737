/**
 * Interaction samples for the wire-shape check: people invoke every kind of interaction in
 * a guild and a DM, the bot hears each as INTERACTION_CREATE (and, with an interactions
 * endpoint, as a signed HTTP request), answers through the callback route `with_response`,
 * and uses the interaction webhook for follow-ups and the original response.
 */
import { signatureCheckingBot, answerJson, startBotServer, type BotServer } from './bot-server.js';
import type { GatewayClient } from './gateway-client.js';
import type { GatewayRegistry } from './gateway-registry.js';
import { IDS, TOKENS } from './test-registry.js';
import { call, type SampleBook, type StoredCommands } from './wire-samples.js';
import { TEXT_MESSAGES, WORLD, WORLD_TOKENS } from './world-registry.js';

interface Interaction {
  id: string;
  token: string;
}

/** Invokes in the lab's text channel (or where `place` says) as `token`; the interaction as the bot hears it. */
async function invoke(
  registry: GatewayRegistry, client: GatewayClient, body: Record<string, unknown>,
  place: { guild_id?: string; channel_id: string } = { guild_id: WORLD.lab, channel_id: WORLD.text }, token: string = TOKENS.owner,
): Promise<Record<string, unknown> & Interaction> {
  await call(registry, token, 'POST', '/interactions', { application_id: IDS.app, ...place, ...body });
  return (await client.dispatch('INTERACTION_CREATE')).d as Record<string, unknown> & Interaction;
}

/** The `data` of a command invocation as the client sends it. */
function commandData(command: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: command.id, name: command.name, type: command.type, version: command.version, ...extra };
}

const PROBE_OPTIONS = [
  { name: 'text', type: 3, value: 'hi' }, { name: 'count', type: 4, value: 2 }, { name: 'who', type: 6, value: WORLD.reader },
  { name: 'where', type: 7, value: WORLD.text }, { name: 'role', type: 8, value: WORLD.labHelper }, { name: 'ratio', type: 10, value: 0.5 },
  { name: 'flag', type: 5, value: true },
];

const BUTTON_ROW = { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] };
const MODAL = { custom_id: 'form', title: 'Form', components: [{ type: 1, components: [{ type: 4, custom_id: 'answer', label: 'Answer', style: 1 }] }] };

const CALLBACK_RESULT = 'RESTPostAPIInteractionCallbackWithResponseResult';

/** Every kind of interaction over the gateway, answered through the callback route and the webhook. */
export async function interactionSamples(
  registry: GatewayRegistry, client: GatewayClient, commands: StoredCommands, book: SampleBook,
): Promise<void> {
  const answer = async (name: string, interaction: Interaction, response: unknown) =>
    book.add(`callback ${name}?with_response=true`, CALLBACK_RESULT,
      await call(registry, TOKENS.owner, 'POST', `/interactions/${interaction.id}/${interaction.token}/callback?with_response=true`, response));
  const webhook = (interaction: Interaction, method: string, path: string, body?: unknown) =>
    call(registry, TOKENS.owner, method, `/webhooks/${IDS.app}/${interaction.token}${path}`, body);

  const probe = await invoke(registry, client, { type: 2, data: commandData(commands.probe, { options: PROBE_OPTIONS }) });
  book.add('INTERACTION_CREATE chat input', 'APIChatInputApplicationCommandGuildInteraction', probe);
  await answer('message', probe, { type: 4, data: { content: 'Pick', components: [BUTTON_ROW] } });
  book.add('MESSAGE_CREATE of a response', 'GatewayMessageCreateDispatchData', (await client.dispatch('MESSAGE_CREATE')).d);
  book.add('POST /webhooks/{app}/{token}', 'APIMessage', await webhook(probe, 'POST', '', { content: 'more', embeds: [{ description: 'x' }] }));
  const original = await webhook(probe, 'GET', '/messages/@original') as { id: string };
  book.add('GET /webhooks/{app}/{token}/messages/@original', 'APIMessage', original);
  book.add('PATCH /webhooks/{app}/{token}/messages/@original', 'APIMessage', await webhook(probe, 'PATCH', '/messages/@original', { content: 'Pick again' }));

  const autocomplete = await invoke(registry, client, {
    type: 4, data: commandData(commands.probe, { options: [{ name: 'text', type: 3, value: 'h', focused: true }] }),
  });
  book.add('INTERACTION_CREATE autocomplete', 'APIApplicationCommandAutocompleteGuildInteraction', autocomplete);
  await answer('autocomplete', autocomplete, { type: 8, data: { choices: [{ name: 'hello', value: 'hello' }] } });

  const button = await invoke(registry, client, { type: 3, message_id: original.id, data: { custom_id: 'go', component_type: 2 } });
  book.add('INTERACTION_CREATE button', 'APIMessageComponentGuildInteraction', button);
  await answer('modal', button, { type: 9, data: MODAL });
  const submit = await invoke(registry, client, {
    type: 5, message_id: original.id, data: { custom_id: 'form', components: [{ type: 1, components: [{ type: 4, custom_id: 'answer', value: 'yes' }] }] },
  });
  book.add('INTERACTION_CREATE modal submit', 'APIModalSubmitGuildInteraction', submit);
  await answer('ephemeral message', submit, { type: 4, data: { content: 'Thanks', flags: 64 } });

  const user = await invoke(registry, client, { type: 2, data: commandData(commands.inspect, { target_id: WORLD.reader }) });
  book.add('INTERACTION_CREATE user command', 'APIUserApplicationCommandGuildInteraction', user);
  await answer('deferred', user, { type: 5 });
  book.add('PATCH deferred @original', 'APIMessage', await webhook(user, 'PATCH', '/messages/@original', { content: 'done' }));

  const quote = await invoke(registry, client, { type: 2, data: commandData(commands.quote, { target_id: TEXT_MESSAGES[0] }) });
  book.add('INTERACTION_CREATE message command', 'APIMessageApplicationCommandGuildInteraction', quote);
  await answer('message command reply', quote, { type: 4, data: { content: 'Quoted' } });

  const ban = await invoke(registry, client, {
    type: 2, data: commandData(commands.admin, { options: [{ name: 'users', type: 2, options: [{ name: 'ban', type: 1, options: [{ name: 'target', type: 6, value: IDS.owner }] }] }] }),
  });
  book.add('INTERACTION_CREATE subcommand', 'APIChatInputApplicationCommandGuildInteraction', ban);
  await answer('subcommand reply', ban, { type: 4, data: { content: 'Banned' } });

  const direct = await invoke(registry, client, { type: 2, data: commandData(commands.hello) }, { channel_id: WORLD.botDm }, WORLD_TOKENS.reader);
  book.add('INTERACTION_CREATE in a DM', 'APIChatInputApplicationCommandDMInteraction', direct);
  await answer('DM reply', direct, { type: 4, data: { content: 'Hello' } });
}

/**
 * The same app with an interactions endpoint: the signed request its endpoint gets is an
 * interaction too. The endpoint answers inline, which ends the interaction.
 */
export async function httpDeliverySamples(registry: GatewayRegistry, commands: StoredCommands, book: SampleBook): Promise<void> {
  const application = await registry.store.world.application(IDS.app);
  if (!application) throw new Error('the fixture app is missing');
  let delivered: (body: string) => void = () => undefined;
  const arrived = new Promise<string>((resolve) => (delivered = resolve));
  const endpoint: BotServer = await startBotServer(signatureCheckingBot(application.public_key, (request, response) => {
    answerJson(response, 200, { type: 4, data: { content: 'over HTTP' } });
    delivered(request.body);
  }));
  try {
    await registry.store.world.setInteractionsEndpoint(IDS.app, endpoint.url);
    await call(registry, TOKENS.owner, 'POST', '/interactions', {
      type: 2, application_id: IDS.app, guild_id: WORLD.lab, channel_id: WORLD.text, data: commandData(commands.probe, { options: PROBE_OPTIONS }),
    });
    book.add('HTTP delivery chat input', 'APIChatInputApplicationCommandGuildInteraction', JSON.parse(await arrived));
  } finally {
    await registry.store.world.setInteractionsEndpoint(IDS.app, null);
    await endpoint.close();
  }
}
