/**
 * Messages per channel: the latest page read over REST when a channel opens, then kept live
 * from the gateway (MESSAGE_CREATE, _UPDATE, _DELETE). Ephemeral messages exist only here:
 * the registry never stores them in the channel, so a reload of the page keeps them.
 * Pressing a button or choosing in a select sends a MESSAGE_COMPONENT interaction; voting in
 * a poll calls the registry's vote route, and the counts follow the channel's vote events.
 */
import type { WireMessage } from '../../api/wire-types.js';
import { compareSnowflakes } from '../../app/text-order.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { sendInteraction } from '../interactions/send-interaction.js';
import { applyPollVote, keepOwnVotes, type PollVoteEvent } from './poll-votes.js';

export type LoadState = 'loading' | 'loaded' | 'failed';

/** Message flags the client reads (api-facts). */
export const MESSAGE_FLAG = { SUPPRESS_EMBEDS: 1 << 2, EPHEMERAL: 1 << 6, LOADING: 1 << 7, COMPONENTS_V2: 1 << 15 } as const;

export interface MessagesSlice {
  messagesByChannel: Record<string, WireMessage[]>;
  messagesStatus: Record<string, LoadState>;
  loadMessages(channelId: string): Promise<void>;
  messageCreated(message: WireMessage): void;
  messageUpdated(message: WireMessage): void;
  messageDeleted(target: { id: string; channel_id: string }): void;
  /** Hides an ephemeral message ("Dismiss message"). */
  dismissMessage(channelId: string, messageId: string): void;
  /** `componentType` is sent as `data.component_type`, as the real client does. */
  pressComponent(message: WireMessage, customId: string, values?: string[], componentType?: number): Promise<void>;
  /** Votes in a poll as the acting person (an empty list removes their vote); answers the refusal's words, or null. */
  votePoll(message: WireMessage, answerIds: number[]): Promise<string | null>;
  /** MESSAGE_POLL_VOTE_ADD / _REMOVE: someone's vote moved a count. */
  pollVoteChanged(change: 'add' | 'remove', vote: PollVoteEvent): void;
  resetMessages(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends MessagesSlice {}
}

export function isEphemeral(message: Pick<WireMessage, 'flags'>): boolean {
  return ((message.flags ?? 0) & MESSAGE_FLAG.EPHEMERAL) !== 0;
}

/** Inserts or replaces by id, keeping snowflake order. */
export function upsertMessage(list: readonly WireMessage[], message: WireMessage): WireMessage[] {
  const without = list.filter((entry) => entry.id !== message.id);
  return [...without, message].sort((a, b) => compareSnowflakes(a.id, b.id));
}

export function createMessagesSlice(deps: ClientDeps): Slice<MessagesSlice> {
  return (set, get) => {
    const change = (channelId: string, edit: (list: WireMessage[]) => WireMessage[]) => {
      const current = get().messagesByChannel[channelId] ?? [];
      set({ messagesByChannel: { ...get().messagesByChannel, [channelId]: edit(current) } });
    };
    return {
      messagesByChannel: {},
      messagesStatus: {},

      async loadMessages(channelId) {
        const token = get().token;
        if (token === null) return;
        set({ messagesStatus: { ...get().messagesStatus, [channelId]: 'loading' } });
        const answer = await deps.rest.messages({ token, locale: get().locale }, channelId);
        if (get().token !== token) return;
        if (!answer.ok) {
          set({ messagesStatus: { ...get().messagesStatus, [channelId]: 'failed' } });
          return;
        }
        // Keep what only this client has (ephemeral messages) and what arrived meanwhile.
        change(channelId, (current) => answer.body.reduce(upsertMessage, current.filter((message) => isEphemeral(message))));
        set({ messagesStatus: { ...get().messagesStatus, [channelId]: 'loaded' } });
      },

      messageCreated(message) {
        change(message.channel_id, (list) => upsertMessage(list, message));
      },

      messageUpdated(message) {
        change(message.channel_id, (list) => {
          const known = list.find((entry) => entry.id === message.id);
          const poll = keepOwnVotes(known?.poll, message.poll);
          return upsertMessage(list, poll === undefined ? message : { ...message, poll });
        });
      },

      async votePoll(message, answerIds) {
        const token = get().token;
        if (token === null) return 'You are not signed in.';
        const answer = await deps.rest.votePoll({ token, locale: get().locale }, message.channel_id, message.id, answerIds);
        return answer.ok ? null : answer.error.message;
      },

      pollVoteChanged(kind, vote) {
        const readerId = get().me?.id ?? null;
        change(vote.channel_id, (list) => list.map((message) =>
          message.id === vote.message_id && message.poll ? { ...message, poll: applyPollVote(message.poll, vote, kind, readerId) } : message));
      },

      messageDeleted({ id, channel_id: channelId }) {
        change(channelId, (list) => list.filter((message) => message.id !== id));
      },

      dismissMessage(channelId, messageId) {
        change(channelId, (list) => list.filter((message) => message.id !== messageId));
      },

      async pressComponent(message, customId, values, componentType) {
        const applicationId = message.application_id ?? message.author.id;
        const guildId = get().guilds.find((guild) => guild.channels.some((channel) => channel.id === message.channel_id))?.id;
        await sendInteraction(get, deps, {
          type: 3, application_id: applicationId, channel_id: message.channel_id, nonce: deps.nonce(), message_id: message.id,
          ...(guildId === undefined ? {} : { guild_id: guildId }),
          data: { ...(componentType === undefined ? {} : { component_type: componentType }), custom_id: customId, ...(values === undefined ? {} : { values }) },
        }, { kind: 'component', label: `component ${customId}`, messageId: message.id, customId });
      },

      resetMessages() {
        set({ messagesByChannel: {}, messagesStatus: {} });
      },
    };
  };
}
