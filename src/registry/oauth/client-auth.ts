/**
 * Who is calling the token and revocation endpoints (RFC 6749 §2.3). An app with a client
 * secret is a confidential client and must prove it, with HTTP Basic or with `client_id` +
 * `client_secret` in the form, never both. An app without one is a public client (a
 * desktop game, a mobile app): it names itself with `client_id` and proves possession of
 * its authorization with PKCE instead. Secrets are compared by digest in constant time.
 */
import type { ApplicationRecord } from '../store/records.js';
import { secretMatches } from '../store/secrets.js';
import type { Store } from '../store/store.js';
import { oauthError, refuse, type OAuthError, type OAuthOutcome } from './oauth-error.js';
import type { Parameters } from './parameters.js';

/** An authenticated client: its app, and whether it proved a secret. */
export interface Client {
  application: ApplicationRecord;
  confidential: boolean;
}

/** A client that could not be authenticated, and whether it tried HTTP Basic (which calls for 401 + WWW-Authenticate). */
export interface ClientRefusal {
  ok: false;
  error: OAuthError;
  basic: boolean;
}

interface Credentials {
  clientId: string | undefined;
  clientSecret: string | undefined;
  basic: boolean;
}

/** The client of a token or revocation request. */
export async function authenticateClient(store: Store, authorization: string | undefined, parameters: Parameters): Promise<{ ok: true; value: Client } | ClientRefusal> {
  const read = readCredentials(authorization, parameters);
  if (!read.ok) return { ...read, basic: authorization !== undefined };
  const { clientId, clientSecret, basic } = read.value;
  const unknown = { ok: false as const, error: oauthError('invalid_client', 'Unknown client.'), basic };
  if (clientId === undefined || !/^\d{1,20}$/.test(clientId)) return unknown;
  const application = await store.world.application(clientId);
  const digest = await store.oauth.clientSecretDigest(clientId);
  if (!application || digest === undefined) return unknown;
  if (digest === null) {
    if (clientSecret !== undefined) return { ok: false, error: oauthError('invalid_client', 'This client has no secret.'), basic };
    return { ok: true, value: { application, confidential: false } };
  }
  if (clientSecret === undefined) return { ok: false, error: oauthError('invalid_client', 'Client authentication is required.'), basic };
  if (!secretMatches(clientSecret, digest)) return { ok: false, error: oauthError('invalid_client', 'Invalid client secret.'), basic };
  return { ok: true, value: { application, confidential: true } };
}

function readCredentials(authorization: string | undefined, parameters: Parameters): OAuthOutcome<Credentials> {
  const formId = parameters.values.get('client_id');
  const formSecret = parameters.values.get('client_secret');
  if (authorization === undefined) return { ok: true, value: { clientId: formId, clientSecret: formSecret, basic: false } };
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(authorization.trim());
  if (!match?.[1]) return refuse('invalid_client', 'Unsupported client authentication.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return refuse('invalid_client', 'Malformed HTTP Basic credentials.');
  if (formSecret !== undefined) return refuse('invalid_request', 'Use only one client authentication method.');
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (clientId === undefined || clientSecret === undefined) return refuse('invalid_client', 'Malformed HTTP Basic credentials.');
  if (formId !== undefined && formId !== clientId) return refuse('invalid_request', 'The "client_id" differs from the authenticated client.');
  return { ok: true, value: { clientId, clientSecret: clientSecret === '' ? undefined : clientSecret, basic: true } };
}

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
