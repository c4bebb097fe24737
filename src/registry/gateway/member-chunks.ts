/**
 * REQUEST_GUILD_MEMBERS (op 8), which `guild.members.fetch()` in discord.js sends: the
 * members it asks for (by id, or by name prefix, or all) answered as one
 * GUILD_MEMBERS_CHUNK per guild. A guild out of the session's sight is not answered, as
 * the service ignores it.
 */
import { memberView } from '../domain/guild-view.js';
import type { Store } from '../store/store.js';
import type { GatewaySession } from './session.js';
import { filterAsync, mapAsync } from '../async-lists.js';

/** A request's data, checked; null when it is malformed (4002). */
export interface MemberRequest {
  guildIds: string[];
  query: string | null;
  limit: number;
  userIds: string[] | null;
  nonce: string | undefined;
}

const SNOWFLAKE = /^\d{1,20}$/;

/** Reads op 8's `d`. */
export function parseMemberRequest(data: unknown): MemberRequest | null {
  if (typeof data !== 'object' || data === null) return null;
  const { guild_id, query, limit, user_ids, nonce } = data as Record<string, unknown>;
  const guildIds = Array.isArray(guild_id) ? guild_id : [guild_id];
  if (guildIds.length === 0 || !guildIds.every((id) => typeof id === 'string' && SNOWFLAKE.test(id))) return null;
  if (query !== undefined && query !== null && typeof query !== 'string') return null;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || (limit as number) < 0)) return null;
  const userIds = user_ids === undefined || user_ids === null ? null : Array.isArray(user_ids) ? user_ids : [user_ids];
  if (userIds && !userIds.every((id) => typeof id === 'string' && SNOWFLAKE.test(id))) return null;
  if (nonce !== undefined && typeof nonce !== 'string') return null;
  return {
    guildIds: guildIds as string[], query: typeof query === 'string' ? query : null,
    limit: (limit as number | undefined) ?? 0, userIds: userIds as string[] | null, nonce,
  };
}

/** The GUILD_MEMBERS_CHUNK data for each guild of the request the session may see. */
export async function memberChunks(store: Store, session: GatewaySession, request: MemberRequest): Promise<unknown[]> {
  const inside = async (guildId: string) => session.owner.kind === 'bot'
    ? await store.world.isInstalled(guildId, session.owner.application.id)
    : await store.world.member(guildId, session.owner.user.id) !== undefined;
  return await mapAsync(await filterAsync(request.guildIds, inside), async (guildId) => {
    const members = (await mapAsync(await store.world.members(guildId), async (member) => {
      const user = await store.world.user(member.user_id);
      return user ? [{ member, user }] : [];
    })).flat();
    const prefix = request.query?.toLowerCase() ?? '';
    const wanted = request.userIds === null
      ? members.filter(({ member, user }) =>
        user.username.toLowerCase().startsWith(prefix) || (member.nick ?? '').toLowerCase().startsWith(prefix))
      : members.filter(({ user }) => request.userIds?.includes(user.id));
    const limited = request.limit > 0 ? wanted.slice(0, request.limit) : wanted;
    const found = new Set(limited.map(({ user }) => user.id));
    return {
      guild_id: guildId,
      members: limited.map(({ member, user }) => memberView(member, user)),
      chunk_index: 0,
      chunk_count: 1,
      ...(request.userIds === null ? {} : { not_found: request.userIds.filter((id) => !found.has(id)) }),
      ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
    };
  });
}
