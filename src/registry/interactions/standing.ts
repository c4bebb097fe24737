/**
 * Where an invocation stands: what its checks and its payload read from the world, the
 * commands and their permissions, for one person, channel, app and command. It is made from
 * the read cache's tables alone, so it is kept as long as their rows are (`cachedAnswer`,
 * database.ts): the person's next invocation there reads none of it again. Those reads and
 * the rules run on them were most of the registry's own time on an interaction's way to
 * the app (docs/benchmarks.md). What changes with every message (the channel's last
 * message) and what the body decides (its options, its version) are read and checked afresh.
 */
import { effectiveIntegrationTypes } from '../../shared/command-rules/index.js';
import { ServiceError } from '../http/service-error.js';
import { commandVerdict, locateChannel, type CommandVerdict, type Location } from '../queries/command-index.js';
import type { ApplicationRecord, ChannelRecord, StoredCommand, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { integrationOwners, payloadChannel, payloadMember, permissionsAt } from './payload-facts.js';

export interface Standing {
  /** Where the channel is, as the person may look from it (else the invocation was refused, 10003 or 50001). */
  location: Location;
  /** Undefined when no app has the body's id (10002, told after the body's own guild check). */
  application: ApplicationRecord | undefined;
  /** The app's command of the body's id; undefined for a component's interaction, or no such command of the app (10063). */
  command: StoredCommand | undefined;
  /** The first visibility rule the command fails for the person here. */
  failed: CommandVerdict['failed'];
  /** The person's permissions in the channel. */
  permissions: bigint;
  /** The place as the payload tells it to the app; undefined when there is no app. */
  place: PayloadPlace | undefined;
}

export interface PayloadPlace {
  channel: ChannelRecord;
  /** The payload's `channel`, but for `last_message_id` (payload-facts.ts, `withLastMessage`). */
  channelView: Record<string, unknown>;
  /** The payload's `member`, in a guild. */
  member: ReturnType<typeof payloadMember> | undefined;
  /** The installations that authorize the app here (`authorizing_integration_owners`). */
  owners: Record<string, string>;
  /** The app's permissions in the channel (`app_permissions`). */
  appPermissions: string;
}

/**
 * The standing of `user` invoking `commandId` ('' for a component or a modal) of
 * `applicationId` in `channelId`; rejects as locating the channel does.
 */
export function standingOf(store: Store, user: UserRecord, channelId: string, applicationId: string, commandId: string): Promise<Readonly<Standing>> {
  return store.sql.cachedAnswer(`invocation\u0000${user.id}\u0000${channelId}\u0000${applicationId}\u0000${commandId}`, async () => {
    const location = await locateChannel(store, user, channelId);
    const permissions = await permissionsAt(store, location, user.id);
    const application = await store.world.application(applicationId);
    if (!application) return { location, application, command: undefined, failed: undefined, permissions, place: undefined };
    const stored = commandId === '' ? undefined : await store.commands.byId(commandId);
    const command = stored?.application_id === application.id ? stored : undefined;
    const failed = command ? (await commandVerdict(store, user, location, application, command)).failed : undefined;
    return { location, application, command, failed, permissions, place: await payloadPlace(store, user, location, application, command, permissions) };
  });
}

async function payloadPlace(
  store: Store, user: UserRecord, location: Location, application: ApplicationRecord, command: StoredCommand | undefined, permissions: bigint,
): Promise<PayloadPlace> {
  const channel = location.channel;
  if (!channel) throw new ServiceError('unknownChannel');
  // A guild command comes only through its guild's install, whatever integration_types it stores.
  const integrationTypes = command?.guild_id != null
    ? effectiveIntegrationTypes(command.definition, 'guild')
    : (command?.definition.integration_types ?? [0, 1]);
  return {
    channel,
    channelView: await payloadChannel(store, channel, user, permissions),
    member: location.kind === 'guild' ? payloadMember(location.member, user, permissions) : undefined,
    owners: await integrationOwners(store, location, application, user, integrationTypes),
    appPermissions: (await permissionsAt(store, location, application.id)).toString(),
  };
}
