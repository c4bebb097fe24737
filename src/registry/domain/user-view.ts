/** The user object as bots and clients read it (discord-api-types `APIUser`). */
import type { UserRecord } from '../store/records.js';

export function userView(user: UserRecord): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    global_name: user.global_name,
    discriminator: '0',
    avatar: null,
    public_flags: 0,
    flags: 0,
    ...(user.bot ? { bot: true } : {}),
  };
}
