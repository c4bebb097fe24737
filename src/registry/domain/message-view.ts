/**
 * The message object (discord-api-types `APIMessage`) of a stored message. What an app
 * sent (embeds, components, attachments) was checked by the message rules, or comes from a
 * world file that keeps it as given; it is stored as JSON and goes out as it came in.
 */
import { InteractionType, type APIMessage, type APIMessageInteraction } from 'discord-api-types/v10';
import type { MessageRecord, UserRecord } from '../store/records.js';
import type { StoredInteractionMetadata } from './interaction-metadata.js';
import { apiUser, missingUser } from './user-view.js';

/**
 * The deprecated `interaction` of a command's original response, which the service still
 * sends beside `interaction_metadata`: discord.py 2.x finds the View of a button by it.
 */
function messageInteraction(metadata: StoredInteractionMetadata | null): APIMessageInteraction | undefined {
  if (metadata?.type !== InteractionType.ApplicationCommand || metadata.name === undefined || metadata.original_response_message_id !== undefined) return undefined;
  return { id: metadata.id, type: InteractionType.ApplicationCommand, name: metadata.name, user: metadata.user } satisfies APIMessageInteraction;
}

/**
 * An embed as the service answers it: `rich` unless the message says otherwise (a poll's
 * result message carries a `poll_result` embed); the field is deprecated for bots.
 */
function richEmbed(embed: Record<string, unknown>): Record<string, unknown> {
  return { type: 'rich', ...embed };
}

/** The message object for `GET /channels/{id}/messages[/{id}]` and everything that carries a message. */
export function messageView(message: MessageRecord, author: UserRecord | undefined): APIMessage {
  const interaction = messageInteraction(message.interaction_metadata);
  return {
    id: message.id,
    channel_id: message.channel_id,
    author: author ? apiUser(author) : missingUser(message.author_id),
    content: message.content,
    timestamp: message.timestamp,
    edited_timestamp: message.edited_timestamp,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    // The stored JSON of what the message rules let through (see above): typed here, where it leaves the store.
    attachments: message.attachments as unknown as APIMessage['attachments'],
    embeds: message.embeds.map(richEmbed) as unknown as APIMessage['embeds'],
    components: message.components as unknown as NonNullable<APIMessage['components']>,
    pinned: false,
    type: message.type,
    flags: message.flags,
    ...(message.application_id === null ? {} : { application_id: message.application_id }),
    ...(message.webhook_id === null ? {} : { webhook_id: message.webhook_id }),
    ...(message.interaction_metadata === null ? {} : { interaction_metadata: message.interaction_metadata }),
    ...(interaction === undefined ? {} : { interaction }),
  } satisfies APIMessage;
}
