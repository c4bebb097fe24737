/**
 * Ed25519 signatures whose nonce was made ahead of time, so a delivery pays for a hash and
 * a scalar sum rather than a point multiplication: libsodium's signature took 25-45 µs of
 * each delivery's path (docs/benchmarks.md), this one 4-7 µs, the nonces made a turn later.
 *
 * A signature is (R, S) with R = rB and S = r + k·a mod L, k = SHA-512(R ‖ A ‖ message), a
 * the key's secret scalar, A = aB its public key. RFC 8032 derives r from the key and the
 * message, which makes the signature deterministic; every verifier checks SB = R + kA only,
 * which holds for any r, so a uniformly random r, used once, gives a signature that verifies
 * everywhere (test/registry/delivery-signature.test.ts checks OpenSSL, libsodium and WebCrypto).
 * k is one call of libsodium's SHA-512 over R, A and the message laid out in one buffer, the
 * message encoded there (`signText`), so its sender writes those very bytes.
 * The points and hashes are libsodium's; only S's sum and product are BigInt arithmetic,
 * which is not constant-time: right for the simulated apps' keys, which sign on loopback
 * and mean nothing outside a registry, not for keys worth a timing attack.
 */

/** The slice of sodium-native (libsodium) the signer uses. */
export interface SignerSodium {
  crypto_hash_sha512(output: Buffer, input: Buffer): void;
  crypto_core_ed25519_scalar_random(scalar: Buffer): void;
  crypto_core_ed25519_scalar_reduce(scalar: Buffer, wide: Buffer): void;
  crypto_scalarmult_ed25519_base_noclamp(point: Buffer, scalar: Buffer): void;
  crypto_sign_seed_keypair(publicKey: Buffer, secretKey: Buffer, seed: Buffer): void;
}

/** The order of Ed25519's base point. */
const ORDER = (1n << 252n) + 27742317777372353535851937790883648493n;
const LOW_64 = (1n << 64n) - 1n;
/** Nonces kept ready per key: enough for a burst of deliveries between two turns. */
const READY = 16;

/** R and A, hashed ahead of the message: k = SHA-512(R ‖ A ‖ message). */
const HASHED_AHEAD = 64;

/** A signature, and the signed text's bytes as they were hashed. */
export interface SignedText {
  signature: Buffer;
  text: Buffer;
}

interface Nonce {
  scalar: bigint;
  point: Buffer;
}

/** A 32-byte little-endian number. */
function readScalar(bytes: Buffer): bigint {
  return bytes.readBigUInt64LE(0) | (bytes.readBigUInt64LE(8) << 64n) | (bytes.readBigUInt64LE(16) << 128n) | (bytes.readBigUInt64LE(24) << 192n);
}

function writeScalar(value: bigint, into: Buffer, offset: number): void {
  let rest = value;
  for (let word = 0; word < 4; word++) {
    into.writeBigUInt64LE(rest & LOW_64, offset + word * 8);
    rest >>= 64n;
  }
}

export class NonceSigner {
  readonly #sodium: SignerSodium;
  readonly #publicKey = Buffer.alloc(32);
  readonly #secret: bigint;
  readonly #ready: Nonce[] = [];
  readonly #wide = Buffer.alloc(64);
  readonly #reduced = Buffer.alloc(32);
  #filling = false;

  /** `seed`: the key's 32-byte private seed (RFC 8032's private key). */
  constructor(sodium: SignerSodium, seed: Buffer) {
    this.#sodium = sodium;
    const secretKey = Buffer.alloc(64);
    sodium.crypto_sign_seed_keypair(this.#publicKey, secretKey, seed);
    // The secret scalar: the seed's SHA-512, its first half clamped (RFC 8032, 5.1.5).
    const digest = Buffer.alloc(64);
    sodium.crypto_hash_sha512(digest, seed);
    digest[0] = (digest[0] as number) & 248;
    digest[31] = ((digest[31] as number) & 127) | 64;
    this.#secret = readScalar(digest.subarray(0, 32)) % ORDER;
    digest.fill(0);
    secretKey.fill(0);
    this.#fill();
  }

  /**
   * The 64-byte signature of `prefix + text` as UTF-8 (its nonce never used again), and the
   * text's bytes: the text is encoded once, straight behind R and A in what is hashed in one
   * call, and those are the bytes its sender writes (a delivery's body; the prefix is its
   * timestamp), where the body was encoded once for the signature and again for the socket.
   */
  signText(prefix: string, text: string): SignedText {
    const start = HASHED_AHEAD + Buffer.byteLength(prefix);
    const input = Buffer.allocUnsafe(start + Buffer.byteLength(text));
    input.write(prefix, HASHED_AHEAD, 'utf8');
    input.write(text, start, 'utf8');
    const nonce = this.#ready.pop() ?? this.#nonce();
    this.#fill();
    const sodium = this.#sodium;
    nonce.point.copy(input, 0);
    this.#publicKey.copy(input, 32);
    sodium.crypto_hash_sha512(this.#wide, input);
    sodium.crypto_core_ed25519_scalar_reduce(this.#reduced, this.#wide);
    const signature = Buffer.allocUnsafe(64);
    nonce.point.copy(signature, 0);
    writeScalar((nonce.scalar + readScalar(this.#reduced) * this.#secret) % ORDER, signature, 32);
    return { signature, text: input.subarray(start) };
  }

  /** A fresh nonce: r uniform in [1, L), R = rB. */
  #nonce(): Nonce {
    const scalar = Buffer.alloc(32);
    this.#sodium.crypto_core_ed25519_scalar_random(scalar);
    const point = Buffer.alloc(32);
    this.#sodium.crypto_scalarmult_ed25519_base_noclamp(point, scalar);
    const nonce = { scalar: readScalar(scalar), point };
    scalar.fill(0);
    return nonce;
  }

  /**
   * Makes the missing nonces one per turn of the event loop, after the I/O that has arrived
   * (a delivery's answer, the next invocation), so none is made on a delivery's path.
   */
  #fill(): void {
    if (this.#filling || this.#ready.length >= READY) return;
    this.#filling = true;
    setImmediate(() => {
      this.#filling = false;
      this.#ready.push(this.#nonce());
      this.#fill();
    }).unref();
  }
}
