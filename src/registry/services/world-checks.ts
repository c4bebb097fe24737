/**
 * World checks that need the rest of the world: who may share a DM, where a message may be.
 * The world-file loader and the management API ask here, so both refuse the same things.
 */
import { problem, WORLD_CODES, type WorldProblem } from '../world/world-error.js';
import { NO_MESSAGES } from '../domain/world-rules.js';
import type { Store } from '../store/store.js';

/** A DM: exactly two recipients, for ever (a group DM's recipients come and go). */
const DM_CHANNEL_TYPE = 1;

/**
 * Why these recipients cannot share a DM or group DM: unknown users, bots in a group DM,
 * two bots in a DM, or a second DM between the same two people.
 */
export async function recipientsProblem(store: Store, channel: { id: string; type: number; recipients: readonly string[] }): Promise<WorldProblem | undefined> {
  const users = [];
  for (const [index, id] of channel.recipients.entries()) {
    const user = await store.world.user(id);
    if (!user) return problem(['recipients', index], `unknown user "${id}"`);
    if (channel.type === 3 && user.bot) return problem(['recipients', index], 'a group DM cannot include a bot', WORLD_CODES.invalid);
    users.push(user);
  }
  if (channel.type !== 1) return undefined;
  if (users.every((user) => user.bot)) return problem(['recipients'], 'a DM needs a person on one end', WORLD_CODES.invalid);
  const [first, second] = channel.recipients as [string, string];
  const existing = await store.world.directMessageBetween(first, second);
  if (existing !== undefined && existing !== channel.id) {
    return problem(['recipients'], `a DM between these users already exists ("${existing}")`, WORLD_CODES.taken);
  }
  return undefined;
}

/**
 * Why a message cannot be in its channel: no such channel or author, a channel that holds
 * no messages, an id used in another channel, or, in a DM, an author who is not one of its
 * two recipients. A guild's or group DM's messages may be by someone no longer in it: people
 * leave, their messages stay (a refusal here would turn away a real channel's history).
 * Messages an app sent through an interaction are exempt too: user-installed apps post where
 * their bot is not.
 */
export async function messageProblem(
  store: Store,
  message: { id: string; channel_id: string; author_id: string; application_id?: string | null; webhook_id?: string | null },
): Promise<WorldProblem | undefined> {
  const channel = await store.world.channel(message.channel_id);
  if (!channel) return problem(['channel_id'], `unknown channel "${message.channel_id}"`);
  if (NO_MESSAGES.includes(channel.type)) {
    return problem(['channel_id'], `channel "${channel.id}" (type ${channel.type}) holds no messages`, WORLD_CODES.invalid);
  }
  if (!await store.world.user(message.author_id)) return problem(['author_id'], `unknown user "${message.author_id}"`);
  const other = await store.messages.messageById(message.id);
  if (other && other.channel_id !== message.channel_id) {
    return problem(['id'], `already a message in channel "${other.channel_id}"`, WORLD_CODES.taken);
  }
  if (message.application_id != null || message.webhook_id != null || channel.type !== DM_CHANNEL_TYPE) return undefined;
  if ((await store.world.recipients(channel.id)).includes(message.author_id)) return undefined;
  return problem(['author_id'], `user "${message.author_id}" is not a recipient of channel "${channel.id}"`, WORLD_CODES.invalid);
}
