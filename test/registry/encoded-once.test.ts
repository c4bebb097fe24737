/**
 * An interaction's payload is encoded once (domain/encoded-once.ts): the store's copy and the
 * delivered body are the same text, made by one JSON.stringify.
 */
import { describe, expect, it } from 'vitest';
import { encodedOnce } from '../../src/registry/domain/encoded-once.js';

describe('a payload encoded once', () => {
  it('is JSON.stringify of it, made at the first call and reused after', () => {
    let encodings = 0;
    const payload = { id: '1', data: { name: 'ping' }, toJSON() { encodings += 1; return { id: this.id, data: this.data }; } };
    expect(encodedOnce(payload)).toBe('{"id":"1","data":{"name":"ping"}}');
    expect(encodedOnce(payload)).toBe(encodedOnce(payload));
    expect(encodings).toBe(1);
    expect(encodedOnce({ id: '1' })).toBe('{"id":"1"}');
  });
});
