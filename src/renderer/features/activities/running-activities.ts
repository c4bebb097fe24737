/**
 * The Activity instances this client knows run, so a launch message can offer "Join". The
 * client's READY names those running when it connects (`embedded_activities`); a launch
 * message (the one the registry posts when an instance starts: a person's message carrying
 * the app's `application_id`) means the app's instance in that channel just started, with its author in it; EMBEDDED_ACTIVITY_UPDATE says who is
 * in an instance whenever someone joins or leaves (nobody: it ended); this client's own
 * launch says so too. One instance runs per app and channel, so the newest launch message
 * of an app in a channel is its running instance's.
 */
import { MessageType } from 'discord-api-types/v10';
import type { IndexedCommand, WireMessage } from '../../api/wire-types.js';
import type { AppState, Slice } from '../../store/app-state.js';
import { launcherEntries } from './launcher-entries.js';

export interface RunningActivity {
  /** null until the registry names it (a launch message does not). */
  instanceId: string | null;
  /** User ids, in the order they joined. */
  participants: string[];
}

export interface RunningActivitiesSlice {
  /** By runningKey(channel, app). */
  runningActivities: Record<string, RunningActivity>;
  /** A launch message arrived live: its app's instance there just started. */
  launchMessageSeen(message: WireMessage): void;
  /** Who is in an app's instance in a channel; nobody: it ended. */
  instanceHeard(channelId: string, applicationId: string, instanceId: string, participants: string[]): void;
  /** The launch message's Join: launches the app's entry point as the App Launcher does, which joins the running instance. */
  joinActivity(message: WireMessage): Promise<void>;
}

export function runningKey(channelId: string, applicationId: string): string {
  return `${channelId}:${applicationId}`;
}

/** The message the registry posts when an app's instance starts ("<person> started <app>"). */
export function isLaunchMessage(message: WireMessage): boolean {
  return message.type === MessageType.Default && typeof message.application_id === 'string' && message.author.bot !== true
    && message.webhook_id === undefined && message.interaction_metadata === undefined;
}

/** The newest launch message of the app among the channel's loaded messages. */
function newestLaunchMessage(messages: readonly WireMessage[], applicationId: string): WireMessage | undefined {
  return messages.findLast((message) => message.application_id === applicationId && isLaunchMessage(message));
}

/**
 * The entry point a message's Join launches: only on the newest launch message of an app
 * whose instance runs, in the open channel (whose index holds the entry point), unless this
 * client already shows that Activity.
 */
export function joinableEntryPoint(state: AppState, message: WireMessage): IndexedCommand | undefined {
  const applicationId = message.application_id;
  if (applicationId === undefined || !isLaunchMessage(message) || message.channel_id !== state.channelId) return undefined;
  if (!state.runningActivities[runningKey(message.channel_id, applicationId)]) return undefined;
  if (newestLaunchMessage(state.messagesByChannel[message.channel_id] ?? [], applicationId)?.id !== message.id) return undefined;
  const open = state.activity;
  if (open?.applicationId === applicationId && open.channelId === message.channel_id) return undefined;
  return launcherEntries(state.commandIndex).find((entry) => entry.application.id === applicationId)?.command;
}

export function createRunningActivitiesSlice(): Slice<RunningActivitiesSlice> {
  return (set, get) => {
    const put = (key: string, running: RunningActivity | undefined) => {
      const { [key]: _previous, ...others } = get().runningActivities;
      set({ runningActivities: running ? { ...others, [key]: running } : others });
    };
    return {
      runningActivities: {},

      launchMessageSeen(message) {
        if (!isLaunchMessage(message) || message.application_id === undefined) return;
        const key = runningKey(message.channel_id, message.application_id);
        // This client's own launch may have named it already.
        put(key, get().runningActivities[key] ?? { instanceId: null, participants: [message.author.id] });
      },

      instanceHeard(channelId, applicationId, instanceId, participants) {
        put(runningKey(channelId, applicationId), participants.length === 0 ? undefined : { instanceId, participants });
      },

      async joinActivity(message) {
        const command = joinableEntryPoint(get(), message);
        if (command) await get().launchEntryPoint(command);
      },
    };
  };
}
