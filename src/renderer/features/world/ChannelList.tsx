/** A guild's channels: uncategorized first, then categories with their channels, threads under their parent. */
import { useMemo, type ReactNode } from 'react';
import { ForumIcon, HashIcon, MegaphoneIcon, SpeakerIcon, ThreadIcon } from '../../app/icons.js';
import { useActions, useApp } from '../../app/store-context.js';
import type { WireChannel } from '../../api/wire-types.js';
import { CHANNEL_TYPE, channelLabel, channelTree, isMessageChannel, isThread, type ChannelNode, type ClientGuild } from './world-model.js';

/** The icon of a channel kind, as the sidebar and the chat header show it. */
export function channelIcon(channel: WireChannel): ReactNode {
  if (isThread(channel.type)) return <ThreadIcon />;
  switch (channel.type) {
    case CHANNEL_TYPE.GuildVoice:
    case CHANNEL_TYPE.GuildStageVoice:
      return <SpeakerIcon />;
    case CHANNEL_TYPE.GuildAnnouncement:
      return <MegaphoneIcon />;
    case CHANNEL_TYPE.GuildForum:
    case CHANNEL_TYPE.GuildMedia:
      return <ForumIcon />;
    default:
      return <HashIcon />;
  }
}

function ChannelRow({ node, depth }: { node: ChannelNode; depth: number }) {
  const selected = useApp((state) => state.channelId === node.channel.id);
  const { selectChannel } = useActions();
  const { channel } = node;
  const usable = isMessageChannel(channel);
  return (
    <li>
      <button
        type="button"
        className={`channel-row channel-row--depth-${depth}${selected ? ' channel-row--selected' : ''}`}
        data-testid={`channel-${channel.id}`}
        disabled={!usable}
        aria-current={selected ? 'page' : undefined}
        onClick={() => selectChannel(channel.id)}
      >
        <span className="channel-row__icon" aria-hidden="true">{channelIcon(channel)}</span>
        <span className="channel-row__name">{channelLabel(channel)}</span>
        {channel.nsfw && <span className="channel-row__badge">18+</span>}
      </button>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => <ChannelRow key={child.channel.id} node={child} depth={depth + 1} />)}
        </ul>
      )}
    </li>
  );
}

export function ChannelList({ guild }: { guild: ClientGuild }) {
  const tree = useMemo(() => channelTree(guild.channels), [guild.channels]);
  return (
    <ul className="channel-list" data-testid="channel-list">
      {tree.map((node) => node.channel.type === CHANNEL_TYPE.GuildCategory ? (
        <li key={node.channel.id} className="channel-category" data-testid={`category-${node.channel.id}`}>
          <div className="channel-category__name">{channelLabel(node.channel)}</div>
          <ul>{node.children.map((child) => <ChannelRow key={child.channel.id} node={child} depth={0} />)}</ul>
        </li>
      ) : <ChannelRow key={node.channel.id} node={node} depth={0} />)}
    </ul>
  );
}
