/**
 * The delivery's Ed25519 signature (domain/application-keys.ts): made by libsodium with a
 * nonce made ahead (domain/nonce-signer.ts) where its prebuilt binary loads. It is not the
 * deterministic signature of RFC 8032, so it is checked the way bots check it, by verifiers
 * nobody here wrote: OpenSSL (node:crypto), libsodium itself and WebCrypto (as
 * discord-interactions verifies), over `timestamp + body` as UTF-8, for many keys.
 */
import { createPublicKey, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { generateApplicationKeys, signDelivery } from '../../src/registry/domain/application-keys.js';
import { NonceSigner, type SignerSodium } from '../../src/registry/domain/nonce-signer.js';

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const sodium = createRequire(import.meta.url)('sodium-native') as SignerSodium & {
  crypto_sign_verify_detached(signature: Buffer, message: Buffer, publicKey: Buffer): boolean;
};

/** Whether each verifier accepts `signature` over `message` with the 32-byte `publicKey`. */
async function verdicts(publicKey: Buffer, message: Buffer, signature: Buffer): Promise<Record<'openssl' | 'libsodium' | 'webcrypto', boolean>> {
  const keyObject = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
  const webKey = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
  return {
    openssl: verify(null, message, keyObject, signature),
    libsodium: sodium.crypto_sign_verify_detached(signature, message, publicKey),
    webcrypto: await crypto.subtle.verify({ name: 'Ed25519' }, webKey, signature, message),
  };
}

const ALL_ACCEPT = { openssl: true, libsodium: true, webcrypto: true };
const ALL_REFUSE = { openssl: false, libsodium: false, webcrypto: false };

describe('the delivery signature', () => {
  it('is made by libsodium on this machine', () => {
    expect(() => createRequire(import.meta.url)('sodium-native')).not.toThrow();
  });

  it('verifies with the app\'s verify_key in OpenSSL, libsodium and WebCrypto, and a changed byte does not', async () => {
    for (let round = 0; round < 40; round++) {
      const keys = generateApplicationKeys();
      const publicKey = Buffer.from(keys.publicKey, 'hex');
      const timestamp = String(1_700_000_000 + round);
      const body = JSON.stringify({ type: 2, round, text: 'héllo ✓ 🎉'.repeat(round * 7) });
      const message = Buffer.from(timestamp + body);
      const signed = signDelivery(keys.privateKey, timestamp, body);
      const signature = Buffer.from(signed.signature, 'hex');
      expect(signature).toHaveLength(64);
      // The body's bytes as signed are the ones a delivery sends: its UTF-8.
      expect(signed.bytes.equals(Buffer.from(body))).toBe(true);
      expect(await verdicts(publicKey, message, signature)).toEqual(ALL_ACCEPT);
      const changed = Buffer.from(signature);
      changed[round % 64] = (changed[round % 64] as number) ^ 1;
      expect(await verdicts(publicKey, message, changed)).toEqual(ALL_REFUSE);
      expect(await verdicts(publicKey, Buffer.from(`${timestamp}${body} `), signature)).toEqual(ALL_REFUSE);
    }
  });

  it('uses each nonce once: the same message signed again has another R, every signature verifying', async () => {
    const keys = generateApplicationKeys();
    const publicKey = Buffer.from(keys.publicKey, 'hex');
    const message = Buffer.from('1700000000{"type":1}');
    const seen = new Set<string>();
    // More than the signer keeps ready between two turns, and over turns where it makes more.
    for (let turn = 0; turn < 4; turn++) {
      for (let index = 0; index < 40; index++) {
        const signature = Buffer.from(signDelivery(keys.privateKey, '1700000000', '{"type":1}').signature, 'hex');
        seen.add(signature.subarray(0, 32).toString('hex'));
        expect(sodium.crypto_sign_verify_detached(signature, message, publicKey)).toBe(true);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(seen.size).toBe(160);
    expect((await verdicts(publicKey, message, Buffer.from(signDelivery(keys.privateKey, '1700000000', '{"type":1}').signature, 'hex')))).toEqual(ALL_ACCEPT);
  });

  it('has a canonical S (below the group order), as strict verifiers require', () => {
    const order = (1n << 252n) + 27742317777372353535851937790883648493n;
    const signer = new NonceSigner(sodium, Buffer.alloc(32, 7));
    for (let index = 0; index < 200; index++) {
      const s = signer.signText('', `message ${index}`).signature.subarray(32);
      expect(BigInt(`0x${Buffer.from(s).reverse().toString('hex')}`) < order).toBe(true);
    }
  });
});
