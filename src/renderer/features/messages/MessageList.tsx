/**
 * The open channel's messages, oldest first, scrolled to the newest, with the person's own
 * refused or unanswered commands as notices in time order among them; below them the
 * commands still on their way ("Sending command…").
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../../app/store-context.js';
import type { WireMessage } from '../../api/wire-types.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import { MentionContext, mentionNames } from './mention-names.js';
import { MessageItem } from './MessageItem.js';
import { NowProvider } from './now-context.js';
import { failureNotices, ownInteractions, timeline } from './notices.js';
import { FailureNoticeItem, PendingInteractions } from './PendingInteractions.js';

const NO_MESSAGES: WireMessage[] = [];

export function MessageList({ channelId }: { channelId: string }) {
  const messages = useApp((state) => state.messagesByChannel[channelId] ?? NO_MESSAGES);
  const status = useApp((state) => state.messagesStatus[channelId]);
  const entries = useApp((state) => state.inspectorEntries);
  const guild = useApp(selectGuild);
  const channel = useApp(selectChannel);
  const me = useApp((state) => state.me);
  const userId = useApp((state) => state.actingUserId);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const own = useMemo(() => ownInteractions(entries, channelId, userId, messages, dismissed), [entries, channelId, userId, messages, dismissed]);
  const items = useMemo(() => timeline(messages, failureNotices(own)), [messages, own]);
  const dismiss = (nonces: readonly string[]) => setDismissed(new Set([...dismissed, ...nonces]));
  const names = useMemo(() => mentionNames({ guild, channel, me: me ?? undefined }), [guild, channel, me]);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, entries]);
  return (
    <MentionContext.Provider value={names}>
      {/* Relative times and a poll's time left move with one clock for the whole list. */}
      <NowProvider intervalMs={30_000} changed={messages}>
        <div className="messages" ref={scroller} data-testid="message-list" aria-live="polite">
          {status === 'failed' && <p className="messages__note">Messages could not be loaded.</p>}
          {status === 'loaded' && messages.length === 0 && <p className="messages__note">No messages here yet.</p>}
          <ol className="messages__list">
            {items.map((item) => item.kind === 'message'
              ? <MessageItem key={item.message.id} message={item.message} />
              : <FailureNoticeItem key={item.notice.key} notice={item.notice} onDismiss={dismiss} />)}
          </ol>
          <PendingInteractions entries={own} />
        </div>
      </NowProvider>
    </MentionContext.Provider>
  );
}
