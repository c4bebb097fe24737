/**
 * Reads that combine slices: where the user is, and whether the client is ready (the
 * readiness signal end-to-end tests wait on).
 */
import type { WireChannel } from '../api/wire-types.js';
import { HOME, type ClientGuild, type PlaceWorld } from '../features/world/world-model.js';
import type { AppState } from './app-state.js';

export function selectGuild(state: AppState): ClientGuild | undefined {
  return state.placeId === HOME ? undefined : state.guilds.find((guild) => guild.id === state.placeId);
}

export function selectChannel(state: AppState): WireChannel | undefined {
  if (state.channelId === null) return undefined;
  const guild = selectGuild(state);
  const channels = guild ? guild.channels : state.privateChannels;
  return channels.find((channel) => channel.id === state.channelId);
}

/** The place the options form picks users, roles and channels from. */
export function selectPlaceWorld(state: AppState): PlaceWorld {
  return { guild: selectGuild(state), channel: selectChannel(state), me: state.me ?? undefined };
}

/** Ready: the gateway said READY, and the command index of the open channel is loaded. */
export function selectReady(state: AppState): boolean {
  if (state.connection !== 'ready') return false;
  if (state.channelId === null) return true;
  return state.indexStatus === 'loaded' && state.commandIndex?.channelId === state.channelId;
}
