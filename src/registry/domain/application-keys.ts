/**
 * Each application's Ed25519 key pair: the public half is its `verify_key` (hex, as the
 * service shows it) and the private half signs every interaction delivered to it.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export interface ApplicationKeys {
  /** 32-byte raw public key, hex. */
  publicKey: string;
  /** PKCS#8 DER, base64. */
  privateKey: string;
}

/** Makes a new key pair. */
export function generateApplicationKeys(): ApplicationKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    publicKey: Buffer.from(jwk.x as string, 'base64url').toString('hex'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

const keyCache = new Map<string, KeyObject>();

/** Signs `timestamp + body` as the service does for interactions endpoints; hex signature. */
export function signDelivery(privateKey: string, timestamp: string, body: string): string {
  let key = keyCache.get(privateKey);
  if (!key) {
    key = createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' });
    keyCache.set(privateKey, key);
  }
  return sign(null, Buffer.from(timestamp + body), key).toString('hex');
}
