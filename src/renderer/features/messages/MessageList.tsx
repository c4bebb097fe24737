/**
 * The open channel's messages, oldest first, scrolled to the newest; below them the
 * client's own commands still on their way ("Sending command…") or refused.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useApp } from '../../app/store-context.js';
import type { WireMessage } from '../../api/wire-types.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import { MentionContext, mentionNames } from './mention-names.js';
import { MessageItem } from './MessageItem.js';
import { PendingInteractions } from './PendingInteractions.js';

const NO_MESSAGES: WireMessage[] = [];

export function MessageList({ channelId }: { channelId: string }) {
  const messages = useApp((state) => state.messagesByChannel[channelId] ?? NO_MESSAGES);
  const status = useApp((state) => state.messagesStatus[channelId]);
  const entries = useApp((state) => state.inspectorEntries);
  const guild = useApp(selectGuild);
  const channel = useApp(selectChannel);
  const me = useApp((state) => state.me);
  const names = useMemo(() => mentionNames({ guild, channel, me: me ?? undefined }), [guild, channel, me]);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, entries]);
  return (
    <MentionContext.Provider value={names}>
      <div className="messages" ref={scroller} data-testid="message-list" aria-live="polite">
        {status === 'failed' && <p className="messages__note">Messages could not be loaded.</p>}
        {status === 'loaded' && messages.length === 0 && <p className="messages__note">No messages here yet.</p>}
        <ol className="messages__list">
          {messages.map((message) => <MessageItem key={message.id} message={message} />)}
        </ol>
        <PendingInteractions channelId={channelId} messages={messages} />
      </div>
    </MentionContext.Provider>
  );
}
