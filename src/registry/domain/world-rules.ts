/**
 * The world's shape rules that a schema cannot see: where a channel may sit, which types
 * are threads. Pure; the checks that must look at the rest of the world (services/world-checks.ts)
 * build on them, and the world-file loader and the management API share both.
 */
import { CATEGORY_CHANNEL_TYPE as CATEGORY, THREAD_CHANNEL_TYPES, THREAD_PARENT_TYPES } from '../../shared/world-entities.js';
import type { ChannelRecord } from '../store/records.js';
import { problem, WORLD_CODES, type WorldProblem } from '../world/world-error.js';

const THREAD_PARENTS: readonly number[] = THREAD_PARENT_TYPES;
/** Channels that hold no messages of their own: categories, directories, forums, media. */
export const NO_MESSAGES: readonly number[] = [4, 14, 15, 16];

/** Whether a channel type is a thread, which takes its permissions from its parent. */
export function isThread(type: number): boolean {
  return (THREAD_CHANNEL_TYPES as readonly number[]).includes(type);
}

/**
 * Why a guild channel cannot have this parent (the parent looked up in the same guild),
 * or undefined: threads need a text-like parent, other channels sit only in a category.
 */
export function parentProblem(
  channel: { type: number; parent_id?: string | null | undefined },
  parent: Pick<ChannelRecord, 'type'> | undefined,
): WorldProblem | undefined {
  const parentId = channel.parent_id ?? null;
  const at = ['parent_id'];
  if (parentId === null) return isThread(channel.type) ? problem(at, 'a thread needs a parent channel', WORLD_CODES.invalid) : undefined;
  if (channel.type === CATEGORY) return problem(at, 'a category has no parent', WORLD_CODES.invalid);
  if (!parent) return problem(at, `unknown channel "${parentId}" in this guild`);
  if (isThread(channel.type) && !THREAD_PARENTS.includes(parent.type)) {
    return problem(at, 'a thread sits in a text, announcement, forum or media channel', WORLD_CODES.invalid);
  }
  if (!isThread(channel.type) && parent.type !== CATEGORY) return problem(at, 'a channel sits only in a category', WORLD_CODES.invalid);
  return undefined;
}

/** Why a channel id cannot be used for a channel of `guildId` (null: a DM), or undefined. */
export function channelIdProblem(existing: ChannelRecord | undefined, guildId: string | null): WorldProblem | undefined {
  if (!existing || existing.guild_id === guildId) return undefined;
  const owner = existing.guild_id === null ? 'a DM or group DM' : `a channel of guild "${existing.guild_id}"`;
  return problem(['id'], `already ${owner}`, WORLD_CODES.taken);
}
