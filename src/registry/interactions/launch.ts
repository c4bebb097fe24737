/**
 * Launching an Activity: for the DISCORD_LAUNCH_ACTIVITY handler (the service launches it,
 * without the app) and for a LAUNCH_ACTIVITY response. The launching user's client is told
 * which URL to frame, and whether on the app's proxy origin (`proxied`); a new instance also
 * posts a message in the channel so others can join. Whoever joins or leaves later changes
 * the participants every viewer of the channel sees (EMBEDDED_ACTIVITY_UPDATE; none left:
 * the instance ended).
 */
import { hasActivity } from '../../shared/activity-start.js';
import { messageView } from '../domain/message-view.js';
import type { ApplicationRecord, MessageRecord } from '../store/records.js';
import type { ActivityInstance, ActivityLaunch } from './activities.js';
import { toChannel, toUser, type InteractionServices } from './services.js';

/** Launches or joins; undefined when the app has no Activity (no EMBEDDED flag, or neither an activity_url nor a root mapping). */
export async function launchActivity(
  services: InteractionServices, application: ApplicationRecord, channelId: string, guildId: string | null, userId: string,
): Promise<ActivityLaunch | undefined> {
  if (!hasActivity(application)) return undefined;
  const launch = await services.activities.launch(application, channelId, guildId, userId);
  if (!launch) return undefined;
  // A proxied Activity's origin is its own listener's port on the registry's host.
  const proxyPort = launch.proxied ? await services.activityProxy.portFor(application.id) : null;
  toUser(services, userId, 'EMBEDDED_ACTIVITY_LAUNCH', {
    application_id: application.id, channel_id: channelId, guild_id: guildId,
    instance_id: launch.instance.id, frame_id: launch.frame_id, url: launch.url, proxied: launch.proxied, proxy_port: proxyPort,
    participants: [...launch.instance.participants],
  });
  if (launch.started) {
    const message: MessageRecord = {
      id: services.nextId(), channel_id: channelId, author_id: userId,
      content: `started ${application.name}`, timestamp: new Date(services.now()).toISOString(), edited_timestamp: null,
      type: 0, flags: 0, embeds: [], components: [], attachments: [], application_id: application.id, webhook_id: null,
      interaction_metadata: null,
    };
    await services.store.messages.putMessage(message);
    toChannel(services, channelId, 'MESSAGE_CREATE', messageView(message, await services.store.world.user(userId)));
  } else {
    announceParticipants(services, launch.instance);
  }
  return launch;
}

/** The user closes the Activity; undefined when they were not in that instance. */
export async function leaveActivity(services: InteractionServices, instanceId: string, userId: string): Promise<ActivityInstance | undefined> {
  const instance = await services.activities.leave(instanceId, userId);
  if (instance) announceParticipants(services, instance);
  return instance;
}

function announceParticipants(services: InteractionServices, instance: ActivityInstance): void {
  toChannel(services, instance.channel_id, 'EMBEDDED_ACTIVITY_UPDATE', {
    instance_id: instance.id, application_id: instance.application_id, channel_id: instance.channel_id, guild_id: instance.guild_id,
    // A copy: the instance changes as people come and go, the event says what was.
    participants: [...instance.participants],
  });
}
