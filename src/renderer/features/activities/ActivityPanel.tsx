/**
 * The open Activity, docked above the chat: a title bar with the app's name and where it
 * runs, the participants' avatars and a close button, over the app's page in a sandboxed
 * frame (activity-frame.ts decides its sandbox; the page gets no referrer) that speaks the
 * SDK's protocol with the client (ActivityFrame.tsx), and the consent screen its
 * `authorize()` opens. A registry path in activity_url is the registry's own page.
 *
 * On a phone (Settings › Activities) the frame is a phone's viewport, 390×844 CSS pixels,
 * scaled down to fit the panel, turned by the rotate button unless the Activity locked its
 * orientation. The picture-in-picture button shrinks the panel to a tile over the chat and
 * back. The frame is never reloaded by either: the same elements stay mounted in the same
 * place, only the classes and CSS variables on the panel change their sizes
 * (activity-display.ts decides them, activities.css draws them).
 */
import type { CSSProperties } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { ExpandIcon, PictureInPictureIcon, RotateIcon } from '../../app/icons.js';
import { useActions, useApp } from '../../app/store-context.js';
import { ConsentDialog } from '../authorize/ConsentDialog.js';
import { channelLabel } from '../world/world-model.js';
import { canRotate, fitScale, frameViewport, lockedOrientation, type ActivityDisplay, type ActivityPlatform, type Size } from './activity-display.js';
import { framedActivity } from './activity-frame.js';
import { ActivityFrame } from './ActivityFrame.js';
import { participantsAt } from './participants.js';
import { useBoxSize } from './use-box-size.js';
import './activities.css';

/** The panel's classes and the frame's size (CSS variables) for how the Activity is shown. */
function shown(display: ActivityDisplay, platform: ActivityPlatform, room: Size): { className: string; style: CSSProperties | undefined } {
  const viewport = frameViewport(display, platform);
  const className = [
    'activity-panel', `activity-panel--${platform}`, `activity-panel--${display.layout}`, `activity-panel--${display.orientation}`,
    ...(viewport ? ['activity-panel--sized'] : []),
  ].join(' ');
  if (!viewport) return { className, style: undefined };
  // A phone shrinks to fit the panel; a PIP tile is its own size.
  const scale = display.layout === 'focused' ? fitScale(viewport, room) : 1;
  const style = {
    '--activity-viewport-width': `${viewport.width}px`, '--activity-viewport-height': `${viewport.height}px`, '--activity-scale': String(scale),
  } as CSSProperties;
  return { className, style };
}

/** Why the phone does not turn, or null when it does. */
function lockReason(display: ActivityDisplay): string | null {
  const locked = lockedOrientation(display.locks.focused);
  return locked ? `The Activity locked the phone in ${locked}` : null;
}

export function ActivityPanel() {
  const activity = useApp((state) => state.activity);
  const guild = useApp((state) => state.guilds.find((candidate) => candidate.id === state.activity?.guildId));
  const channel = useApp((state) => [...state.privateChannels, ...(guild?.channels ?? [])].find((candidate) => candidate.id === state.activity?.channelId));
  const me = useApp((state) => state.me);
  // The registry the client talks to: a remote one when the settings say so, else the page's own.
  const registry = useApp((state) => state.remoteRegistry) ?? window.location.origin;
  const consent = useApp((state) => state.activityConsent);
  const display = useApp((state) => state.activityDisplay);
  const { closeActivity, answerActivityConsent, rotateActivity, setActivityLayout } = useActions();
  const [room, measureStage] = useBoxSize();
  if (activity === null) return null;
  const frame = framedActivity(activity, registry, window.location.origin);
  const participants = participantsAt(activity.participants, { guild, channel, me });
  const { className, style } = shown(display, activity.platform, room);
  const pip = display.layout === 'pip';
  const locked = lockReason(display);
  return (
    <section
      className={className} style={style} aria-label={`${activity.applicationName} Activity`} data-testid="activity-panel" data-instance-id={activity.instanceId}
      data-platform={activity.platform} data-layout={display.layout} data-orientation={activity.platform === 'mobile' ? display.orientation : undefined}
    >
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
        {activity.platform === 'mobile' && (
          <button
            type="button" className="activity-panel__tool" aria-label="Rotate the phone" title={locked ?? `Rotate the phone (now ${display.orientation})`}
            disabled={!canRotate(display)} data-testid="activity-rotate" onClick={rotateActivity}
          >
            <RotateIcon />
          </button>
        )}
        <button
          type="button" className="activity-panel__tool" aria-label="Picture-in-picture" aria-pressed={pip}
          title={pip ? 'Back to the full Activity' : 'Shrink to picture-in-picture'} data-testid="activity-pip"
          onClick={() => setActivityLayout(pip ? 'focused' : 'pip')}
        >
          {pip ? <ExpandIcon /> : <PictureInPictureIcon />}
        </button>
        <button type="button" className="activity-panel__close" aria-label="Close Activity" title="Close Activity" data-testid="activity-close" onClick={closeActivity}>
          ×
        </button>
      </header>
      <div className="activity-panel__stage" ref={measureStage}>
        <div className="activity-panel__device" data-testid="activity-device">
          <div className="activity-panel__screen">
            {frame.ok ? (
              <ActivityFrame key={activity.frameId} activity={activity} frame={frame} />
            ) : (
              <p className="activity-panel__refused" role="alert" data-testid="activity-refused">{frame.reason}</p>
            )}
          </div>
        </div>
      </div>
      <ConsentDialog consent={consent?.view ?? null} error={consent?.error ?? null} onAnswer={answerActivityConsent} />
    </section>
  );
}
