/**
 * World checks that need the rest of the world: who may share a DM, where a message may be.
 * The world-file loader and the management API ask here, so both refuse the same things.
 */
import { problem, WORLD_CODES, type WorldProblem } from '../world/world-error.js';
import { NO_MESSAGES } from '../domain/world-rules.js';
import type { Store } from '../store/store.js';

/**
 * Why these recipients cannot share a DM or group DM: unknown users, bots in a group DM,
 * two bots in a DM, or a second DM between the same two people.
 */
export function recipientsProblem(store: Store, channel: { id: string; type: number; recipients: readonly string[] }): WorldProblem | undefined {
  const users = [];
  for (const [index, id] of channel.recipients.entries()) {
    const user = store.world.user(id);
    if (!user) return problem(['recipients', index], `unknown user "${id}"`);
    if (channel.type === 3 && user.bot) return problem(['recipients', index], 'a group DM cannot include a bot', WORLD_CODES.invalid);
    users.push(user);
  }
  if (channel.type !== 1) return undefined;
  if (users.every((user) => user.bot)) return problem(['recipients'], 'a DM needs a person on one end', WORLD_CODES.invalid);
  const [first, second] = channel.recipients as [string, string];
  const existing = store.world.directMessageBetween(first, second);
  if (existing !== undefined && existing !== channel.id) {
    return problem(['recipients'], `a DM between these users already exists ("${existing}")`, WORLD_CODES.taken);
  }
  return undefined;
}

/**
 * Why a message cannot be in its channel: no such channel or author, a channel that holds
 * no messages, an id used in another channel, or an author who is not in the channel
 * (messages an app sent through an interaction are exempt: user-installed apps post where
 * their bot is not).
 */
export function messageProblem(
  store: Store,
  message: { id: string; channel_id: string; author_id: string; application_id?: string | null; webhook_id?: string | null },
): WorldProblem | undefined {
  const channel = store.world.channel(message.channel_id);
  if (!channel) return problem(['channel_id'], `unknown channel "${message.channel_id}"`);
  if (NO_MESSAGES.includes(channel.type)) {
    return problem(['channel_id'], `channel "${channel.id}" (type ${channel.type}) holds no messages`, WORLD_CODES.invalid);
  }
  if (!store.world.user(message.author_id)) return problem(['author_id'], `unknown user "${message.author_id}"`);
  const other = store.messages.messageById(message.id);
  if (other && other.channel_id !== message.channel_id) {
    return problem(['id'], `already a message in channel "${other.channel_id}"`, WORLD_CODES.taken);
  }
  if (message.application_id != null || message.webhook_id != null) return undefined;
  const present = channel.guild_id === null
    ? store.world.recipients(channel.id).includes(message.author_id)
    : store.world.member(channel.guild_id, message.author_id) !== undefined;
  if (present) return undefined;
  const where = channel.guild_id === null ? `a recipient of channel "${channel.id}"` : `a member of guild "${channel.guild_id}"`;
  return problem(['author_id'], `user "${message.author_id}" is not ${where}`, WORLD_CODES.invalid);
}
