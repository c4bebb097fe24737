/**
 * From the registry's bus to gateway dispatches: what routes announce becomes what bots
 * and the simulated client hear live. The bot hears its permission changes
 * (APPLICATION_COMMAND_PERMISSIONS_UPDATE, no intent needed); people hear what changes the
 * command picker (the same permissions event, the simulator's
 * APPLICATION_COMMAND_INDEX_UPDATE) and the world (the simulator's WORLD_UPDATE); bots
 * hear what a world edit changed in their guilds (guild-dispatch.ts).
 */
import type { ChannelMessageEvent, ClientEvent, EventBus, PollVoteEvent } from '../events.js';
import type { GuildEdits } from '../domain/guild-diff.js';
import type { CommandPermissions } from '../store/permission-store.js';
import type { Store } from '../store/store.js';
import { guildMemberIds } from './audience.js';
import { dispatchGuildEdits } from './guild-dispatch.js';
import { dispatchChannelMessage, dispatchPollVote } from './message-dispatch.js';
import type { GatewayHub } from './hub.js';
import type { GatewaySession } from './session.js';

/** Subscribes the gateway to the bus; returns the unsubscribe the gateway calls when it closes. */
export function bridgeBus(bus: EventBus, store: Store, hub: GatewayHub, clients: () => GatewaySession[]): () => void {
  const toMembers = (guildId: string | null, event: string, data: unknown) => {
    const members = guildId === null ? null : guildMemberIds(store, guildId);
    for (const session of clients()) if (members === null || members.has(session.userId)) session.dispatch(event, data);
  };
  const permissionsChanged = (permissions: CommandPermissions) => {
    hub.dispatchToBot(permissions.application_id, 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', permissions, permissions.guild_id);
    toMembers(permissions.guild_id, 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', permissions);
  };
  const commandsChanged = (scope: { application_id: string; guild_id: string | null }) =>
    toMembers(scope.guild_id, 'APPLICATION_COMMAND_INDEX_UPDATE', { application_id: scope.application_id, guild_id: scope.guild_id });
  const worldChanged = (change: { kind: string; id: string }) => toMembers(null, 'WORLD_UPDATE', { kind: change.kind, id: change.id });
  const guildEdited = (edits: GuildEdits) => dispatchGuildEdits(store, hub, edits);
  const clientEvent = (event: ClientEvent) => {
    if ('userId' in event.to) hub.dispatchToUser(event.to.userId, event.type, event.data);
    else hub.dispatchToChannel(event.to.channelId, event.type, event.data);
  };
  bus.on('permissionsChanged', permissionsChanged);
  bus.on('commandsChanged', commandsChanged);
  bus.on('worldChanged', worldChanged);
  bus.on('guildEdited', guildEdited);
  bus.on('clientEvent', clientEvent);
  const channelMessage = (event: ChannelMessageEvent) => dispatchChannelMessage(store, hub, event);
  const pollVote = (event: PollVoteEvent) => dispatchPollVote(store, hub, event);
  bus.on('channelMessage', channelMessage);
  bus.on('pollVote', pollVote);
  return () => {
    bus.off('channelMessage', channelMessage);
    bus.off('pollVote', pollVote);
    bus.off('permissionsChanged', permissionsChanged);
    bus.off('commandsChanged', commandsChanged);
    bus.off('worldChanged', worldChanged);
    bus.off('guildEdited', guildEdited);
    bus.off('clientEvent', clientEvent);
  };
}
