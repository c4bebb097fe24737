/**
 * The open channel's messages, oldest first, scrolled to the newest, with the person's own
 * refused or unanswered commands as notices in time order among them; below them the
 * commands still on their way ("Sending command…"). The list is one tab stop with roving
 * focus (the newest message until the person moves): arrows, Home/End and PageUp/PageDown
 * go from message to message, the ContextMenu key or Shift+F10 opens the focused one's menu,
 * and typing there writes in the composer, as in the real client.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { focusHome } from '../../app/focus-history.js';
import { useApp } from '../../app/store-context.js';
import { useRovingFocus } from '../../app/use-roving-focus.js';
import type { WireMessage } from '../../api/wire-types.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import { channelLabel } from '../world/world-model.js';
import { ImageViewerProvider } from './ImageViewer.js';
import { MentionContext, mentionNames } from './mention-names.js';
import { MessageItem } from './MessageItem.js';
import { NowProvider } from './now-context.js';
import { failureNotices, ownInteractions, timeline } from './notices.js';
import { FailureNoticeItem, PendingInteractions } from './PendingInteractions.js';

const NO_MESSAGES: WireMessage[] = [];
const ROVING = { itemSelector: ':scope > li', start: 'last' } as const;

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
  const list = useRef<HTMLOListElement>(null);
  const roving = useRovingFocus(list, ROVING);
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    roving.onKeyDown(event);
    const typing = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    // A character typed on a message goes to the composer, which takes the focus before it lands.
    if (typing && !event.defaultPrevented && event.target instanceof HTMLLIElement) focusHome();
  };
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, entries]);
  return (
    <MentionContext.Provider value={names}>
      {/* Relative times and a poll's time left move with one clock for the whole list. */}
      <NowProvider intervalMs={30_000} changed={messages}>
        {/* The viewer's dialog is drawn beside the list, outside its keys and its live region. */}
        <ImageViewerProvider>
          <div className="messages" ref={scroller} data-testid="message-list" aria-live="polite">
            {status === 'failed' && <p className="messages__note">Messages could not be loaded.</p>}
            {status === 'loaded' && messages.length === 0 && <p className="messages__note">No messages here yet.</p>}
            <ol className="messages__list" ref={list} aria-label={`Messages in ${channel ? channelLabel(channel) : 'this channel'}`} onFocus={roving.onFocus} onKeyDown={onKeyDown}>
              {items.map((item) => item.kind === 'message'
                ? <MessageItem key={item.message.id} message={item.message} />
                : <FailureNoticeItem key={item.notice.key} notice={item.notice} onDismiss={dismiss} />)}
            </ol>
            <PendingInteractions entries={own} />
          </div>
        </ImageViewerProvider>
      </NowProvider>
    </MentionContext.Provider>
  );
}
