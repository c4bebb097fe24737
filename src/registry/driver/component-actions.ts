/**
 * A person using an app's message, as the client lets them: pressing a button found by its
 * label or custom_id, picking in a select menu, and filling in the modal an app answered
 * with. The client never sends what it would not offer (a disabled button, a link, a
 * required field left empty), so the driver refuses those with the reason a person would see.
 */
import { ComponentType } from 'discord-api-types/v10';
import type { MessageRecord, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { InteractionLedger } from '../interactions/ledger.js';
import type { ShownModal } from '../../shared/scenario/outcome.js';
import { driverError, findChannel, findRole, findUser } from './names.js';
import { mapAsync } from '../async-lists.js';

type Component = Record<string, unknown>;

/** Every component of a tree, depth first (rows, containers, sections and their accessories). */
function allComponents(components: readonly Component[]): Component[] {
  const found: Component[] = [];
  for (const component of components) {
    found.push(component);
    if (Array.isArray(component.components)) found.push(...allComponents(component.components as Component[]));
    if (typeof component.accessory === 'object' && component.accessory !== null) found.push(...allComponents([component.accessory as Component]));
    if (typeof component.component === 'object' && component.component !== null) found.push(...allComponents([component.component as Component]));
  }
  return found;
}

/** The app's message the person can see: their own ephemeral one, or one stored in the channel. */
export async function visibleMessage(store: Store, ledger: InteractionLedger, user: UserRecord, channelId: string, messageId: string): Promise<MessageRecord> {
  const ephemeral = await ledger.ephemeralMessage(messageId);
  const own = ephemeral && (ephemeral.interaction_metadata?.user as { id?: string } | undefined)?.id === user.id ? ephemeral : undefined;
  const message = own ?? await store.messages.message(channelId, messageId);
  if (!message) throw driverError(['message_id'], `${user.username} sees no message ${messageId} in that channel`);
  return message;
}

function names(components: readonly Component[]): string {
  return components.map((component) => String(component.label ?? component.custom_id ?? component.type)).join(', ') || 'none';
}

/** A button by label or custom_id: its MESSAGE_COMPONENT `data`. */
export function clickData(message: MessageRecord, wanted: string): { data: Record<string, unknown>; label: string } {
  const components = allComponents(message.components);
  const buttons = components.filter((component) => component.type === ComponentType.Button);
  const button = buttons.find((component) => component.custom_id === wanted) ?? buttons.find((component) => component.label === wanted);
  if (!button) {
    const select = components.find((component) => component.custom_id === wanted);
    if (select) throw driverError(['component'], `"${wanted}" is not a button (component type ${String(select.type)}): use select`);
    throw driverError(['component'], `the message has no button "${wanted}"; its buttons are: ${names(buttons)}`);
  }
  if (button.disabled === true) throw driverError(['component'], `the button "${wanted}" is disabled: the client does not let a person press it`);
  if (typeof button.custom_id !== 'string') throw driverError(['component'], `the button "${wanted}" is a link (or premium) button: pressing it sends no interaction`);
  return { data: { component_type: ComponentType.Button, custom_id: button.custom_id }, label: `click ${String(button.label ?? button.custom_id)}` };
}

/** A select menu by custom_id and the values chosen: options by value or label, entities by name or id. */
export async function selectData(
  store: Store, guildId: string | null, message: MessageRecord, customId: string, values: readonly string[],
): Promise<{ data: Record<string, unknown>; label: string }> {
  const components = allComponents(message.components);
  const menu = components.find((component) => component.custom_id === customId && component.type !== ComponentType.Button);
  if (!menu) {
    const selects = components.filter((component) => [3, 5, 6, 7, 8].includes(component.type as number));
    throw driverError(['custom_id'], `the message has no select menu "${customId}"; its menus are: ${names(selects)}`);
  }
  if (menu.disabled === true) throw driverError(['custom_id'], `the select menu "${customId}" is disabled`);
  const at = (index: number) => ['values', index];
  const chosen = await mapAsync(values, async (value, index) => {
    switch (menu.type) {
      case ComponentType.StringSelect: {
        const options = Array.isArray(menu.options) ? (menu.options as Component[]) : [];
        return String((options.find((option) => option.value === value) ?? options.find((option) => option.label === value))?.value ?? value);
      }
      case ComponentType.UserSelect:
        return (await findUser(store, value, at(index))).id;
      case ComponentType.RoleSelect:
        if (guildId === null) throw driverError(at(index), 'roles exist only in a guild');
        return (await findRole(store, guildId, value, at(index))).id;
      case ComponentType.ChannelSelect:
        return (await findChannel(store, guildId === null ? null : (await store.world.guild(guildId) ?? null), value, at(index))).id;
      case ComponentType.MentionableSelect:
        if (guildId !== null && (await store.world.roles(guildId)).some((role) => role.id === value || role.name === value.replace(/^@/, ''))) return (await findRole(store, guildId, value, at(index))).id;
        return (await findUser(store, value, at(index))).id;
      default:
        throw driverError(['custom_id'], `"${customId}" is not a select menu (component type ${String(menu.type)})`);
    }
  });
  return { data: { component_type: menu.type, custom_id: customId, values: chosen }, label: `select ${customId} ${chosen.join(',')}` };
}

/** The modal's fields as MODAL_SUBMIT carries them, with the client's own checks (required, lengths). */
export function submitData(modal: ShownModal, fields: Readonly<Record<string, string | string[]>>): Record<string, unknown> {
  const known = new Set<string>();
  const field = (input: Component): Component | undefined => {
    const customId = typeof input.custom_id === 'string' ? input.custom_id : undefined;
    if (customId === undefined) return undefined;
    known.add(customId);
    const given = fields[customId];
    if (input.type === ComponentType.TextInput) {
      const value = Array.isArray(given) ? given.join('') : (given ?? (typeof input.value === 'string' ? input.value : ''));
      const length = [...value].length;
      const label = String(input.label ?? customId);
      if (length === 0 && input.required !== false) throw driverError(['fields', customId], `"${label}" is required: the client does not submit the modal without it`);
      if (length > 0 && typeof input.min_length === 'number' && length < input.min_length) throw driverError(['fields', customId], `"${label}" must be at least ${input.min_length} characters long (now ${length})`);
      if (typeof input.max_length === 'number' && length > input.max_length) throw driverError(['fields', customId], `"${label}" must be at most ${input.max_length} characters long (now ${length})`);
      return { type: ComponentType.TextInput, custom_id: customId, value };
    }
    if ([3, 5, 6, 7, 8].includes(input.type as number)) {
      return { type: input.type, custom_id: customId, values: given === undefined ? [] : Array.isArray(given) ? given : [given] };
    }
    return undefined;
  };
  const components = modal.components.flatMap((row): Component[] => {
    if (row.type === ComponentType.ActionRow) {
      const inner = (Array.isArray(row.components) ? (row.components as Component[]) : []).map(field).filter((entry) => entry !== undefined);
      return inner.length > 0 ? [{ type: ComponentType.ActionRow, components: inner }] : [];
    }
    if (typeof row.component === 'object' && row.component !== null) {
      const inner = field(row.component as Component);
      return inner ? [{ type: row.type, ...(row.id === undefined ? {} : { id: row.id }), component: inner }] : [];
    }
    const inner = field(row);
    return inner ? [inner] : [];
  });
  for (const name of Object.keys(fields)) {
    if (!known.has(name)) throw driverError(['fields', name], `the modal "${modal.title}" has no field "${name}"; its fields are: ${[...known].join(', ') || 'none'}`);
  }
  return { custom_id: modal.custom_id, components };
}
