/**
 * What connected bots hear when a world edit changes a guild, as the service sends it: an
 * app installed gets GUILD_CREATE (the whole guild), one uninstalled GUILD_DELETE (no
 * `unavailable`: it was removed); the other apps of the guild get GUILD_UPDATE, GUILD_ROLE_*,
 * CHANNEL_* / THREAD_* (GUILDS intent) and GUILD_MEMBER_* (GUILD_MEMBERS intent, privileged).
 */
import { GatewayIntentBits } from 'discord-api-types/v10';
import type { EditChange, GuildEdit, GuildEdits } from '../domain/guild-diff.js';
import { guildView, memberView, roleView } from '../domain/guild-view.js';
import { apiUser } from '../domain/user-view.js';
import { isThread } from '../domain/world-rules.js';
import { storedChannelView } from '../queries/stored-channel-view.js';
import type { Store } from '../store/store.js';
import type { GatewayHub } from './hub.js';
import { guildCreateView } from './ready-payloads.js';

/** A dispatch for the guild's bots: its name, data and the intent a session needs to get it. */
interface GuildEvent {
  event: string;
  data: unknown;
  intent: number;
}

const SUFFIX: Readonly<Record<EditChange, string>> = { create: 'CREATE', update: 'UPDATE', delete: 'DELETE' };
const MEMBER_EVENT: Readonly<Record<EditChange, string>> = { create: 'GUILD_MEMBER_ADD', update: 'GUILD_MEMBER_UPDATE', delete: 'GUILD_MEMBER_REMOVE' };

/** The event every other bot of the guild hears for one role, channel or member edit. */
async function guildEvent(store: Store, guildId: string, edit: Exclude<GuildEdit, { kind: 'install' | 'uninstall' }>): Promise<GuildEvent> {
  const guilds = GatewayIntentBits.Guilds;
  switch (edit.kind) {
    case 'guild':
      return { event: 'GUILD_UPDATE', data: guildView(edit.guild, await store.world.roles(guildId)), intent: guilds };
    case 'role':
      return {
        event: `GUILD_ROLE_${SUFFIX[edit.change]}`,
        data: edit.change === 'delete' ? { guild_id: guildId, role_id: edit.role.id } : { guild_id: guildId, role: roleView(edit.role) },
        intent: guilds,
      };
    case 'channel': {
      const thread = isThread(edit.channel.type);
      const { channel } = edit;
      const view = await storedChannelView(store, channel, null);
      if (!thread) return { event: `CHANNEL_${SUFFIX[edit.change]}`, data: view, intent: guilds };
      const data = edit.change === 'delete'
        ? { id: channel.id, guild_id: guildId, parent_id: channel.parent_id, type: channel.type }
        : { ...view, ...(edit.change === 'create' ? { newly_created: true } : {}) };
      return { event: `THREAD_${SUFFIX[edit.change]}`, data, intent: guilds };
    }
    case 'member':
      return {
        event: MEMBER_EVENT[edit.change],
        data: edit.change === 'delete' ? { guild_id: guildId, user: apiUser(edit.user) } : { ...memberView(edit.member, edit.user), guild_id: guildId },
        intent: GatewayIntentBits.GuildMembers,
      };
  }
}

/** Sends one guild's edits to the bots that must hear them, in order. */
export async function dispatchGuildEdits(store: Store, hub: GatewayHub, { guildId, edits }: GuildEdits): Promise<void> {
  // Apps that joined in this edit learn everything from their GUILD_CREATE, sent last.
  const joined = new Set(edits.flatMap((edit) => (edit.kind === 'install' ? [edit.applicationId] : [])));
  const present = (await store.world.installs(guildId)).filter((applicationId) => !joined.has(applicationId));
  const guild = await store.world.guild(guildId);
  for (const edit of edits) {
    if (edit.kind === 'uninstall') {
      hub.dispatchToBot(edit.applicationId, 'GUILD_DELETE', { id: guildId }, guildId, GatewayIntentBits.Guilds);
    } else if (edit.kind === 'install') {
      if (guild) hub.dispatchToBot(edit.applicationId, 'GUILD_CREATE', await guildCreateView(store, guild, edit.applicationId), guildId, GatewayIntentBits.Guilds);
    } else if (present.length > 0) {
      const { event, data, intent } = await guildEvent(store, guildId, edit);
      for (const applicationId of present) hub.dispatchToBot(applicationId, event, data, guildId, intent);
    }
  }
}
