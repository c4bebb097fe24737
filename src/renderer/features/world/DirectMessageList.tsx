/** The DM home: the person's DMs and group DMs, named by the people in them. */
import { Avatar } from '../../app/Avatar.js';
import { useActions, useApp } from '../../app/store-context.js';
import { CHANNEL_TYPE, channelLabel } from './world-model.js';

export function DirectMessageList() {
  const channels = useApp((state) => state.privateChannels);
  const channelId = useApp((state) => state.channelId);
  const { selectChannel } = useActions();
  if (channels.length === 0) return <p className="sidebar__empty">No direct messages yet.</p>;
  return (
    <ul className="channel-list" data-testid="dm-list">
      <li className="channel-category__name">Direct Messages</li>
      {channels.map((channel) => {
        const label = channelLabel(channel);
        const members = channel.type === CHANNEL_TYPE.GroupDM ? `${(channel.recipients?.length ?? 0) + 1} Members` : null;
        return (
          <li key={channel.id}>
            <button
              type="button"
              className={`dm-row${channel.id === channelId ? ' channel-row--selected' : ''}`}
              data-testid={`channel-${channel.id}`}
              onClick={() => selectChannel(channel.id)}
            >
              <Avatar id={channel.recipients?.[0]?.id ?? channel.id} name={label} />
              <span className="dm-row__text">
                <span className="channel-row__name">{label}</span>
                {members && <span className="dm-row__members">{members}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
