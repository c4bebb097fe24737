/**
 * "Join" on an Activity's launch message while its instance runs (running-activities.ts
 * decides when), as the real client offers on the message its launch posts. Pressing it
 * launches the app's entry point as the App Launcher does, which joins the running instance.
 */
import type { WireMessage } from '../../api/wire-types.js';
import { useActions, useApp } from '../../app/store-context.js';
import { joinableEntryPoint, runningKey } from './running-activities.js';

export function ActivityJoin({ message }: { message: WireMessage }) {
  const entryPoint = useApp((state) => joinableEntryPoint(state, message));
  const count = useApp((state) => state.runningActivities[runningKey(message.channel_id, message.application_id ?? '')]?.participants.length ?? 0);
  const { joinActivity } = useActions();
  if (!entryPoint) return null;
  return (
    <div className="activity-join">
      <button type="button" className="activity-join__button" data-testid="activity-join" onClick={() => void joinActivity(message)}>
        Join
      </button>
      <span className="activity-join__count" data-testid="activity-join-count">{count === 1 ? '1 person in it' : `${count} people in it`}</span>
    </div>
  );
}
