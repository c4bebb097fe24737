/** The second column: the place's name, its channels (or DMs), and the acting user's panel. */
import { useApp } from '../../app/store-context.js';
import { selectGuild } from '../../store/selectors.js';
import { UserPanel } from '../session/UserPanel.js';
import { PlaceHeader } from '../world-editor/PlaceHeader.js';
import { ChannelList } from './ChannelList.js';
import { DirectMessageList } from './DirectMessageList.js';
import { HOME } from './world-model.js';

export function ChannelSidebar() {
  const guild = useApp(selectGuild);
  const placeId = useApp((state) => state.placeId);
  return (
    <aside className="sidebar" data-testid="channel-sidebar">
      <PlaceHeader title={placeId === HOME ? 'Direct Messages' : (guild?.name ?? '')} guildId={placeId === HOME ? null : (guild?.id ?? null)} />
      <div className="sidebar__channels">
        {placeId === HOME ? <DirectMessageList /> : guild ? <ChannelList guild={guild} /> : null}
      </div>
      <UserPanel />
    </aside>
  );
}
