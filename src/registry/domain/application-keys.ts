/**
 * Each application's Ed25519 key pair: the public half is its `verify_key` (hex, as the
 * service shows it) and the private half signs every interaction delivered to it.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import { NonceSigner, type SignedText, type SignerSodium } from './nonce-signer.js';

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

/** What a delivery is signed with: libsodium's, else node:crypto's (see `signer`). */
type Signer = (timestamp: string, body: string) => SignedText;

/**
 * A signature is on every delivery's path: with libsodium (sodium-native, Node-API prebuilds
 * inside its npm package) it is made with a nonce made ahead (nonce-signer.ts), in a fifth of
 * the time of node:crypto's deterministic Ed25519 (OpenSSL 3 sets up a context per call,
 * docs/benchmarks.md). Loaded at the first signature, not at start-up; a platform without
 * its prebuilt binary keeps node:crypto. Both verify with the app's verify_key alike.
 */
let sodium: SignerSodium | null | undefined;

function loadSodium(): SignerSodium | null {
  try {
    return createRequire(import.meta.url)('sodium-native') as SignerSodium;
  } catch {
    return null;
  }
}

/** A PKCS#8 Ed25519 key's 32-byte seed: the last bytes of its DER. */
const SEED_BYTES = 32;

const signers = new Map<string, Signer>();

function signer(privateKey: string): Signer {
  let signWith = signers.get(privateKey);
  if (signWith) return signWith;
  const der = Buffer.from(privateKey, 'base64');
  sodium ??= loadSodium();
  if (sodium) {
    const nonceSigner = new NonceSigner(sodium, der.subarray(der.length - SEED_BYTES));
    signWith = (timestamp, body) => nonceSigner.signText(timestamp, body);
  } else {
    const key: KeyObject = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    signWith = (timestamp, body) => {
      const message = Buffer.from(timestamp + body);
      return { signature: sign(null, message, key), text: message.subarray(Buffer.byteLength(timestamp)) };
    };
  }
  signers.set(privateKey, signWith);
  return signWith;
}

/** A delivery's signature (hex, as its header carries it) and its body's bytes, encoded once for both. */
export interface SignedDelivery {
  signature: string;
  bytes: Buffer;
}

/** Signs `timestamp + body` as the service does for interactions endpoints. */
export function signDelivery(privateKey: string, timestamp: string, body: string): SignedDelivery {
  const signed = signer(privateKey)(timestamp, body);
  return { signature: signed.signature.toString('hex'), bytes: signed.text };
}
