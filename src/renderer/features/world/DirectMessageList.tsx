/**
 * The DM home: the person's DMs and group DMs, named by the people in them, and "+" to start
 * one. Right-clicking a DM (or Shift+F10, the ContextMenu key) opens its recipient's context
 * menu (the Apps of the open channel), as in the real client.
 */
import { useState } from 'react';
import type { WireChannel } from '../../api/wire-types.js';
import { Avatar } from '../../app/Avatar.js';
import { useActions, useApp } from '../../app/store-context.js';
import { useContextMenu, useMenuKey } from '../context-menu/use-context-menu.js';
import { NewMessageDialog } from '../talk/NewMessageDialog.js';
import { CHANNEL_TYPE, channelLabel } from './world-model.js';

function DirectMessageRow({ channel, selected }: { channel: WireChannel; selected: boolean }) {
  const { selectChannel } = useActions();
  const label = channelLabel(channel);
  const group = channel.type === CHANNEL_TYPE.GroupDM;
  const members = group ? `${(channel.recipients?.length ?? 0) + 1} Members` : null;
  const recipient = group ? undefined : channel.recipients?.[0];
  const onUserMenu = useContextMenu({ kind: 'user', id: recipient?.id ?? '' });
  const onUserKey = useMenuKey({ kind: 'user', id: recipient?.id ?? '' });
  return (
    <li>
      <button
        type="button"
        className={`dm-row${selected ? ' channel-row--selected' : ''}`}
        data-testid={`channel-${channel.id}`}
        data-recipient-id={recipient?.id}
        onClick={() => selectChannel(channel.id)}
        onContextMenu={recipient ? onUserMenu : undefined}
        onKeyDown={recipient ? onUserKey : undefined}
      >
        <Avatar id={channel.recipients?.[0]?.id ?? channel.id} name={label} />
        <span className="dm-row__text">
          <span className="channel-row__name">{label}</span>
          {members && <span className="dm-row__members">{members}</span>}
        </span>
      </button>
    </li>
  );
}

export function DirectMessageList() {
  const channels = useApp((state) => state.privateChannels);
  const channelId = useApp((state) => state.channelId);
  const [composing, setComposing] = useState(false);
  return (
    <>
      <div className="dm-list__header">
        <span className="channel-category__name">Direct Messages</span>
        <button type="button" className="link-button" aria-label="New message" title="New message" data-testid="dm-new" onClick={() => setComposing(true)}>+</button>
      </div>
      {composing && <NewMessageDialog onClose={() => setComposing(false)} />}
      {channels.length === 0 ? <p className="sidebar__empty">No direct messages yet.</p> : (
        <ul className="channel-list" data-testid="dm-list">
          {channels.map((channel) => <DirectMessageRow key={channel.id} channel={channel} selected={channel.id === channelId} />)}
        </ul>
      )}
    </>
  );
}
