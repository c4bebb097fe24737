/**
 * The middle column: the channel's header, its messages and the composer, and the member
 * list beside them. Below the wide layout the member list and the inspector take turns on
 * the right (app/layout-mode.ts), so the messages keep their room.
 */
import { LazyPart, useShownOnce } from '../../app/LazyPart.js';
import { ACTIVITY } from '../../app/lazy-parts.js';
import { useActions, useApp } from '../../app/store-context.js';
import { selectChannel } from '../../store/selectors.js';
import { Composer } from '../composer/Composer.js';
import { AtIcon } from '../../app/icons.js';
import { channelIcon } from '../world/ChannelList.js';
import { CHANNEL_TYPE, channelLabel } from '../world/world-model.js';
import { MemberList } from '../members/MemberList.js';
import { MessageList } from './MessageList.js';
import './messages.css';

export function ChatArea() {
  const channel = useApp(selectChannel);
  const inspectorOpen = useApp((state) => state.inspectorOpen);
  const memberListOpen = useApp((state) => state.memberListOpen);
  const { setInspectorOpen, setMemberListOpen } = useActions();
  // The Activity panel loads when the first Activity opens, and stays (it hides itself when none is open).
  const activityMounted = useShownOnce(useApp((state) => state.activity !== null));
  const isPrivate = channel?.type === CHANNEL_TYPE.DM || channel?.type === CHANNEL_TYPE.GroupDM;
  return (
    <main className="chat" data-testid="chat">
      <header className="chat__header">
        <span className="chat__icon" aria-hidden="true">{channel && (isPrivate ? <AtIcon /> : channelIcon(channel))}</span>
        <h1 className="chat__title" data-testid="channel-title">{channel ? channelLabel(channel) : 'No channel'}</h1>
        <button
          type="button"
          className={memberListOpen ? 'chat__toggle chat__toggle--on' : 'chat__toggle'}
          data-testid="member-list-toggle"
          aria-pressed={memberListOpen}
          title={memberListOpen ? 'Hide Member List' : 'Show Member List'}
          onClick={() => setMemberListOpen(!memberListOpen)}
        >
          Members
        </button>
        <button
          type="button"
          className={inspectorOpen ? 'chat__toggle chat__toggle--on' : 'chat__toggle'}
          data-testid="inspector-toggle"
          aria-pressed={inspectorOpen}
          onClick={() => setInspectorOpen(!inspectorOpen)}
        >
          Inspector
        </button>
      </header>
      <div className="chat__body">
        <div className="chat__main">
          {activityMounted && <LazyPart what="the Activity" place="inline"><ACTIVITY.Component /></LazyPart>}
          {channel ? <MessageList channelId={channel.id} /> : <div className="chat__empty">Nothing to read here.</div>}
          {channel && <Composer channelName={channelLabel(channel)} isPrivate={isPrivate} />}
        </div>
        {channel && memberListOpen && <MemberList />}
      </div>
    </main>
  );
}
