/**
 * A dispatch's data is encoded once for every session it goes to (gateway/shared-data.ts),
 * and each session's frame around it is byte for byte what JSON.stringify makes of the
 * whole frame, whatever the data.
 */
import { describe, expect, it } from 'vitest';
import { dispatchFrame, SharedData, sharedData } from '../../src/registry/gateway/shared-data.js';

describe('a dispatch frame around shared data', () => {
  it('is the JSON of the whole frame', () => {
    const samples: unknown[] = [
      { id: '1', content: 'héllo "quoted" \u2028 \ud83d\ude00', nested: [1, null, { a: true }], skipped: undefined },
      'text', 0, null, undefined, [], { toJSON: () => ({ made: 'by toJSON' }) },
    ];
    for (const data of samples) {
      for (const event of ['MESSAGE_CREATE', 'WEIRD "EVENT"']) {
        expect(dispatchFrame(42, event, sharedData(data))).toBe(JSON.stringify({ op: 0, s: 42, t: event, d: data }));
      }
    }
  });

  it('encodes the data once, however many frames carry it', () => {
    let encodings = 0;
    const shared = sharedData({ toJSON: () => ({ encodings: ++encodings }) });
    const frames = [1, 2, 3].map((s) => dispatchFrame(s, 'INTERACTION_CREATE', shared));
    expect(encodings).toBe(1);
    expect(frames[2]).toBe('{"op":0,"s":3,"t":"INTERACTION_CREATE","d":{"encodings":1}}');
    expect(sharedData(shared)).toBe(shared);
    expect(new SharedData(undefined).json).toBeUndefined();
  });
});
