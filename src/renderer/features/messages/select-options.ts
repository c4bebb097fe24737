/**
 * Select menus of an app's message: what each kind offers here (a string select its
 * options; a user select the place's people; a role select the guild's roles; a
 * mentionable select both; a channel select the place's channels of its `channel_types`),
 * what starts selected (`default: true` options, or `default_values`), and the rules of
 * choosing between `min_values` and `max_values`. The chosen values leave as ids only: the
 * registry resolves them for the app, as the service does.
 */
import { ComponentType } from 'discord-api-types/v10';
import { colorCss } from '../members/member-groups.js';
import { channelLabel, displayName, placeChannels, placeRoles, placeUsers, type PlaceWorld } from '../world/world-model.js';

export interface SelectComponent {
  type: number;
  custom_id?: string;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  disabled?: boolean;
  options?: Array<{ label: string; value: string; description?: string; default?: boolean; emoji?: { name?: string } }>;
  channel_types?: number[];
  default_values?: Array<{ id: string; type: 'user' | 'role' | 'channel' }>;
}

export type SelectEntryKind = 'option' | 'user' | 'role' | 'channel';

export interface SelectEntry {
  value: string;
  label: string;
  kind: SelectEntryKind;
  description?: string;
  /** A role's colour as CSS, when it has one. */
  color?: string | null;
}

const SELECT_TYPES: ReadonlySet<number> = new Set([
  ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect,
]);

export function isSelect(type: number): boolean {
  return SELECT_TYPES.has(type);
}

function userEntries(place: PlaceWorld): SelectEntry[] {
  return placeUsers(place).map(({ user, nick }) => ({ value: user.id, label: displayName(user, nick), kind: 'user', description: user.username }));
}

/** The guild's roles, highest first; @everyone (whose id is the guild's) is never offered. */
function roleEntries(place: PlaceWorld): SelectEntry[] {
  return placeRoles(place)
    .filter((role) => role.id !== place.guild?.id)
    .map((role) => ({ value: role.id, label: role.name, kind: 'role', color: colorCss(role.color) }));
}

/** What a select offers at this place, in the order shown. */
export function selectEntries(component: SelectComponent, place: PlaceWorld): SelectEntry[] {
  switch (component.type) {
    case ComponentType.StringSelect:
      return (component.options ?? []).map((option) => ({
        value: option.value, label: `${option.emoji?.name ? `${option.emoji.name} ` : ''}${option.label}`, kind: 'option',
        ...(option.description ? { description: option.description } : {}),
      }));
    case ComponentType.UserSelect:
      return userEntries(place);
    case ComponentType.RoleSelect:
      return roleEntries(place);
    case ComponentType.MentionableSelect:
      return [...userEntries(place), ...roleEntries(place)];
    case ComponentType.ChannelSelect:
      return placeChannels(place, component.channel_types).map((channel) => ({ value: channel.id, label: channelLabel(channel), kind: 'channel' }));
    default:
      return [];
  }
}

/** How many values may be chosen: `min_values` (default 1) to `max_values` (default 1). */
export function selectBounds(component: Pick<SelectComponent, 'min_values' | 'max_values'>): { min: number; max: number } {
  const min = component.min_values ?? 1;
  return { min, max: Math.max(min, component.max_values ?? 1) };
}

/** The kinds of default value each auto-populated select takes. */
const DEFAULT_KINDS: Readonly<Record<number, ReadonlyArray<string>>> = {
  [ComponentType.UserSelect]: ['user'],
  [ComponentType.RoleSelect]: ['role'],
  [ComponentType.MentionableSelect]: ['user', 'role'],
  [ComponentType.ChannelSelect]: ['channel'],
};

/** What starts selected: a string select's `default` options, else the `default_values` of fitting kinds. */
export function initialSelection(component: SelectComponent): string[] {
  const { max } = selectBounds(component);
  const values = component.type === ComponentType.StringSelect
    ? (component.options ?? []).filter((option) => option.default).map((option) => option.value)
    : (component.default_values ?? []).filter((entry) => DEFAULT_KINDS[component.type]?.includes(entry.type)).map((entry) => entry.id);
  return values.slice(0, max);
}

/**
 * Choosing `value`: a single select replaces its value; a multi-select adds it (while under
 * `max`) or, when already chosen, takes it out.
 */
export function toggleValue(selected: readonly string[], value: string, max: number): string[] {
  if (max === 1) return [value];
  if (selected.includes(value)) return selected.filter((entry) => entry !== value);
  return selected.length < max ? [...selected, value] : [...selected];
}

/** Why the selection cannot be sent yet, or null when it fits the bounds. */
export function selectionProblem(selected: readonly string[], bounds: { min: number; max: number }): string | null {
  if (selected.length < bounds.min) return `Choose at least ${bounds.min}.`;
  if (selected.length > bounds.max) return `Choose at most ${bounds.max}.`;
  return null;
}

/** Whether two selections differ, ignoring order. */
export function selectionChanged(before: readonly string[], after: readonly string[]): boolean {
  return before.length !== after.length || after.some((value) => !before.includes(value));
}

/** The entries whose label or description contains `query`, case-insensitively. */
export function filterEntries(entries: readonly SelectEntry[], query: string): SelectEntry[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [...entries];
  return entries.filter((entry) => entry.label.toLowerCase().includes(wanted) || entry.description?.toLowerCase().includes(wanted));
}
