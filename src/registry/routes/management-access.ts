/**
 * The management API (`/_slashbench/*`) is for the client simulator, not for bots: it
 * takes the session token of any person in the world (no prefix, as the real client
 * sends it) and refuses bot tokens. Every edit is announced on the bus as `worldChanged`,
 * and what it changed inside guilds as `guildEdited` (which connected bots hear).
 */
import type { FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { identify } from '../http/auth.js';
import { ServiceError } from '../http/service-error.js';
import { trackGuilds } from '../services/guild-snapshot.js';
import type { UserRecord } from '../store/records.js';

/** Outside `/api`, so no bot library ever reaches it by accident. */
export const MANAGEMENT_BASE = '/_slashbench';

/** The person making a management request: 401 without a user session token, 403 for a bot. */
export async function worldEditor(context: RegistryContext, request: Pick<FastifyRequest, 'headers'>): Promise<UserRecord> {
  const caller = await identify(context.store, request, context.now());
  if (caller?.kind === 'bot') throw new ServiceError('missingAccess');
  if (caller?.kind === 'user') return caller.user;
  throw new ServiceError('unauthorized');
}

/** Tells live listeners (gateway sessions, the client) that part of the world changed. */
export function announceChange(context: RegistryContext, kind: string, id: string): void {
  context.bus.emit('worldChanged', { kind, id });
}

/**
 * Runs a world edit in one transaction (a refusal thrown inside writes nothing and
 * announces nothing), then announces it: what changed in the guilds `guildIds` names
 * (asked before and after) to bots, and `kind`/`id` to clients.
 */
export async function editWorld<T>(
  context: RegistryContext, change: { kind: string; id: string }, guildIds: () => readonly string[] | Promise<readonly string[]>, work: () => Promise<T>,
): Promise<T> {
  const { result, changes } = await trackGuilds(context.store, guildIds, async () => await context.store.transaction(work));
  for (const edits of changes) context.bus.emit('guildEdited', edits);
  announceChange(context, change.kind, change.id);
  return result;
}
