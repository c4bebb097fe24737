/** The user object as bots and clients read it (discord-api-types `APIUser`). */
import type { APIUser, UserFlags } from 'discord-api-types/v10';

/** No flags: the bit set the service sends for a plain account. */
const NO_FLAGS = 0 as UserFlags;
import type { UserRecord } from '../store/records.js';

export function userView(user: UserRecord): Record<string, unknown> {
  return { ...apiUser(user) };
}

/** The same object typed as discord-api-types has it, for views that nest users (members, messages, DMs). */
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
  };
}

/**
 * `GET /users/@me`: the caller's own user, with what only its owner sees (a person's
 * `locale`, which localized command lists follow).
 */
export function currentUserView(user: UserRecord): APIUser {
  return {
    ...apiUser(user),
    mfa_enabled: false,
    ...(user.bot ? { verified: true } : { locale: user.locale ?? 'en-US', premium_type: 0 }),
  };
}
