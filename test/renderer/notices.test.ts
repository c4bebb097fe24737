/**
 * The person's own failed interactions as notices among the messages: placed by the time
 * they failed, repeats in a row collapsed into one counted notice, answered, dismissed,
 * other channels' and other people's left out.
 */
import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/renderer/api/wire-types.js';
import type { InspectorEntry } from '../../src/renderer/features/inspector/inspector-slice.js';
import { failureNotices, ownInteractions, pendingRefusal, timeline } from '../../src/renderer/features/messages/notices.js';

const request = { type: 2 as const, application_id: '30', channel_id: '21', nonce: '1', data: { id: '40', name: 'echo' } };

function entry(nonce: string, finishedAt: number, extra: Partial<InspectorEntry> = {}): InspectorEntry {
  return {
    nonce, id: `i${nonce}`, kind: 'command', label: '/echo', userId: '10', channelId: '21', applicationId: '30', sentAt: finishedAt - 5, request,
    http: { status: 204, body: null }, events: [], status: 'failed', failure: { reason: 'deadline', detail: '' }, finishedAt, ...extra,
  };
}

function message(id: string, at: number, interactionId?: string): WireMessage {
  return {
    id, channel_id: '21', content: id, timestamp: new Date(at).toISOString(),
    author: { id: '30', username: 'bot', global_name: null, discriminator: '0', avatar: null },
    ...(interactionId ? { interaction_metadata: { id: interactionId } } : {}),
  } as WireMessage;
}

describe('failure notices', () => {
  it('sit among the messages at the time they failed, and repeats in a row are one counted notice', () => {
    const messages = [message('m1', 1_000), message('m2', 5_000)];
    const entries = [entry('a', 2_000), entry('b', 3_000), entry('c', 4_000, { label: '/ping' }), entry('d', 6_000)];
    const items = timeline(messages, failureNotices(ownInteractions(entries, '21', '10', messages, new Set())));
    expect(items.map((item) => (item.kind === 'message' ? item.message.id : `${item.notice.title}×${item.notice.count}`))).toEqual([
      'm1', 'The application did not respond — /echo×2', 'The application did not respond — /ping×1', 'm2',
      'The application did not respond — /echo×1',
    ]);
  });

  it('leave out what was answered, dismissed, refused as outdated, and other channels\' and people\'s', () => {
    const messages = [message('m1', 1_000, 'ia')];
    const entries = [
      entry('a', 2_000), entry('b', 2_000), entry('c', 2_000, { channelId: '99' }), entry('d', 2_000, { userId: '11' }),
      entry('e', 2_000, { failure: { reason: 'stale-version', detail: '' } }), entry('f', 2_000, { status: 'pending', failure: null }),
    ];
    const own = ownInteractions(entries, '21', '10', messages, new Set(['b']));
    expect(own.map((kept) => kept.nonce)).toEqual(['f']);
    expect(failureNotices(own)).toEqual([]);
  });

  it('name a refused answer instead of "did not respond", and a pending one shows the refusal while the registry waits', () => {
    const sentence = "The bot's answer was refused: data.embeds.0.title: Must be 256 or fewer in length.";
    const [notice] = failureNotices([entry('a', 2_000, { failure: { reason: 'refused', detail: sentence } })]);
    expect(notice).toMatchObject({ title: 'The application answered, but its answer was refused — /echo', detail: sentence });
    const waiting = entry('b', 2_000, {
      status: 'pending', failure: null,
      events: [{ type: 'INTERACTION_CALLBACK', at: 1_999, data: { status: 400, refusal: sentence } }],
    });
    expect(pendingRefusal(waiting)).toBe(sentence);
    expect(pendingRefusal(entry('c', 2_000, { status: 'pending', failure: null }))).toBeNull();
  });
});
