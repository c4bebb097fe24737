/**
 * Activities: the app launcher (entry point commands of the open channel) and the one
 * Activity the person has open. Launching sends the entry point command like any command
 * (recorded by the inspector first); what happens next is the handler's: with
 * DISCORD_LAUNCH_ACTIVITY the registry launches at once, with APP_HANDLER only when the app
 * answers LAUNCH_ACTIVITY (12); any other answer (a message, a failure, a missed deadline)
 * shows in the chat as for other commands. The registry tells this person's sessions
 * EMBEDDED_ACTIVITY_LAUNCH (the URL to frame); only the session that sent the launch opens
 * it. Everyone viewing the channel hears EMBEDDED_ACTIVITY_UPDATE when people join or leave,
 * which also tells the chat which launch messages may offer "Join" (running-activities.ts).
 * The settings may say a phone: the frame's URL then says `platform=mobile` (the registry
 * launches for the desktop), and the panel shows it phone-sized (activity-display-slice.ts).
 */
import type { IndexedCommand } from '../../api/wire-types.js';
import type { AppState, Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { STALE_NOTICE } from '../commands/commands-slice.js';
import { invokeBody } from '../composer/composer-state.js';
import { sendInteraction } from '../interactions/send-interaction.js';
import { INITIAL_DISPLAY, onPlatform, type ActivityPlatform } from './activity-display.js';
import { createActivityDisplaySlice, type ActivityDisplaySlice } from './activity-display-slice.js';
import { launcherEntries } from './launcher-entries.js';
import { createRunningActivitiesSlice, type RunningActivitiesSlice } from './running-activities.js';

export interface OpenActivity {
  instanceId: string;
  applicationId: string;
  applicationName: string;
  channelId: string;
  guildId: string | null;
  /** Where the frame starts, with its launch parameters: the app's activity_url, or `/?…` on its proxy origin. */
  url: string;
  /** Whether `url` is a path of the app's Activity proxy origin (a root URL mapping) rather than framed as it is. */
  proxied: boolean;
  /** The port of the app's Activity origin on the registry's host (a proxied Activity's), else null. */
  proxyPort: number | null;
  frameId: string;
  /** The device the Activity runs on, as its URL says (`platform`). */
  platform: ActivityPlatform;
  /** User ids, in the order they joined. */
  participants: string[];
  /** The launch interaction's nonce: its inspector entry holds the frame's messages. */
  launchNonce: string;
}

/** A launch this client sent that has not launched or ended yet. */
interface SentLaunch {
  nonce: string;
  applicationId: string;
  applicationName: string;
  channelId: string;
}

export interface ActivitiesSlice extends ActivityDisplaySlice, RunningActivitiesSlice {
  launcherOpen: boolean;
  /** The highlighted launcher entry (keyboard). */
  launcherIndex: number;
  activity: OpenActivity | null;
  toggleLauncher(open?: boolean): void;
  moveLauncher(delta: number): void;
  /** Sends the entry point command (from the launcher or the `/` picker). */
  launchEntryPoint(command: IndexedCommand): Promise<void>;
  activityLaunched(data: Record<string, unknown>): void;
  activityUpdated(data: Record<string, unknown>): void;
  /** Closes the panel and leaves the instance. */
  closeActivity(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends ActivitiesSlice {}
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Whether the inspector still waits for the launch's outcome (it may launch). */
function stillLaunching(state: AppState, nonce: string): boolean {
  const entry = state.inspectorEntries.find((candidate) => candidate.nonce === nonce);
  return entry !== undefined && (entry.status === 'sending' || entry.status === 'pending');
}

export function createActivitiesSlice(deps: ClientDeps): Slice<ActivitiesSlice> {
  return (set, get, store) => {
    let sent: SentLaunch[] = [];

    return {
      ...createActivityDisplaySlice()(set, get, store),
      ...createRunningActivitiesSlice()(set, get, store),
      launcherOpen: false,
      launcherIndex: 0,
      activity: null,

      toggleLauncher(open) {
        set({ launcherOpen: open ?? !get().launcherOpen, launcherIndex: 0 });
      },

      moveLauncher(delta) {
        const count = launcherEntries(get().commandIndex).length;
        if (count === 0) return;
        set({ launcherIndex: (((get().launcherIndex + delta) % count) + count) % count });
      },

      async launchEntryPoint(command) {
        set({ launcherOpen: false });
        const state = get();
        const open = state.activity;
        // Already in this app's Activity here: nothing to launch.
        if (open && open.applicationId === command.application_id && open.channelId === state.channelId) return;
        const body = invokeBody(state, 2, command, { id: command.id, name: command.name, type: command.type, version: command.version }, deps.nonce());
        if (!body) return;
        const applicationName = state.commandIndex?.applications.find((application) => application.id === command.application_id)?.name ?? 'App';
        sent = [...sent.filter((launch) => stillLaunching(get(), launch.nonce)), { nonce: body.nonce, applicationId: command.application_id, applicationName, channelId: body.channel_id }];
        const answer = await sendInteraction(get, deps, body, { kind: 'command', label: command.name_localized ?? command.name });
        // A stale version: reload the index (read-repair), as the composer does.
        const dataErrors = answer && !answer.ok ? answer.error.errors?.data : undefined;
        if (answer?.status === 400 && dataErrors && !Array.isArray(dataErrors) && dataErrors.version) await get().loadIndex(STALE_NOTICE);
      },

      activityLaunched(data) {
        const applicationId = String(data.application_id ?? '');
        const channelId = String(data.channel_id ?? '');
        // Every session of this person hears it; the one that sent the launch opens it.
        const launch = sent.find((candidate) => candidate.applicationId === applicationId && candidate.channelId === channelId
          && stillLaunching(get(), candidate.nonce));
        if (!launch) return;
        sent = sent.filter((candidate) => candidate !== launch);
        if (typeof data.nonce !== 'string') get().interactionEvent('EMBEDDED_ACTIVITY_LAUNCH', { ...data, nonce: launch.nonce });
        const previous = get().activity;
        if (previous && previous.instanceId !== data.instance_id) get().closeActivity();
        const platform = get().settings.activity_platform;
        get().instanceHeard(channelId, applicationId, String(data.instance_id ?? ''), strings(data.participants));
        set({
          activityDisplay: INITIAL_DISPLAY,
          activity: {
            instanceId: String(data.instance_id ?? ''), applicationId, applicationName: launch.applicationName, channelId,
            guildId: typeof data.guild_id === 'string' ? data.guild_id : null,
            url: onPlatform(String(data.url ?? ''), platform), proxied: data.proxied === true,
            proxyPort: typeof data.proxy_port === 'number' ? data.proxy_port : null, frameId: String(data.frame_id ?? ''), participants: strings(data.participants), launchNonce: launch.nonce,
            platform,
          },
        });
      },

      activityUpdated(data) {
        if (typeof data.channel_id === 'string' && typeof data.application_id === 'string' && typeof data.instance_id === 'string') {
          get().instanceHeard(data.channel_id, data.application_id, data.instance_id, strings(data.participants));
        }
        const activity = get().activity;
        if (!activity || activity.instanceId !== data.instance_id) return;
        set({ activity: { ...activity, participants: strings(data.participants) } });
      },

      closeActivity() {
        const { activity, token, locale } = get();
        if (activity === null) return;
        get().dismissActivityConsent(`The person closed ${activity.applicationName}.`);
        set({ activity: null, activityDisplay: INITIAL_DISPLAY });
        if (token !== null) void deps.rest.leaveActivity({ token, locale }, activity.instanceId);
      },
    };
  };
}
