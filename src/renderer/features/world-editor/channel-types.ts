/**
 * The channel types a guild holds, named for the channel form, and which channels may be a
 * channel's parent by the world's rule (the registry's domain/world-rules.ts reads the same
 * shared lists): a category has none, a thread sits in a text, announcement, forum or
 * media channel, any other channel only in a category.
 */
import {
  CATEGORY_CHANNEL_TYPE, GUILD_CHANNEL_TYPES, THREAD_CHANNEL_TYPES, THREAD_PARENT_TYPES,
} from '../../../shared/world-entities.js';

export const CHANNEL_TYPE_NAMES: Readonly<Record<(typeof GUILD_CHANNEL_TYPES)[number], string>> = {
  0: 'Text',
  2: 'Voice',
  4: 'Category',
  5: 'Announcement',
  10: 'Announcement thread',
  11: 'Public thread',
  12: 'Private thread',
  13: 'Stage',
  14: 'Directory',
  15: 'Forum',
  16: 'Media',
};

/** Every guild channel type with its name, in the API's order. */
export const CHANNEL_TYPE_CHOICES = GUILD_CHANNEL_TYPES.map((type) => ({ type, name: CHANNEL_TYPE_NAMES[type] }));

/** A channel type's name (its number when the world holds a type the editor does not know). */
export function channelTypeName(type: number): string {
  return (CHANNEL_TYPE_NAMES as Readonly<Record<number, string>>)[type] ?? `Type ${type}`;
}

export function isThreadType(type: number): boolean {
  return (THREAD_CHANNEL_TYPES as readonly number[]).includes(type);
}

/** The channels (of `channels`, not `self`) a channel of `type` may sit in; empty when it takes none. */
export function parentChoices<T extends { id: string; type: number }>(type: number, channels: readonly T[], self: string | null): T[] {
  if (type === CATEGORY_CHANNEL_TYPE) return [];
  const allowed: readonly number[] = isThreadType(type) ? THREAD_PARENT_TYPES : [CATEGORY_CHANNEL_TYPE];
  return channels.filter((channel) => channel.id !== self && allowed.includes(channel.type));
}

/** Whether a channel of this type must have a parent (threads do). */
export function needsParent(type: number): boolean {
  return isThreadType(type);
}
