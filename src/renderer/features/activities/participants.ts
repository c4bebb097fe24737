/**
 * The people in an Activity as the panel shows them: each participant's id with the name
 * this client knows them by at the Activity's place (their nick in the guild, else their
 * display name), from READY's members or the DM's recipients.
 */
import type { APIUser } from 'discord-api-types/v10';
import type { WireChannel } from '../../api/wire-types.js';
import { displayName, type ClientGuild } from '../world/world-model.js';

export interface Participant {
  id: string;
  name: string;
}

/** Names for `ids` at the Activity's place; someone this client has not seen shows as their id. */
export function participantsAt(
  ids: readonly string[], place: { guild: ClientGuild | undefined; channel: WireChannel | undefined; me: APIUser | null },
): Participant[] {
  const names = new Map<string, string>();
  for (const user of [...(place.me ? [place.me] : []), ...(place.channel?.recipients ?? [])]) names.set(user.id, displayName(user));
  for (const member of place.guild?.members ?? []) names.set(member.user.id, displayName(member.user, member.nick));
  return ids.map((id) => ({ id, name: names.get(id) ?? id }));
}
