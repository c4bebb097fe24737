/**
 * What bots hear of channel messages, as the service sends it: MESSAGE_CREATE / _UPDATE /
 * _DELETE to every app that can view the channel (installed in its guild with VIEW_CHANNEL,
 * or a recipient of the DM), with GUILD_MESSAGES (guilds) or DIRECT_MESSAGES (DMs). Without
 * the privileged MESSAGE_CONTENT intent, `content`, `embeds`, `attachments`, `components`
 * and `poll` come empty unless the bot wrote the message, is mentioned in it, or it is a DM.
 * Poll votes go the same way with GUILD_MESSAGE_POLLS / DIRECT_MESSAGE_POLLS.
 */
import { GatewayIntentBits, type APIMessage } from 'discord-api-types/v10';
import type { ChannelMessageEvent, PollVoteEvent } from '../events.js';
import { memberView } from '../domain/guild-view.js';
import { canView } from '../queries/read-visibility.js';
import { storedMessageView } from '../queries/stored-message-view.js';
import type { ChannelRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { GatewayHub } from './hub.js';
import { filterAsync } from '../async-lists.js';

const EVENT = { create: 'MESSAGE_CREATE', update: 'MESSAGE_UPDATE', delete: 'MESSAGE_DELETE' } as const;

/**
 * The apps whose bots can see the channel now and have a session here (live, or dropped and
 * resumable for the channel's guild): the others would be sent nothing, so nothing is made
 * for them (another process of a team dispatches to its own sessions).
 */
async function listeningApps(store: Store, hub: GatewayHub, channel: ChannelRecord): Promise<string[]> {
  const connected = (applicationId: string) => hub.hasBotSession(applicationId) || hub.hasResumableBotSession(applicationId, channel.guild_id);
  if (channel.guild_id === null) {
    return await filterAsync((await store.world.recipients(channel.id)).filter(connected), async (id) => (await store.world.application(id)) !== undefined);
  }
  const guild = await store.world.guild(channel.guild_id);
  if (!guild) return [];
  return await filterAsync((await store.world.installs(guild.id)).filter(connected), async (applicationId) => {
    const member = await store.world.member(guild.id, applicationId);
    return member !== undefined && await canView(store, guild, member);
  });
}

/** Whether a bot without MESSAGE_CONTENT still reads this message's content. */
function readsContent(message: APIMessage, applicationId: string, direct: boolean): boolean {
  if (direct || message.author.id === applicationId) return true;
  return new RegExp(`<@!?${applicationId}>`).test(message.content);
}

/**
 * The message as a session without MESSAGE_CONTENT reads it: what the intent guards emptied
 * unless the bot may read it anyway, and the same for the message it replies to.
 */
function gated(message: APIMessage, applicationId: string, direct: boolean): APIMessage {
  const { referenced_message: referenced, ...own } = message;
  const replyTo = referenced ? { referenced_message: gated(referenced, applicationId, direct) } : referenced === null ? { referenced_message: null } : {};
  if (readsContent(message, applicationId, direct)) return { ...own, ...replyTo };
  const { poll: _poll, ...rest } = own;
  return { ...rest, content: '', embeds: [], attachments: [], components: [], ...replyTo };
}

/** Sends one message change to the bots that must hear it. */
export async function dispatchChannelMessage(store: Store, hub: GatewayHub, { change, message }: ChannelMessageEvent): Promise<void> {
  const channel = await store.world.channel(message.channel_id);
  if (!channel) return;
  const guildId = channel.guild_id;
  const intent = guildId === null ? GatewayIntentBits.DirectMessages : GatewayIntentBits.GuildMessages;
  const place = guildId === null ? {} : { guild_id: guildId };
  const apps = await listeningApps(store, hub, channel);
  if (apps.length === 0) return;
  if (change === 'delete') {
    for (const applicationId of apps) hub.dispatchToBot(applicationId, EVENT.delete, { id: message.id, channel_id: message.channel_id, ...place }, guildId, intent);
    return;
  }
  const member = guildId === null ? undefined : await store.world.member(guildId, message.author_id);
  const author = await store.world.user(message.author_id);
  // MESSAGE_CREATE carries the author's member without its user, as the service sends it.
  const memberPart = member && author ? (({ user: _user, ...rest }) => ({ member: rest }))(memberView(member, author)) : {};
  for (const applicationId of apps) {
    const view = { ...await storedMessageView(store, message, applicationId), ...place, ...memberPart };
    const full = GatewayIntentBits.MessageContent;
    hub.dispatchToBot(applicationId, EVENT[change], view, guildId, intent | full);
    hub.dispatchToBot(applicationId, EVENT[change], gated(view, applicationId, guildId === null), guildId, intent, full);
  }
}

/** Sends a poll vote to the bots of the poll's channel. */
export async function dispatchPollVote(store: Store, hub: GatewayHub, vote: PollVoteEvent): Promise<void> {
  const channel = await store.world.channel(vote.channel_id);
  if (!channel) return;
  const guildId = channel.guild_id;
  const intent = guildId === null ? GatewayIntentBits.DirectMessagePolls : GatewayIntentBits.GuildMessagePolls;
  const data = {
    user_id: vote.user_id, channel_id: vote.channel_id, message_id: vote.message_id,
    ...(guildId === null ? {} : { guild_id: guildId }), answer_id: vote.answer_id,
  };
  const event = vote.change === 'add' ? 'MESSAGE_POLL_VOTE_ADD' : 'MESSAGE_POLL_VOTE_REMOVE';
  for (const applicationId of await listeningApps(store, hub, channel)) hub.dispatchToBot(applicationId, event, data, guildId, intent);
}
