/**
 * The open Activity, docked above the chat: a title bar with the app's name and where it
 * runs, the participants' avatars and a close button, over the app's page in a sandboxed
 * frame (activity-frame.ts decides its sandbox; the page gets no referrer) that speaks the
 * SDK's protocol with the client (ActivityFrame.tsx), and the consent screen its
 * `authorize()` opens. A registry path in activity_url is the registry's own page.
 */
import { resolveActivityUrl } from '../../../shared/activity-url.js';
import { Avatar } from '../../app/Avatar.js';
import { useActions, useApp } from '../../app/store-context.js';
import { ConsentDialog } from '../authorize/ConsentDialog.js';
import { channelLabel } from '../world/world-model.js';
import { activityFrame } from './activity-frame.js';
import { ActivityFrame } from './ActivityFrame.js';
import { participantsAt } from './participants.js';
import './activities.css';

export function ActivityPanel() {
  const activity = useApp((state) => state.activity);
  const guild = useApp((state) => state.guilds.find((candidate) => candidate.id === state.activity?.guildId));
  const channel = useApp((state) => [...state.privateChannels, ...(guild?.channels ?? [])].find((candidate) => candidate.id === state.activity?.channelId));
  const me = useApp((state) => state.me);
  // The registry the client talks to: a remote one when the settings say so, else the page's own.
  const registry = useApp((state) => state.remoteRegistry) ?? window.location.origin;
  const consent = useApp((state) => state.activityConsent);
  const { closeActivity, answerActivityConsent } = useActions();
  if (activity === null) return null;
  const frame = activityFrame(resolveActivityUrl(activity.url, registry), window.location.origin);
  const participants = participantsAt(activity.participants, { guild, channel, me });
  return (
    <section className="activity-panel" aria-label={`${activity.applicationName} Activity`} data-testid="activity-panel" data-instance-id={activity.instanceId}>
      <header className="activity-panel__bar">
        <Avatar id={activity.applicationId} name={activity.applicationName} size="small" />
        <h2 className="activity-panel__title" data-testid="activity-title">{activity.applicationName}</h2>
        {channel && <span className="activity-panel__where">in {channelLabel(channel)}</span>}
        <ul className="activity-panel__participants" aria-label={`${participants.length} in the Activity`} data-testid="activity-participants">
          {participants.map((participant) => (
            <li key={participant.id} title={participant.name} data-testid="activity-participant" data-user-id={participant.id}>
              <Avatar id={participant.id} name={participant.name} size="small" />
              <span className="visually-hidden">{participant.name}</span>
            </li>
          ))}
        </ul>
        <button type="button" className="activity-panel__close" aria-label="Close Activity" title="Close Activity" data-testid="activity-close" onClick={closeActivity}>
          ×
        </button>
      </header>
      {frame.ok ? (
        <ActivityFrame key={activity.frameId} activity={activity} frame={frame} />
      ) : (
        <p className="activity-panel__refused" role="alert" data-testid="activity-refused">{frame.reason}</p>
      )}
      <ConsentDialog consent={consent?.view ?? null} error={consent?.error ?? null} onAnswer={answerActivityConsent} />
    </section>
  );
}
