/**
 * The RSA key that signs id_tokens (RS256, with jose). It is made the first time a token or
 * the JWKS needs it and kept in the database, so id_tokens stay verifiable across restarts
 * and two registries on one data directory publish the same key. `kid` is the key's
 * RFC 7638 thumbprint, which lets clients pick it out of the JWKS. jose is loaded at the
 * first id_token, not with the registry: most runs never sign one, and every start paid it.
 */
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import type { Store } from '../store/store.js';

const jose = () => import('jose');

/** RS256: the algorithm OpenID Connect requires every provider to support. */
export const ID_TOKEN_ALGORITHM = 'RS256';

interface LoadedKey {
  id: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** The registry's id_token signing keys, loaded once per process. */
export class SigningKeys {
  private loading: Promise<LoadedKey[]> | undefined;

  constructor(private readonly store: Store, private readonly now: () => number) {}

  /** The public keys as a JWK Set (RFC 7517 §5), what `jwks_uri` serves. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const keys = await this.keys();
    return { keys: keys.map((key) => ({ ...key.publicJwk, kid: key.id, use: 'sig', alg: ID_TOKEN_ALGORITHM })) };
  }

  /** A compact JWS of `claims`, signed with the first key. */
  async sign(claims: JWTPayload): Promise<string> {
    const [key] = await this.keys();
    if (!key) throw new Error('no id_token signing key');
    const { SignJWT } = await jose();
    return new SignJWT(claims).setProtectedHeader({ alg: ID_TOKEN_ALGORITHM, typ: 'JWT', kid: key.id }).sign(key.privateKey);
  }

  private keys(): Promise<LoadedKey[]> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<LoadedKey[]> {
    const { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8 } = await jose();
    if ((await this.store.oauth.signingKeys()).length === 0) {
      const { privateKey } = await generateKeyPair(ID_TOKEN_ALGORITHM, { modulusLength: 2048, extractable: true });
      const publicJwk = publicPart(await exportJWK(privateKey));
      await this.store.oauth.addFirstSigningKey({
        id: await calculateJwkThumbprint(publicJwk), private_key: await exportPKCS8(privateKey), created_at: this.now(),
      });
    }
    return Promise.all((await this.store.oauth.signingKeys()).map(async (record) => {
      const privateKey = await importPKCS8(record.private_key, ID_TOKEN_ALGORITHM, { extractable: true });
      return { id: record.id, privateKey, publicJwk: publicPart(await exportJWK(privateKey)) };
    }));
  }
}

/** Only the public members of an RSA JWK. */
function publicPart(jwk: JWK): JWK {
  return { kty: jwk.kty, n: jwk.n, e: jwk.e };
}
