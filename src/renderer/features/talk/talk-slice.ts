/**
 * People talk too: the acting person writes plain messages (markdown and mentions are the
 * text's own; the registry checks them as it checks a bot's), replies to one, and opens a DM
 * with someone or a group DM with several, where user-installed apps then answer in the
 * BOT_DM and PRIVATE_CHANNEL contexts. The registry's refusal is shown as it words it.
 */
import { errorLines } from '../../../shared/command-rules/error-tree.js';
import type { WireChannel } from '../../api/wire-types.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps, OutgoingMessage, RestAnswer } from '../../store/deps.js';
import { HOME } from '../world/world-model.js';

export interface TalkSlice {
  /** The message the next plain message replies to. */
  replyTo: string | null;
  startReply(messageId: string): void;
  cancelReply(): void;
  /** Sends the draft as a plain message in the open channel; false when nothing was sent. */
  sendPlainMessage(): Promise<boolean>;
  /** Opens the DM with one person or a group DM with several, and goes there. */
  openDirectMessage(userIds: readonly string[]): Promise<void>;
  directMessageError: string | null;
}

declare module '../../store/app-state.js' {
  interface AppState extends TalkSlice {}
}

/** The service's message, with the first field it names: "content: Must be 2000 or fewer in length." */
export function refusalText(answer: Extract<RestAnswer<unknown>, { ok: false }>): string {
  const [first] = answer.error.errors ? errorLines(answer.error.errors) : [];
  return first ? `${first.path || '(body)'}: ${first.message}` : answer.error.message;
}

export function createTalkSlice(deps: ClientDeps): Slice<TalkSlice> {
  return (set, get) => ({
    replyTo: null,
    directMessageError: null,

    startReply(messageId) {
      set({ replyTo: messageId });
    },

    cancelReply() {
      set({ replyTo: null });
    },

    async sendPlainMessage() {
      const { token, locale, channelId, draft, replyTo } = get();
      if (token === null || channelId === null || draft.trim() === '' || get().sending) return false;
      const body: OutgoingMessage = { content: draft, ...(replyTo ? { message_reference: { message_id: replyTo } } : {}) };
      // The box empties at once, as the real client's does (the message may arrive over the
      // gateway before the answer does); a refusal puts the text back if nothing new was typed.
      set({ sending: true, sendError: null, draft: '', replyTo: null });
      const answer = await deps.rest.postMessage({ token, locale }, channelId, body);
      set({ sending: false });
      // The person may have moved on while it was sent: only the same channel's box is restored.
      if (get().channelId !== channelId) return answer.ok;
      if (!answer.ok) {
        set({
          sendError: `The registry refused the message: ${refusalText(answer)}`,
          ...(get().draft === '' ? { draft, replyTo } : {}),
        });
        return false;
      }
      get().messageCreated(answer.body);
      return true;
    },

    async openDirectMessage(userIds) {
      const { token, locale } = get();
      if (token === null || userIds.length === 0) return;
      const [only] = userIds;
      const body = userIds.length === 1 && only !== undefined ? { recipient_id: only } : { recipients: [...userIds] };
      set({ directMessageError: null });
      const answer = await deps.rest.openDirectMessage({ token, locale }, body);
      if (!answer.ok) {
        set({ directMessageError: refusalText(answer) });
        return;
      }
      const channel: WireChannel = answer.body;
      // The registry's world change brings a fresh READY too; the DM is shown at once.
      if (!get().privateChannels.some((entry) => entry.id === channel.id)) set({ privateChannels: [channel, ...get().privateChannels] });
      set({ placeId: HOME });
      get().selectChannel(channel.id);
    },
  });
}
