/**
 * The host contract's Authorize methods, whose answers come from the native SDK addon
 * (`native/`, C++ over Node-API): the page cannot load it, so it asks the host, which is
 * the registry process in browser mode and the desktop app's main process otherwise.
 *
 * - `createAuthorization`: fresh secrets for a new authorization (a PKCE verifier with its
 *   S256 challenge, a state, a nonce), the SDK's two default scope sets, and the redirects
 *   this host can catch: its loopback URI, and whether custom-scheme deep links reach it.
 * - `buildAuthorizeUrl`: `AuthorizationArgs` set field by field and `buildAuthorizeUrl`,
 *   answering the URL, the state in it, the redirect URI and the args as the addon reads
 *   them back; a value the addon refuses is `invalid-input` with the addon's own message.
 * - `awaitRedirect`: the next redirect the host caught after `after` (its loopback route
 *   or a deep link), or `null` when none came within the wait; the client asks again.
 */
import { z } from './zod-mini.js';

/** Which redirect the authorize URL uses: the host's loopback route, or a custom scheme. */
export const REDIRECT_KINDS = ['loopback', 'custom-scheme'] as const;
export type RedirectKind = (typeof REDIRECT_KINDS)[number];

const codeChallenge = z.object({ challenge: z.string(), method: z.literal('S256') });

export const createAuthorizationOutput = z.object({
  verifier: z.string(),
  challenge: codeChallenge,
  state: z.string(),
  nonce: z.string(),
  default_scopes: z.object({ communication: z.string(), presence: z.string() }),
  /** The loopback redirect URI this host listens on (`http://127.0.0.1:<port>/callback`). */
  loopback_redirect_uri: z.string(),
  /** Whether custom-scheme redirects reach this host (the desktop app's deep link) and for which scheme. */
  deep_link_scheme: z.nullable(z.string()),
  /** How many redirects the host has caught so far: `awaitRedirect` waits for later ones. */
  redirect_sequence: z.number().check(z.int(), z.nonnegative()),
});

export const buildAuthorizeUrlInput = z.strictObject({
  /** The registry the URL points at (an http(s) origin); the host's own when absent. */
  base_url: z.optional(z.string().check(z.maxLength(2048))),
  client_id: z.string().check(z.maxLength(64)),
  scopes: z.string().check(z.maxLength(1024)),
  state: z.optional(z.string().check(z.maxLength(1024))),
  nonce: z.optional(z.string().check(z.maxLength(1024))),
  code_challenge: z.optional(z.string().check(z.maxLength(256))),
  integration_type: z.optional(z.union([z.literal(0), z.literal(1)])),
  custom_scheme: z.optional(z.string().check(z.maxLength(256))),
  redirect: z.enum(REDIRECT_KINDS),
});

/** `AuthorizationArgs.toJSON()` with wire names: what the addon holds after the setters. */
export const authorizationArgsSchema = z.object({
  client_id: z.nullable(z.string()),
  scopes: z.string(),
  state: z.nullable(z.string()),
  nonce: z.nullable(z.string()),
  code_challenge: z.nullable(codeChallenge),
  integration_type: z.nullable(z.union([z.literal(0), z.literal(1)])),
  custom_scheme: z.nullable(z.string()),
});

export const buildAuthorizeUrlOutput = z.object({
  url: z.string(),
  /** The state in the URL: the args' own, or the one the addon generated for this URL. */
  state: z.string(),
  redirect_uri: z.string(),
  args: authorizationArgsSchema,
  redirect_sequence: z.number().check(z.int(), z.nonnegative()),
});

export const capturedRedirectSchema = z.object({
  sequence: z.number().check(z.int(), z.positive()),
  url: z.string(),
  via: z.enum(['loopback', 'deep-link']),
  received_at: z.string(),
});

export const awaitRedirectInput = z.strictObject({ after: z.number().check(z.int(), z.nonnegative()) });
export const awaitRedirectOutput = z.object({ redirect: z.nullable(capturedRedirectSchema) });

export type CapturedRedirect = z.infer<typeof capturedRedirectSchema>;
export type AuthorizationArgsView = z.infer<typeof authorizationArgsSchema>;
