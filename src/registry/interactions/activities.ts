/**
 * Activity instances: launching an app's Activity in a channel (by the DISCORD_LAUNCH_ACTIVITY
 * handler or a LAUNCH_ACTIVITY response) starts one instance, or joins the one already
 * running there, and tells the client the URL to frame, with the query parameters an
 * embedded app reads (instance_id, frame_id, channel_id, guild_id, platform). A participant
 * who closes the Activity leaves it; the instance ends with its last participant.
 */
import { randomUUID } from 'node:crypto';
import { withLaunchParameters } from '../../shared/activity-url.js';
import type { ApplicationRecord } from '../store/records.js';

export interface ActivityInstance {
  id: string;
  application_id: string;
  channel_id: string;
  guild_id: string | null;
  /** User ids, in the order they joined. */
  participants: string[];
  started_at: number;
}

export interface ActivityLaunch {
  instance: ActivityInstance;
  /** The app's activity_url with the launch parameters, for this participant's frame (a path stays a path: the client resolves it). */
  url: string;
  frame_id: string;
  /** Whether this launch started the instance (and so posts the launch message). */
  started: boolean;
}

/** Running instances per app and channel. */
export class ActivityLauncher {
  private readonly instances = new Map<string, ActivityInstance>();

  constructor(private readonly nextId: () => string, private readonly now: () => number) {}

  /** Starts or joins the app's instance in the channel; undefined when the app has no activity_url. */
  launch(application: ApplicationRecord, channelId: string, guildId: string | null, userId: string): ActivityLaunch | undefined {
    if (!application.activity_url) return undefined;
    const key = `${application.id}:${channelId}`;
    let instance = this.instances.get(key);
    const started = instance === undefined;
    if (!instance) {
      instance = { id: `i-${this.nextId()}`, application_id: application.id, channel_id: channelId, guild_id: guildId, participants: [], started_at: this.now() };
      this.instances.set(key, instance);
    }
    if (!instance.participants.includes(userId)) instance.participants.push(userId);
    const frameId = randomUUID();
    const url = withLaunchParameters(application.activity_url, {
      instance_id: instance.id, frame_id: frameId, channel_id: channelId, ...(guildId === null ? {} : { guild_id: guildId }), platform: 'desktop',
    });
    return { instance, url, frame_id: frameId, started };
  }

  /** The ids of the running instances the user is in. */
  instancesOf(userId: string): string[] {
    return [...this.instances.values()].filter((instance) => instance.participants.includes(userId)).map((instance) => instance.id);
  }

  /** The user leaves the instance; undefined when it is not running or they are not in it. */
  leave(instanceId: string, userId: string): ActivityInstance | undefined {
    for (const [key, instance] of this.instances) {
      if (instance.id !== instanceId) continue;
      if (!instance.participants.includes(userId)) return undefined;
      instance.participants = instance.participants.filter((id) => id !== userId);
      if (instance.participants.length === 0) this.instances.delete(key);
      return instance;
    }
    return undefined;
  }
}
