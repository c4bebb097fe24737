/**
 * The Activity's frame and the client's end of the SDK's postMessage protocol
 * (frame-session.ts). A message is read only when it comes from this frame's window and from
 * the origin the frame was loaded with ('null' for an opaque one). Answers go in through the
 * message sender beside it (shared/activity-sender.ts), whose opaque origin the SDK hears
 * whatever address the client is at, to the Activity's origin only ('*' for an opaque frame,
 * which has no origin to name). Until the sender has loaded, answers wait in order.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isSenderReady, SENDER_PING, SENDER_URL, type SenderEnvelope } from '../../../shared/activity-sender.js';
import { useActions, useApp } from '../../app/store-context.js';
import type { OpenActivity } from './activities-slice.js';
import type { ActivityFrame as FramePolicy } from './activity-frame.js';
import { createFrameSession, type FrameSession } from './frame-session.js';
import type { OutgoingMessage } from './frame-messages.js';

type Framed = Extract<FramePolicy, { ok: true }>;

/** Where `child` is among this window's frames (the sender names the Activity's frame so). */
function frameIndex(child: Window | null): number {
  for (let index = 0; index < window.frames.length; index++) if (window.frames[index] === child) return index;
  return -1;
}

/** The open Activity's frame, speaking the SDK's protocol with the client for as long as it is shown. */
export function ActivityFrame({ activity, frame }: { activity: OpenActivity; frame: Framed }) {
  const element = useRef<HTMLIFrameElement>(null);
  const sender = useRef<HTMLIFrameElement>(null);
  const session = useRef<FrameSession | null>(null);
  const participants = useApp((state) => state.activity?.participants);
  // The actions themselves are stable; the state object holding them is not.
  const { activityFrameHost, recordFrameMessage, closeActivity } = useActions();

  // Before the frame's page can run: its SDK says hello as soon as it starts.
  useLayoutEffect(() => {
    const target = element.current;
    const carrier = sender.current;
    const host = activityFrameHost();
    if (!target || !carrier || !host) return undefined;
    const origin = frame.activityOrigin;
    let carrying = false;
    const waiting: OutgoingMessage[] = [];
    const deliver = (message: OutgoingMessage) => {
      const envelope: SenderEnvelope = { frame: frameIndex(target.contentWindow), target: frame.ownOrigin ? origin : '*', message };
      carrier.contentWindow?.postMessage(envelope, '*');
    };
    const current = createFrameSession({
      host, frameId: activity.frameId,
      post: (message) => (carrying ? deliver(message) : void waiting.push(message)),
      record: recordFrameMessage,
      onClose: () => closeActivity(),
    });
    session.current = current;
    const onMessage = (event: MessageEvent) => {
      if (event.source === carrier.contentWindow && isSenderReady(event.data)) {
        carrying = true;
        for (const message of waiting.splice(0)) deliver(message);
        return;
      }
      // The client's own messages and other frames' are not this Activity's.
      if (event.source !== target.contentWindow) return;
      if (event.origin !== origin) {
        recordFrameMessage({ direction: 'in', message: event.data, note: `from ${event.origin}, not ${origin}: the frame left the Activity's page` });
        return;
      }
      void current.receive(event.data);
    };
    window.addEventListener('message', onMessage);
    // A sender that loaded before this conversation began says so again.
    carrier.contentWindow?.postMessage(SENDER_PING, '*');
    return () => {
      window.removeEventListener('message', onMessage);
      current.close();
      session.current = null;
    };
  }, [activityFrameHost, recordFrameMessage, closeActivity, activity.frameId, frame.activityOrigin, frame.ownOrigin]);

  useEffect(() => {
    session.current?.participantsChanged();
  }, [participants]);

  return (
    <>
      <iframe ref={sender} src={SENDER_URL} sandbox="allow-scripts" title="Activity messages" hidden aria-hidden="true" tabIndex={-1} data-testid="activity-sender" />
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
