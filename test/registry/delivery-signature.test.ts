/**
 * The delivery's Ed25519 signature (domain/application-keys.ts): made by libsodium where its
 * prebuilt binary loads, by node:crypto otherwise. Ed25519 is deterministic, so both must
 * give the very bytes node:crypto gives, over `timestamp + body` as UTF-8, for every key.
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { generateApplicationKeys, signDelivery } from '../../src/registry/domain/application-keys.js';

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

describe('the delivery signature', () => {
  it('is made by libsodium on this machine', () => {
    expect(() => createRequire(import.meta.url)('sodium-native')).not.toThrow();
  });

  it('is the signature node:crypto makes, and verifies with the app\'s verify_key', () => {
    for (let round = 0; round < 20; round++) {
      const keys = generateApplicationKeys();
      const timestamp = String(1_700_000_000 + round);
      const body = JSON.stringify({ type: 2, round, text: 'héllo ✓ 🎉'.repeat(round) });
      const signature = signDelivery(keys.privateKey, timestamp, body);
      const expected = sign(null, Buffer.from(timestamp + body), createPrivateKey({ key: Buffer.from(keys.privateKey, 'base64'), format: 'der', type: 'pkcs8' }));
      expect(signature).toBe(expected.toString('hex'));
      const publicKey = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(keys.publicKey, 'hex')]), format: 'der', type: 'spki' });
      expect(verify(null, Buffer.from(timestamp + body), publicKey, Buffer.from(signature, 'hex'))).toBe(true);
    }
  });
});
