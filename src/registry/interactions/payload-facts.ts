/**
 * Reads from the world what an interaction payload says about where and by whom it was
 * invoked: the member and their permissions, the app's permissions, the channel, the
 * installations that authorize it, and `resolved` for every user, member, role, channel,
 * message and uploaded file the options or target name.
 */
import { attachmentView } from '../domain/attachment-view.js';
import { messageView } from '../domain/message-view.js';
import { channelView } from '../domain/channel-view.js';
import { channelSurroundings } from '../queries/stored-channel-view.js';
import { memberView, roleView } from '../domain/guild-view.js';
import { memberPermissions } from '../domain/member-permissions.js';
import { PERMISSION } from '../domain/permissions.js';
import { apiUser } from '../domain/user-view.js';
import type { Location } from '../queries/command-index.js';
import type { ApplicationRecord, ChannelRecord, MemberRecord, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { someAsync } from '../async-lists.js';

/** What an app and a user may do in a DM or group DM (no roles there). */
const PRIVATE_CHANNEL_PERMISSIONS = PERMISSION.VIEW_CHANNEL | PERMISSION.SEND_MESSAGES | PERMISSION.EMBED_LINKS |
  PERMISSION.ATTACH_FILES | PERMISSION.USE_EXTERNAL_EMOJIS | PERMISSION.USE_APPLICATION_COMMANDS | PERMISSION.USE_EMBEDDED_ACTIVITIES;

export interface References {
  users: string[];
  roles: string[];
  channels: string[];
  messages: string[];
  /** Uploads named by ATTACHMENT options (already checked as this user's, in this channel). */
  attachments: string[];
}

/** A user's (or a bot's) permissions where the interaction happens. */
export async function permissionsAt(store: Store, location: Location, userId: string): Promise<bigint> {
  if (location.kind === 'private') return PRIVATE_CHANNEL_PERMISSIONS;
  const { guild, roles } = location;
  const member = userId === location.member.user_id ? location.member : await store.world.member(location.guildId, userId);
  if (member) return memberPermissions(guild, member, roles);
  // An app reached only through a user install has no bot member: it gets what @everyone has.
  return BigInt(roles.find((role) => role.id === guild.id)?.permissions ?? '0');
}

/** The context type of a location for an app: GUILD 0, BOT_DM 1, PRIVATE_CHANNEL 2. */
export function contextAt(location: Location, applicationId: string): number {
  if (location.kind === 'guild') return 0;
  return location.channel.type === 1 && location.recipients.includes(applicationId) ? 1 : 2;
}

/**
 * The installations that authorize the app here: {"0": guild id (or "0" in a DM)} for a
 * guild install, {"1": user id} for a user install (api-facts.md).
 */
export async function integrationOwners(
  store: Store, location: Location, application: ApplicationRecord, user: UserRecord, integrationTypes: readonly number[],
): Promise<Record<string, string>> {
  const owners: Record<string, string> = {};
  if (integrationTypes.includes(0)) {
    if (location.kind === 'guild' && await store.world.isInstalled(location.guildId, application.id)) owners['0'] = location.guildId;
    if (location.kind === 'private' && contextAt(location, application.id) === 1) {
      const mutual = await someAsync(await store.world.guildsOf(application.id), async (guildId) => (await store.world.member(guildId, user.id)) !== undefined);
      if (mutual) owners['0'] = '0';
    }
  }
  if (integrationTypes.includes(1) && (await store.world.userApplications(user.id)).includes(application.id)) owners['1'] = user.id;
  return owners;
}

/**
 * The channel as the payload shows it, with the invoking user's permissions there, but for
 * its last message (null here): every message changes that, so `withLastMessage` adds it.
 */
export async function payloadChannel(store: Store, channel: ChannelRecord, user: UserRecord, permissions: bigint): Promise<Record<string, unknown>> {
  const view = channelView(channel, { ...await channelSurroundings(store, channel, user.id), lastMessageId: null });
  return { ...view, ...(channel.guild_id ? { guild_id: channel.guild_id } : {}), permissions: permissions.toString() };
}

/** Whether `payloadChannel`'s view has a last message (a category has none). */
export function showsLastMessage(view: Readonly<Record<string, unknown>>): boolean {
  return 'last_message_id' in view;
}

/** `payloadChannel`'s view with the channel's last message as it is now, where the view has one. */
export function withLastMessage(view: Readonly<Record<string, unknown>>, lastMessageId: string | null): Record<string, unknown> {
  return showsLastMessage(view) ? { ...view, last_message_id: lastMessageId } : { ...view };
}

/** The member object of the payload: the member, with their permissions in the channel. */
export function payloadMember(member: MemberRecord, user: UserRecord, permissions: bigint) {
  return { ...memberView(member, user), permissions: permissions.toString() };
}

/**
 * `data.resolved` for the ids the options and target name; undefined when there are none.
 * `origin` is the registry's address as the client reached it: file URLs are built on it.
 */
export async function resolvedData(
  store: Store, location: Location, references: References, viewerId: string, origin: string,
): Promise<Record<string, unknown> | undefined> {
  const resolved: Record<string, Record<string, unknown>> = {};
  const put = (kind: string, id: string, value: unknown) => ((resolved[kind] ??= {})[id] = value);
  for (const id of references.users) {
    const user = await store.world.user(id);
    if (!user) continue;
    put('users', id, apiUser(user));
    if (location.kind === 'guild') {
      const member = await store.world.member(location.guildId, id);
      if (member) {
        // Resolved members carry no nested user (api-facts.md).
        const { user: _user, ...rest } = memberView(member, user);
        put('members', id, { ...rest, permissions: (await permissionsAt(store, location, id)).toString() });
      }
    }
  }
  for (const id of references.roles) {
    const role = await store.world.role(id);
    if (role) put('roles', id, roleView(role));
  }
  for (const id of references.channels) {
    const channel = await store.world.channel(id);
    if (!channel) continue;
    put('channels', id, {
      id: channel.id, name: channel.name, type: channel.type, parent_id: channel.parent_id,
      // The invoking user's permissions there (channels have no overwrites of their own here).
      permissions: (await permissionsAt(store, location, viewerId)).toString(), ...(channel.nsfw ? { nsfw: true } : {}),
    });
  }
  for (const id of references.messages) {
    const message = await store.messages.messageById(id);
    if (message) put('messages', id, messageView(message, await store.world.user(message.author_id)));
  }
  for (const id of references.attachments) {
    const attachment = await store.attachments.attachment(id);
    if (attachment) put('attachments', id, attachmentView(attachment, origin));
  }
  return Object.keys(resolved).length === 0 ? undefined : resolved;
}
