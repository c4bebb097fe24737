/**
 * What the inspector reads from an interaction's events: how the payload was delivered
 * (over HTTP with its Ed25519 signature headers), the time against the deadline, and the
 * whole record as JSON.
 */
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/renderer/store/create-app-store.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { fakeClient, startedClient } from './fake-deps.js';
import { delivery, entryJson, latency, signatureHeaders } from '../../src/renderer/features/inspector/entry-facts.js';
import type { InspectorEntry } from '../../src/renderer/features/inspector/inspector-slice.js';

const request = { type: 2 as const, application_id: '30', channel_id: '21', nonce: '7', data: { id: '40', name: 'echo' } };

function entry(events: InspectorEntry['events'], extra: Partial<InspectorEntry> = {}): InspectorEntry {
  return {
    nonce: '7', id: '500', kind: 'command', label: '/echo', userId: '10', channelId: '21', applicationId: '30',
    sentAt: 1_000, request, http: { status: 204, body: null }, events, status: 'pending', failure: null, finishedAt: null, ...extra,
  };
}

const HTTP_DELIVERY = {
  type: 'INTERACTION_DELIVERY', at: 1_010,
  data: {
    id: '500', nonce: '7', method: 'http', payload: { id: '500', type: 2 }, deadline_at: 4_000,
    request: {
      url: 'http://127.0.0.1:3000/interactions',
      headers: { 'Content-Type': 'application/json', 'X-Signature-Ed25519': 'ab12', 'X-Signature-Timestamp': '1700000000' },
      body: '{"id":"500"}',
    },
  },
};

describe('the inspector\'s facts', () => {
  it('shows an HTTP delivery with its signature headers only', () => {
    const delivered = delivery(entry([HTTP_DELIVERY]));
    expect(delivered).toMatchObject({ method: 'http', payload: { id: '500', type: 2 }, deadlineAt: 4_000 });
    expect(signatureHeaders(delivered?.headers ?? null)).toEqual({ 'X-Signature-Ed25519': 'ab12', 'X-Signature-Timestamp': '1700000000' });
  });

  it('shows a gateway delivery without headers, and nothing before delivery', () => {
    const gateway = { type: 'INTERACTION_DELIVERY', at: 1_010, data: { method: 'gateway', payload: { id: '500' } } };
    expect(delivery(entry([gateway]))).toEqual({ method: 'gateway', payload: { id: '500' }, headers: null, deadlineAt: null });
    expect(signatureHeaders(null)).toEqual({});
    expect(delivery(entry([]))).toBeNull();
  });

  it('times an interaction to its end, or to now while it waits', () => {
    expect(latency(entry([], { finishedAt: 1_250, status: 'succeeded' }), 99_999)).toBe(250);
    expect(latency(entry([]), 1_900)).toBe(900);
  });

  it('copies the whole record as JSON', () => {
    const copied = JSON.parse(entryJson(entry([HTTP_DELIVERY], { status: 'failed', failure: { reason: 'deadline', detail: 'late' }, finishedAt: 4_000 })));
    expect(copied).toMatchObject({
      nonce: '7', id: '500', kind: 'command', status: 'failed', failure: { reason: 'deadline' }, latency_ms: 3_000,
      request, http: { status: 204 }, events: [{ type: 'INTERACTION_DELIVERY', data: { method: 'http' } }],
    });
  });
});

describe('the inspector across a reload', () => {
  it('keeps its entries in the journal and a new page reads them back, leaving out what has no entry\'s shape', async () => {
    const first = await startedClient(EXAMPLE_INDEX);
    first.store.getState().interactionSent({ nonce: '7', kind: 'command', label: '/echo', userId: '10', channelId: '21', applicationId: '30', request });
    expect(first.journal.saved).toHaveLength(1);
    const reloaded = fakeClient(EXAMPLE_INDEX);
    reloaded.journal.saved = [...first.journal.saved, { nonce: 8 }, 'junk'];
    const again = createAppStore(reloaded.deps);
    expect(again.getState().inspectorEntries).toMatchObject([{ nonce: '7', label: '/echo', userId: '10', status: 'sending' }]);
  });
});
