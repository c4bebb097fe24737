/**
 * The Activity's frame and the client's end of the SDK's postMessage protocol
 * (frame-session.ts). A message is read only when it comes from this frame's window and
 * from the origin the frame was loaded with ('null' for an opaque one); answers go to that
 * origin (to '*' for an opaque frame, which has no origin to name). A frame whose SDK will
 * not hear this client (another server's page: the SDK takes messages from its own origin
 * and Discord's only) says so once it has said hello.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import type { OpenActivity } from './activities-slice.js';
import { sdkHearsClient, type ActivityFrame as FramePolicy } from './activity-frame.js';
import { createFrameSession, type FrameSession } from './frame-session.js';

type Framed = Extract<FramePolicy, { ok: true }>;

/** The open Activity's frame, speaking the SDK's protocol with the client for as long as it is shown. */
export function ActivityFrame({ activity, frame }: { activity: OpenActivity; frame: Framed }) {
  const element = useRef<HTMLIFrameElement>(null);
  const session = useRef<FrameSession | null>(null);
  const [greeted, setGreeted] = useState(false);
  const participants = useApp((state) => state.activity?.participants);
  // The actions themselves are stable; the state object holding them is not.
  const { activityFrameHost, recordFrameMessage, closeActivity } = useActions();

  // Before the frame's page can run: its SDK says hello as soon as it starts.
  useLayoutEffect(() => {
    const target = element.current;
    const host = activityFrameHost();
    if (!target || !host) return undefined;
    const origin = frame.ownOrigin ? new URL(frame.src).origin : 'null';
    const current = createFrameSession({
      host, frameId: activity.frameId,
      post: (message) => target.contentWindow?.postMessage(message, frame.ownOrigin ? origin : '*'),
      record: recordFrameMessage,
      onClose: () => closeActivity(),
      onHandshake: () => setGreeted(true),
    });
    session.current = current;
    const onMessage = (event: MessageEvent) => {
      // The client's own messages and other frames' are not this Activity's.
      if (event.source !== target.contentWindow) return;
      if (event.origin !== origin) {
        recordFrameMessage({ direction: 'in', message: event.data, note: `from ${event.origin}, not ${origin}: the frame left the Activity's page` });
        return;
      }
      void current.receive(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      current.close();
      session.current = null;
    };
  }, [activityFrameHost, recordFrameMessage, closeActivity, activity.frameId, frame.src, frame.ownOrigin]);

  useEffect(() => {
    session.current?.participantsChanged();
  }, [participants]);

  const deaf = greeted && !sdkHearsClient(frame.src, window.location.origin);
  return (
    <>
      {deaf && (
        <p className="activity-panel__hint" role="note" data-testid="activity-origin-hint">
          Its SDK ignores this client: it reads messages only from its own origin ({new URL(frame.src).origin}) and Discord&apos;s.
          Open the client at http://localhost:3333 (npm run serve -- --port 3333).
        </p>
      )}
      <iframe
        ref={element}
        className="activity-panel__frame"
        title={`${activity.applicationName} Activity`}
        src={frame.src}
        sandbox={frame.sandbox}
        allow={frame.allow}
        referrerPolicy={frame.referrerPolicy}
        data-testid="activity-frame"
      />
    </>
  );
}
