/**
 * What the client knows that an Activity may ask about: its channels (a guild's, or the
 * person's DMs), the people it has seen (the person, guild members, DM recipients), and the
 * Activity's participants with their nick where it runs. Someone the client has not seen
 * (a participant from elsewhere) is named by their id.
 */
import type { APIUser } from 'discord-api-types/v10';
import type { WireChannel } from '../../api/wire-types.js';
import type { AppState } from '../../store/app-state.js';
import { participantView, type SdkParticipant } from './sdk-views.js';

/** A channel the client knows, with its guild (null for a DM or group DM). */
export function knownChannel(state: AppState, channelId: string): { channel: WireChannel; guildId: string | null } | undefined {
  for (const guild of state.guilds) {
    const channel = guild.channels.find((candidate) => candidate.id === channelId);
    if (channel) return { channel, guildId: guild.id };
  }
  const direct = state.privateChannels.find((candidate) => candidate.id === channelId);
  return direct ? { channel: direct, guildId: null } : undefined;
}

/** Someone the client has seen. */
export function knownUser(state: AppState, userId: string): APIUser | undefined {
  if (state.me?.id === userId) return state.me;
  for (const guild of state.guilds) {
    const member = guild.members.find((candidate) => candidate.user.id === userId);
    if (member) return member.user;
  }
  return state.privateChannels.flatMap((channel) => channel.recipients ?? []).find((user) => user.id === userId);
}

/** The open Activity's participants, in the order they joined. */
export function activityParticipants(state: AppState): SdkParticipant[] {
  const activity = state.activity;
  if (activity === null) return [];
  const guild = state.guilds.find((candidate) => candidate.id === activity.guildId);
  return activity.participants.map((id) => {
    const member = guild?.members.find((candidate) => candidate.user.id === id);
    const user = member?.user ?? knownUser(state, id) ?? { id, username: id, global_name: null, discriminator: '0', avatar: null };
    return participantView(user, member?.nick);
  });
}
