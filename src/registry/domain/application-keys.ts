/**
 * Each application's Ed25519 key pair: the public half is its `verify_key` (hex, as the
 * service shows it) and the private half signs every interaction delivered to it.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';

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
type Signer = (message: Buffer) => Buffer;

/** The slice of sodium-native (libsodium, Node-API prebuilds inside its npm package) signing uses. */
interface Sodium {
  crypto_sign_seed_keypair(publicKey: Buffer, secretKey: Buffer, seed: Buffer): void;
  crypto_sign_detached(signature: Buffer, message: Buffer, secretKey: Buffer): void;
}

/**
 * libsodium signs in about half the time of node:crypto's Ed25519 (OpenSSL 3 sets up a
 * context per call), and a signature is on every delivery's path (docs/benchmarks.md).
 * Ed25519 is deterministic: both give the very same bytes. Loaded at the first signature,
 * not at start-up; a platform without its prebuilt binary keeps node:crypto.
 */
let sodium: Sodium | null | undefined;

function loadSodium(): Sodium | null {
  try {
    return createRequire(import.meta.url)('sodium-native') as Sodium;
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
    const library = sodium;
    const secretKey = Buffer.alloc(64);
    library.crypto_sign_seed_keypair(Buffer.alloc(32), secretKey, der.subarray(der.length - SEED_BYTES));
    signWith = (message) => {
      const signature = Buffer.allocUnsafe(64);
      library.crypto_sign_detached(signature, message, secretKey);
      return signature;
    };
  } else {
    const key: KeyObject = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    signWith = (message) => sign(null, message, key);
  }
  signers.set(privateKey, signWith);
  return signWith;
}

/** Signs `timestamp + body` as the service does for interactions endpoints; hex signature. */
export function signDelivery(privateKey: string, timestamp: string, body: string): string {
  return signer(privateKey)(Buffer.from(timestamp + body)).toString('hex');
}
