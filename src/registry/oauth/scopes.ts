/**
 * The OAuth2 scopes the registry grants, and how some of them bring others with them, in
 * one table so the authorize screen, the token endpoint and the discovery documents agree.
 *
 * Expansion (api-facts.md, "OAuth2 and the native SDK surface"; spec, Authentication 3-4):
 * - `bot` includes `applications.commands` (the spec says so).
 * - `sdk.social_layer` and `sdk.social_layer_presence` are what the Social SDK's default
 *   scopes ask for ("openid sdk.social_layer"); they expand to everything an SDK integration
 *   needs *of this registry*: `identify` (who signed in; `openid` is requested beside them
 *   and yields the id_token). The SDK's social features (friends, lobbies, presence) are not
 *   simulated, so the scopes themselves are kept in the grant for the app to read back but
 *   unlock nothing more here.
 */
import { SUPPORTED_SCOPES, UNSIMULATED_SCOPES } from '../../shared/oauth-scopes.js';
import { refuse, type OAuthOutcome } from './oauth-error.js';

/** Every scope an authorize request may ask for (one table with the client's consent screen). */
export { SUPPORTED_SCOPES };

/** What a client credentials token may hold (the app acting for itself). */
export const CLIENT_CREDENTIALS_SCOPES: ReadonlySet<string> = new Set(['identify', 'applications.commands.update']);

/** Scopes that install the app somewhere when the user consents. */
export const INSTALL_SCOPES: ReadonlySet<string> = new Set(['bot', 'applications.commands']);

const EXPANSIONS: Readonly<Record<string, readonly string[]>> = {
  bot: ['applications.commands'],
  'sdk.social_layer': ['identify'],
  'sdk.social_layer_presence': ['identify'],
};

// Every documented scope is accepted; the unsimulated ones are granted and unlock nothing.
const KNOWN: ReadonlySet<string> = new Set([...SUPPORTED_SCOPES, ...UNSIMULATED_SCOPES]);

/** A scope parameter (space-separated, RFC 6749 §3.3) as a list without repeats; undocumented scopes are invalid_scope. */
export function parseScope(text: string | undefined, allowed: ReadonlySet<string> = KNOWN): OAuthOutcome<string[]> {
  const scopes = [...new Set((text ?? '').split(' ').filter((scope) => scope !== ''))];
  if (scopes.length === 0) return refuse('invalid_scope', 'The requested scope is empty.');
  const unknown = scopes.find((scope) => !allowed.has(scope));
  if (unknown !== undefined) return refuse('invalid_scope', `The requested scope "${unknown}" is invalid, unknown, or malformed.`);
  return { ok: true, value: scopes };
}

/** The scopes a consent grants: the requested ones followed by what they bring with them. */
export function expandScopes(scopes: readonly string[]): string[] {
  const granted = new Set(scopes);
  for (const scope of scopes) for (const implied of EXPANSIONS[scope] ?? []) granted.add(implied);
  return [...granted];
}
