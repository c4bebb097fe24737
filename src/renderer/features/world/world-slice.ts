/**
 * The person's world from READY, and where they are looking: a guild (or the DM home) and
 * one channel in it. Opening a channel loads its messages and its command index.
 */
import type { ReadyPayload, WireChannel } from '../../api/wire-types.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { clientGuild, firstChannel, HOME, isMessageChannel, type ClientGuild } from './world-model.js';

export interface WorldSlice {
  guilds: ClientGuild[];
  privateChannels: WireChannel[];
  /** A guild id, or HOME for the DMs. */
  placeId: string | null;
  channelId: string | null;
  loadWorld(ready: ReadyPayload): void;
  selectPlace(placeId: string): void;
  selectChannel(channelId: string): void;
  resetWorld(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends WorldSlice {}
}

/** The channels of a place. */
function channelsAt(guilds: readonly ClientGuild[], privateChannels: readonly WireChannel[], placeId: string): WireChannel[] {
  if (placeId === HOME) return [...privateChannels];
  return guilds.find((guild) => guild.id === placeId)?.channels ?? [];
}

export function createWorldSlice(_deps: ClientDeps): Slice<WorldSlice> {
  return (set, get) => ({
    guilds: [],
    privateChannels: [],
    placeId: null,
    channelId: null,

    loadWorld(ready) {
      const guilds = ready.guilds.map(clientGuild);
      const privateChannels = ready.private_channels;
      const { placeId, channelId } = get();
      set({ guilds, privateChannels });
      // Stay where we were when the new world still has it (a fresh READY, another person).
      const stillThere = placeId !== null && channelId !== null
        && channelsAt(guilds, privateChannels, placeId).some((channel) => channel.id === channelId);
      if (stillThere) get().selectChannel(channelId);
      else get().selectPlace(placeId !== null && (placeId === HOME || guilds.some((guild) => guild.id === placeId)) ? placeId : (guilds[0]?.id ?? HOME));
    },

    selectPlace(placeId) {
      const channels = channelsAt(get().guilds, get().privateChannels, placeId);
      const channel = placeId === HOME ? channels[0] : firstChannel(channels);
      set({ placeId, channelId: null });
      if (channel) get().selectChannel(channel.id);
      else {
        get().resetComposer();
        get().resetIndex();
      }
    },

    selectChannel(channelId) {
      const { guilds, privateChannels } = get();
      const guild = guilds.find((entry) => entry.channels.some((channel) => channel.id === channelId));
      const channel = (guild ? guild.channels : privateChannels).find((entry) => entry.id === channelId);
      if (!channel || !isMessageChannel(channel)) return;
      const changed = get().channelId !== channelId;
      set({ placeId: guild ? guild.id : HOME, channelId });
      if (changed) get().resetComposer();
      void get().loadMessages(channelId);
      void get().loadIndex();
    },

    resetWorld() {
      set({ guilds: [], privateChannels: [] });
    },
  });
}
