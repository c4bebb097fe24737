/**
 * The store's world as a world file, for the client simulator's export and for sharing a
 * QA setup. It carries no token or secret (the store holds only their digests); loading
 * it back into the same registry changes nothing, because existing applications keep
 * their tokens when a file has none.
 */
import { isLocale } from '../../shared/locales.js';
import type { WorldFile } from '../../shared/world-file.js';
import type { ApplicationRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { mapAsync } from '../async-lists.js';

/** An application as a world file holds it, without its token or secret. */
export function applicationEntry(app: ApplicationRecord): WorldFile['applications'][number] {
  return {
    id: app.id, name: app.name, ...(app.owner_id === null ? {} : { owner_id: app.owner_id }), flags: app.flags,
    interactions_endpoint_url: app.interactions_endpoint_url, redirect_uris: app.redirect_uris, activity_url: app.activity_url,
    url_mappings: app.url_mappings,
  };
}

/** The whole world as a world file without secrets; `loadWorld` reads it back unchanged. */
export async function exportWorld(store: Store): Promise<WorldFile> {
  const { world } = store;
  const users = await mapAsync((await world.users()).filter((user) => !user.bot), async (user) => ({
    id: user.id, username: user.username, global_name: user.global_name,
    ...(isLocale(user.locale) ? { locale: user.locale } : {}),
    applications: await world.userApplications(user.id),
  }));
  const applications = (await world.applications()).map(applicationEntry);
  const guilds = await mapAsync(await world.guilds(), async (guild) => ({
    id: guild.id, name: guild.name, owner_id: guild.owner_id, ...(isLocale(guild.locale) ? { locale: guild.locale } : {}),
    roles: (await world.roles(guild.id)).map((role) => ({
      id: role.id, name: role.name, permissions: role.permissions, position: role.position, color: role.color ?? 0, hoist: role.hoist ?? false,
    })),
    channels: (await world.channels(guild.id)).map((channel) => ({
      id: channel.id, name: channel.name ?? '', type: channel.type, parent_id: channel.parent_id, nsfw: channel.nsfw, position: channel.position,
    })),
    members: (await world.members(guild.id)).map((member) => ({
      user_id: member.user_id, roles: member.roles, nick: member.nick, joined_at: member.joined_at,
    })),
    applications: await world.installs(guild.id),
  }));
  const channels = await mapAsync(await world.privateChannels(), async (channel) => ({
    id: channel.id, type: channel.type as 1 | 3, recipients: await world.recipients(channel.id),
    ...(channel.type === 3 ? { name: channel.name } : {}),
  }));
  const messages = (await store.messages.allMessages()).map((message) => ({
    id: message.id, channel_id: message.channel_id, author_id: message.author_id, content: message.content,
    timestamp: message.timestamp, edited_timestamp: message.edited_timestamp, type: message.type, flags: message.flags,
    embeds: message.embeds, components: message.components, attachments: message.attachments,
    application_id: message.application_id, webhook_id: message.webhook_id, interaction_metadata: message.interaction_metadata,
  }));
  return { users, applications, guilds, channels, messages };
}
