/**
 * Activity instances: launching an app's Activity in a channel (by the DISCORD_LAUNCH_ACTIVITY
 * handler or a LAUNCH_ACTIVITY response) starts one instance, or joins the one already
 * running there, and tells the client the URL to frame, with the query parameters an
 * embedded app reads (instance_id, frame_id, channel_id, guild_id, platform): the app's
 * Application URL Override (activity_url) as it is, or else `/` of its Activity proxy when it
 * has a root URL mapping (activity-start.ts). A participant who closes the Activity leaves
 * it; the instance ends with its last participant.
 */
import { randomUUID } from 'node:crypto';
import { activityStart } from '../../shared/activity-start.js';
import { withLaunchParameters } from '../../shared/activity-url.js';
import type { ActivityInstance } from '../store/activity-store.js';
import type { ApplicationRecord } from '../store/records.js';
import type { Store } from '../store/store.js';

export type { ActivityInstance } from '../store/activity-store.js';

export interface ActivityLaunch {
  instance: ActivityInstance;
  /**
   * Where this participant's frame starts, with the launch parameters: the activity_url (a
   * path stays a path: the client resolves it), or `/?…` on the app's proxy origin.
   */
  url: string;
  /** Whether the client frames `url` on the app's Activity proxy origin (a root mapping) rather than as it is. */
  proxied: boolean;
  frame_id: string;
  /** Whether this launch started the instance (and so posts the launch message). */
  started: boolean;
}

/** Running instances per app and channel, in the store (any process of a team may start, join or end one). */
export class ActivityLauncher {
  constructor(private readonly store: Store, private readonly nextId: () => string, private readonly now: () => number) {}

  /** Starts or joins the app's instance in the channel; undefined when the app has neither an activity_url nor a root mapping. */
  async launch(application: ApplicationRecord, channelId: string, guildId: string | null, userId: string): Promise<ActivityLaunch | undefined> {
    const start = activityStart(application);
    if (!start) return undefined;
    const { instance, started } = await this.store.transaction(async () => {
      const running = await this.store.activities.inChannel(application.id, channelId);
      const joined = running ?? {
        id: `i-${this.nextId()}`, application_id: application.id, channel_id: channelId, guild_id: guildId, participants: [], started_at: this.now(),
      };
      if (!joined.participants.includes(userId)) joined.participants.push(userId);
      await this.store.activities.put(joined);
      return { instance: joined, started: running === undefined };
    });
    const frameId = randomUUID();
    const url = withLaunchParameters(start.url, {
      instance_id: instance.id, frame_id: frameId, channel_id: channelId, ...(guildId === null ? {} : { guild_id: guildId }), platform: 'desktop',
    });
    return { instance, url, proxied: start.proxied, frame_id: frameId, started };
  }

  /** The ids of the running instances the user is in. */
  async instancesOf(userId: string): Promise<string[]> {
    return (await this.store.activities.of(userId)).map((instance) => instance.id);
  }

  /** The user leaves the instance; undefined when it is not running or they are not in it. */
  leave(instanceId: string, userId: string): Promise<ActivityInstance | undefined> {
    return this.store.transaction(async () => {
      const instance = await this.store.activities.byId(instanceId);
      if (!instance?.participants.includes(userId)) return undefined;
      const left = { ...instance, participants: instance.participants.filter((id) => id !== userId) };
      // The last one out ends it.
      await this.store.activities.put(left);
      return left;
    });
  }
}
