/**
 * What a MESSAGE_COMPONENT (a button press, a select) or a MODAL_SUBMIT carries: the
 * component's custom_id on an app's message the user can see, or the modal's fields. A
 * select's values are checked against the menu and resolved here (`data.resolved`), as
 * the service does: the client sends ids only.
 */
import type { APIMessage } from 'discord-api-types/v10';
import { invalidField, invalidFormBody, ServiceError } from '../http/service-error.js';
import type { Location } from '../queries/command-index.js';
import { snowflakeField } from '../routes/path-values.js';
import type { MessageRecord, UserRecord } from '../store/records.js';
import { appMessageView } from './app-messages.js';
import type { InvokeBody } from './invoke-body.js';
import { resolvedData } from './payload-facts.js';
import { candidateIds, preload } from '../queries/preloaded-lookup.js';
import { checkSelectValues, isSelectMenu, SELECT_MESSAGES, type SelectComponent, type SelectLookup } from './select-values.js';
import type { InteractionServices } from './services.js';

export interface ComponentSource {
  data: Record<string, unknown>;
  message?: APIMessage;
  messageId?: string;
}

/** The component with `customId` anywhere in a message's component tree (a V2 section's accessory button included). */
function findComponent(components: ReadonlyArray<Record<string, unknown>>, customId: string): Record<string, unknown> | undefined {
  for (const component of components) {
    if (component.custom_id === customId) return component;
    const accessory = component.accessory;
    const children = [...(Array.isArray(component.components) ? component.components : []), ...(typeof accessory === 'object' && accessory !== null ? [accessory] : [])];
    const found = findComponent(children as Array<Record<string, unknown>>, customId);
    if (found) return found;
  }
  return undefined;
}

/** The app's message the interaction comes from, if the user can see it. */
async function sourceMessage(services: InteractionServices, user: UserRecord, body: InvokeBody): Promise<MessageRecord> {
  const messageId = snowflakeField(['message_id'], body.message_id);
  const ephemeral = await services.ledger.ephemeralMessage(messageId);
  const ownEphemeral = ephemeral && (ephemeral.interaction_metadata?.user as { id?: string } | undefined)?.id === user.id ? ephemeral : undefined;
  const message = ownEphemeral ?? await services.store.messages.message(body.channel_id, messageId);
  if (!message) throw new ServiceError('unknownMessage');
  if (message.application_id !== body.application_id) throw invalidField(['message_id'], 'INTERACTION_MESSAGE_NOT_FROM_APP', 'That message was not sent by this app.');
  return message;
}

/** Checks a component press or modal submit and answers its `data` (and `message`). */
export async function componentSource(services: InteractionServices, user: UserRecord, location: Location, body: InvokeBody): Promise<ComponentSource> {
  const customId = body.data.custom_id;
  if (typeof customId !== 'string' || customId.length < 1 || customId.length > 100) {
    throw invalidField(['data', 'custom_id'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
  }
  if (body.type === 5) {
    const components = body.data.components;
    if (!Array.isArray(components)) throw invalidField(['data', 'components'], 'BASE_TYPE_REQUIRED', 'This field is required');
    const data = { custom_id: customId, components };
    if (body.message_id === undefined) return { data };
    const message = await sourceMessage(services, user, body);
    return { data, message: await appMessageView(services, message), messageId: message.id };
  }
  const message = await sourceMessage(services, user, body);
  const component = findComponent(message.components, customId);
  if (!component) throw invalidField(['data', 'custom_id'], 'INTERACTION_COMPONENT_UNKNOWN', `The message has no component "${customId}".`);
  const data: Record<string, unknown> = { custom_id: customId, component_type: component.type };
  if (isSelectMenu(component.type)) {
    const checked = checkSelectValues(component as unknown as SelectComponent, body.data.values, await selectLookup(services, location, body.data.values));
    if (!checked.ok) throw invalidFormBody(checked.errors);
    data.values = checked.values;
    // No attachments here, so no file URLs: the origin is not needed.
    const resolved = await resolvedData(services.store, location, checked.references, user.id, '');
    if (resolved) data.resolved = resolved;
  } else if (body.data.values !== undefined) {
    throw invalidField(['data', 'values'], SELECT_MESSAGES.valuesUnexpected.code, SELECT_MESSAGES.valuesUnexpected.text());
  }
  return { data, message: await appMessageView(services, message), messageId: message.id };
}

/** What a select's ids (`values`, read beforehand) may name here: any user, this guild's roles, the channels of this place. */
async function selectLookup(services: InteractionServices, location: Location, values: unknown): Promise<SelectLookup> {
  const { world } = services.store;
  const guildId = location.kind === 'guild' ? location.guildId : null;
  const ids = candidateIds(values);
  const [users, roles, channels] = await Promise.all([
    preload(ids, (id) => world.user(id)), preload(ids, (id) => world.role(id)), preload(ids, (id) => world.channel(id)),
  ]);
  return {
    user: (id) => users(id) !== undefined,
    role: (id) => guildId !== null && roles(id)?.guild_id === guildId,
    channel: (id) => {
      if (location.kind === 'private') return id === location.channel.id ? location.channel.type : undefined;
      const channel = channels(id);
      return channel && channel.guild_id === guildId ? channel.type : undefined;
    },
  };
}
