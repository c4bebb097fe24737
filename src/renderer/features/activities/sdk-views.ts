/**
 * The objects the client hands an Activity, built in the shapes the Embedded App SDK's own
 * schemas parse, and checked against the SDK's types by the compiler (`satisfies`): a field
 * the SDK requires and the client left out would make the SDK drop the whole answer.
 */
import type { CommandResponse, EventPayloadData } from '@discord/embedded-app-sdk';
import type { APIUser } from 'discord-api-types/v10';
import type { WireChannel } from '../../api/wire-types.js';
import { LAYOUT_MODE, SCREEN_ORIENTATION, type LayoutMode, type Orientation } from './activity-display.js';

/** The SDK's own types for what the client sends (the shapes its schemas parse). */
export type SdkParticipant = CommandResponse<'getInstanceConnectedParticipants'>['participants'][number];
export type SdkChannel = CommandResponse<'getChannel'>;
export type SdkAuthenticated = CommandResponse<'authenticate'>;
export type SdkReady = EventPayloadData<'READY'>;
export type SdkOrientationUpdate = EventPayloadData<'ORIENTATION_UPDATE'>;
export type SdkLayoutModeUpdate = EventPayloadData<'ACTIVITY_LAYOUT_MODE_UPDATE'>;

/** READY's user; the SDK takes an avatar as a string or not at all, never null. */
export function readyUser(user: APIUser): NonNullable<SdkReady['user']> {
  return {
    id: user.id, username: user.username, discriminator: user.discriminator,
    ...(user.avatar ? { avatar: user.avatar } : {}),
  } satisfies NonNullable<SdkReady['user']>;
}

/** The user `authenticate()` answers with. */
export function authenticatedUser(user: APIUser): SdkAuthenticated['user'] {
  return {
    id: user.id, username: user.username, discriminator: user.discriminator, global_name: user.global_name,
    avatar: user.avatar, public_flags: user.public_flags ?? 0,
  } satisfies SdkAuthenticated['user'];
}

/** One person in the Activity, with their nick where the Activity runs. */
export function participantView(user: APIUser, nickname: string | null | undefined): SdkParticipant {
  return {
    id: user.id, username: user.username, global_name: user.global_name, discriminator: user.discriminator,
    avatar: user.avatar, flags: user.public_flags ?? 0, bot: user.bot ?? false,
    ...(nickname ? { nickname } : {}),
  } satisfies SdkParticipant;
}

/**
 * A channel as `getChannel()` answers: no voice states (the simulator has no voice) and no
 * messages (the real client lists the channel's recent ones).
 */
export function channelView(channel: WireChannel, guildId: string | null): SdkChannel {
  return {
    // The service's number; the SDK's schema itself reads a type it does not know as -1.
    id: channel.id, type: channel.type as SdkChannel['type'], guild_id: guildId, name: channel.name ?? null,
    ...(channel.position === undefined ? {} : { position: channel.position }),
    voice_states: [], messages: [],
  } satisfies SdkChannel;
}

/**
 * ORIENTATION_UPDATE's data: the SDK's number, and the deprecated word its schema still
 * requires (the SDK types it as an enum of those words, which the client does not import).
 */
export function orientationUpdate(orientation: Orientation) {
  return { screen_orientation: SCREEN_ORIENTATION[orientation], orientation } satisfies
    Omit<SdkOrientationUpdate, 'orientation'> & { orientation: `${SdkOrientationUpdate['orientation']}` };
}

/** ACTIVITY_LAYOUT_MODE_UPDATE's data. */
export function layoutModeUpdate(layout: LayoutMode) {
  return { layout_mode: LAYOUT_MODE[layout] } satisfies SdkLayoutModeUpdate;
}
