/** The user object as bots and clients read it (discord-api-types `APIUser`). */
import { UserPremiumType, type APIUser } from 'discord-api-types/v10';
import type { UserRecord } from '../store/records.js';
import { NO_FLAGS } from './no-flags.js';

/** A user as anyone reads it: `GET /users/{id}`, and inside members, messages, DMs and interactions. */
export function apiUser(user: UserRecord): APIUser {
  return {
    id: user.id,
    username: user.username,
    global_name: user.global_name,
    discriminator: '0',
    avatar: null,
    public_flags: NO_FLAGS,
    flags: NO_FLAGS,
    ...(user.bot ? { bot: true } : {}),
    // Discord's OpenAPI spec requires the key (nullable) on every user: no one here shows a server tag.
    primary_guild: null,
  } satisfies APIUser;
}

/** A stand-in for a user the world no longer knows (a message's deleted author). */
export function missingUser(id: string): APIUser {
  return {
    id, username: 'Deleted User', global_name: null, discriminator: '0', avatar: null, public_flags: NO_FLAGS, flags: NO_FLAGS, primary_guild: null,
  } satisfies APIUser;
}

/**
 * `GET /users/@me`: the caller's own user, with what only its owner sees: the `locale`
 * (which localized command lists follow; a bot's too, the spec's UserPIIResponse requires
 * it), and a bot's `verified` where a person has a `premium_type`.
 */
export function currentUserView(user: UserRecord): APIUser {
  return {
    ...apiUser(user),
    mfa_enabled: false,
    locale: user.locale ?? 'en-US',
    ...(user.bot ? { verified: true } : { premium_type: UserPremiumType.None }),
  } satisfies APIUser;
}
