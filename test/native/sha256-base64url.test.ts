import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { native, thrown } from './native.js';

const nodeSha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

describe('sha256Hex (FIPS 180-4)', () => {
  it('matches the FIPS 180-4 / NIST example digests', () => {
    expect(native.sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(native.sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(native.sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(
      native.sha256Hex(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      ),
    ).toBe('cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
  });

  it('hashes one million "a" characters', () => {
    expect(native.sha256Hex('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it.each([55, 56, 63, 64, 65, 119, 120, 127, 128, 129])(
    'pads a %i-byte message the way node:crypto does (block boundaries)',
    (length) => {
      const message = Buffer.alloc(length, 0x61);
      expect(native.sha256Hex(message)).toBe(nodeSha256(message));
      expect(native.sha256Hex('a'.repeat(length))).toBe(nodeSha256('a'.repeat(length)));
    },
  );

  it('agrees with node:crypto on every length from 0 to 300 bytes of varied content', () => {
    const source = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 0xff));
    for (let length = 0; length <= 300; length++) {
      const slice = source.subarray(0, length);
      expect(native.sha256Hex(slice), `length ${length}`).toBe(nodeSha256(slice));
    }
  });

  it('hashes strings as UTF-8 and Uint8Array views by their own bytes', () => {
    expect(native.sha256Hex('héllo 🌍')).toBe(nodeSha256(Buffer.from('héllo 🌍', 'utf8')));
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
    expect(native.sha256Hex(backing.subarray(2, 5))).toBe(nodeSha256(new Uint8Array([1, 2, 3])));
  });

  it('refuses other types and argument counts with TypeError', () => {
    for (const bad of [42, null, undefined, {}, [1, 2], new Uint16Array(2), 1n]) {
      const error = thrown(() => native.sha256Hex(bad as unknown as string));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_INVALID_ARG_TYPE');
      expect(error.message).toMatch(/^sha256Hex: the "data" argument must be/);
    }
    const noArgs = thrown(() => (native.sha256Hex as () => string)());
    expect(noArgs).toBeInstanceOf(TypeError);
    expect(noArgs.code).toBe('ERR_MISSING_ARGS');
    const twoArgs = thrown(() => (native.sha256Hex as (a: string, b: string) => string)('a', 'b'));
    expect(twoArgs).toBeInstanceOf(TypeError);
    expect(twoArgs.code).toBe('ERR_SLASHBENCH_TOO_MANY_ARGS');
  });
});

describe('base64url (RFC 4648 section 5, no padding)', () => {
  it('encodes the RFC 4648 section 10 vectors without padding', () => {
    const vectors: Array<[string, string]> = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [input, expected] of vectors) {
      expect(native.base64url(Buffer.from(input))).toBe(expected);
    }
  });

  it("uses '-' and '_' instead of '+' and '/'", () => {
    expect(native.base64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(native.base64url(new Uint8Array([0xff, 0xff, 0xff]))).toBe('____');
    expect(native.base64url(new Uint8Array([0xfb, 0xef, 0xbe]))).toBe('----');
  });

  it("agrees with Buffer's base64url for every length from 0 to 100", () => {
    for (let length = 0; length <= 100; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 97 + length) & 0xff));
      const encoded = native.base64url(bytes);
      expect(encoded).toBe(bytes.toString('base64url'));
      expect(encoded).not.toContain('=');
      expect(encoded.length).toBe(Math.ceil((length * 4) / 3));
    }
  });

  it('refuses non-Uint8Array input with TypeError', () => {
    for (const bad of ['abc', 1, null, [1, 2], new ArrayBuffer(4), new Int8Array(2)]) {
      const error = thrown(() => native.base64url(bad as unknown as Uint8Array));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_INVALID_ARG_TYPE');
    }
  });
});
