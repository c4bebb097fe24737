/**
 * From the registry's bus to gateway dispatches: what routes announce becomes what bots
 * and the simulated client hear live. The bot hears its permission changes
 * (APPLICATION_COMMAND_PERMISSIONS_UPDATE, no intent needed); people hear what changes the
 * command picker (the same permissions event, the simulator's
 * APPLICATION_COMMAND_INDEX_UPDATE) and the world (the simulator's WORLD_UPDATE); bots
 * hear what a world edit changed in their guilds (guild-dispatch.ts).
 */
import { inOrder } from '../in-order.js';
import type { BotDispatch, ChannelMessageEvent, ClientEvent, EventBus, PollVoteEvent } from '../events.js';
import type { GuildEdits } from '../domain/guild-diff.js';
import type { CommandPermissions } from '../store/permission-store.js';
import type { Store } from '../store/store.js';
import { guildMemberIds } from './audience.js';
import { dispatchGuildEdits } from './guild-dispatch.js';
import { dispatchChannelMessage, dispatchPollVote } from './message-dispatch.js';
import type { GatewayHub } from './hub.js';
import type { SessionTable } from './session-table.js';
import { sharedData } from './shared-data.js';

/**
 * Subscribes the gateway to the bus; returns the unsubscribe the gateway calls when it
 * closes. An event is queued only while someone could hear it: a client event while a
 * person has a session, a channel's message or vote while a bot has one (who would hear
 * it is read from the store). Each interaction tells its person half a dozen events.
 */
export function bridgeBus(bus: EventBus, store: Store, hub: GatewayHub, sessions: Pick<SessionTable, 'clients' | 'hasBots' | 'hasClients'>): () => void {
  const clients = () => sessions.clients();
  // Finding who hears an event reads the store; sessions still get events in the bus's order.
  const queue = inOrder((error) => console.error(`slashbench: a gateway dispatch failed: ${(error as Error).message ?? String(error)}`));
  const toMembers = async (guildId: string | null, event: string, data: unknown) => {
    const members = guildId === null ? null : await guildMemberIds(store, guildId);
    const shared = sharedData(data);
    for (const session of clients()) if (members === null || members.has(session.userId)) session.dispatch(event, shared);
  };
  const permissionsChanged = (permissions: CommandPermissions) => queue(async () => {
    hub.dispatchToBot(permissions.application_id, 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', permissions, permissions.guild_id);
    await toMembers(permissions.guild_id, 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', permissions);
  });
  const commandsChanged = (scope: { application_id: string; guild_id: string | null }) =>
    queue(() => toMembers(scope.guild_id, 'APPLICATION_COMMAND_INDEX_UPDATE', { application_id: scope.application_id, guild_id: scope.guild_id }));
  const worldChanged = (change: { kind: string; id: string }) => queue(() => toMembers(null, 'WORLD_UPDATE', { kind: change.kind, id: change.id }));
  const guildEdited = (edits: GuildEdits) => queue(() => dispatchGuildEdits(store, hub, edits));
  const clientEvent = (event: ClientEvent) => {
    if (!sessions.hasClients()) return;
    queue(() => {
      if ('userId' in event.to) hub.dispatchToUser(event.to.userId, event.type, event.data);
      else return hub.dispatchToChannel(event.to.channelId, event.type, event.data);
    });
  };
  bus.on('permissionsChanged', permissionsChanged);
  bus.on('commandsChanged', commandsChanged);
  bus.on('worldChanged', worldChanged);
  bus.on('guildEdited', guildEdited);
  bus.on('clientEvent', clientEvent);
  const channelMessage = (event: ChannelMessageEvent) => {
    if (sessions.hasBots()) queue(() => dispatchChannelMessage(store, hub, event));
  };
  const pollVote = (event: PollVoteEvent) => {
    if (sessions.hasBots()) queue(() => dispatchPollVote(store, hub, event));
  };
  // Another process's interaction for a bot whose session this one may hold (feed/gateway-sessions.ts).
  const botDispatch = (dispatch: BotDispatch) => queue(() => void hub.dispatchToBot(dispatch.application_id, dispatch.event, dispatch.data, dispatch.guild_id));
  bus.on('botDispatch', botDispatch);
  bus.on('channelMessage', channelMessage);
  bus.on('pollVote', pollVote);
  return () => {
    bus.off('channelMessage', channelMessage);
    bus.off('pollVote', pollVote);
    bus.off('botDispatch', botDispatch);
    bus.off('permissionsChanged', permissionsChanged);
    bus.off('commandsChanged', commandsChanged);
    bus.off('worldChanged', worldChanged);
    bus.off('guildEdited', guildEdited);
    bus.off('clientEvent', clientEvent);
  };
}
