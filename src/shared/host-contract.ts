/**
 * The host contract: what the client asks of the machine it runs on, as one table of
 * method names with their input and output schemas. In browser mode the registry serves it
 * over HTTP at `/_host/*` on loopback only; in the desktop app the preload carries the same
 * methods over IPC. The client calls a `HostApi` and never knows which transport it has.
 *
 * Errors cross the boundary as data (`HostResult`) with a stable code, never as thrown text.
 */
import { z } from './zod-mini.js';
import { clientSettingsSchema } from './client-settings.js';
import {
  awaitRedirectInput, awaitRedirectOutput, buildAuthorizeUrlInput, buildAuthorizeUrlOutput, createAuthorizationOutput,
} from './host-authorization.js';
import type { HostMethod } from './host-channels.js';

export { HOST_METHODS, hostChannel, type HostMethod } from './host-channels.js';

const snowflake = z.string().check(z.regex(/^\d{1,20}$/, 'must be a snowflake (a string of digits)'));

/** A person of the local world the client may act as (bots are never offered). */
export const hostUserSchema = z.object({
  id: snowflake,
  username: z.string(),
  global_name: z.nullable(z.string()),
  locale: z.nullable(z.string()),
});

export type HostUser = z.infer<typeof hostUserSchema>;

/**
 * Every method: its HTTP route in browser mode, and its schemas. `listUsers` answers the
 * people the client may act as; `openSession` mints a fresh session token for one of them
 * (the registry keeps only digests, so it can never hand out a stored token again).
 */
export const HOST_CONTRACT = {
  listUsers: {
    http: { method: 'GET', path: '/_host/session' },
    input: z.strictObject({}),
    output: z.object({ users: z.array(hostUserSchema) }),
  },
  openSession: {
    http: { method: 'POST', path: '/_host/session' },
    input: z.strictObject({ user_id: snowflake }),
    output: z.object({ token: z.string().check(z.minLength(1)), user: hostUserSchema }),
  },
  /** The client's settings as kept on this machine; `warning` says why a damaged file gave way to defaults. */
  readSettings: {
    http: { method: 'GET', path: '/_host/settings' },
    input: z.strictObject({}),
    output: z.object({ settings: clientSettingsSchema, warning: z.nullable(z.string()) }),
  },
  /** Replaces the kept settings (written atomically, readable by this user only: they may hold tokens). */
  writeSettings: {
    http: { method: 'PUT', path: '/_host/settings' },
    input: z.strictObject({ settings: clientSettingsSchema }),
    output: z.object({ settings: clientSettingsSchema }),
  },
  /** The Authorize flow's native SDK calls and its redirects (host-authorization.ts). */
  createAuthorization: {
    http: { method: 'GET', path: '/_host/authorization' },
    input: z.strictObject({}),
    output: createAuthorizationOutput,
  },
  buildAuthorizeUrl: {
    http: { method: 'POST', path: '/_host/authorization/url' },
    input: buildAuthorizeUrlInput,
    output: buildAuthorizeUrlOutput,
  },
  awaitRedirect: {
    http: { method: 'POST', path: '/_host/authorization/redirect' },
    input: awaitRedirectInput,
    output: awaitRedirectOutput,
  },
} as const satisfies Record<HostMethod, unknown>;
export type HostInput<M extends HostMethod> = z.infer<(typeof HOST_CONTRACT)[M]['input']>;
export type HostOutput<M extends HostMethod> = z.infer<(typeof HOST_CONTRACT)[M]['output']>;

/**
 * Why a host call failed, stable across transports: `loopback-only` (browser mode, asked
 * from another machine or page), `invalid-input`, `unknown-user`, `unavailable` (the
 * host could not be reached or answered something off-contract).
 */
export type HostErrorCode = 'loopback-only' | 'invalid-input' | 'unknown-user' | 'unavailable';

export interface HostError {
  code: HostErrorCode;
  message: string;
}

export type HostResult<T> = { ok: true; value: T } | { ok: false; error: HostError };

/** The client's view of the host: one async function per contract method. */
export type HostApi = { [M in HostMethod]: (input: HostInput<M>) => Promise<HostResult<HostOutput<M>>> };

/** The HTTP status each error code is answered with in browser mode. */
export const HOST_ERROR_STATUS: Readonly<Record<HostErrorCode, number>> = {
  'loopback-only': 403,
  'invalid-input': 400,
  'unknown-user': 404,
  unavailable: 503,
};

/** Reads an error body from either transport; anything off-contract becomes `unavailable`. */
export function parseHostError(body: unknown, fallback: string): HostError {
  const parsed = z.object({
    code: z.enum(['loopback-only', 'invalid-input', 'unknown-user', 'unavailable']),
    message: z.string(),
  }).safeParse(body);
  return parsed.success ? parsed.data : { code: 'unavailable', message: fallback };
}
