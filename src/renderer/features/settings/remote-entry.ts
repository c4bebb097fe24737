/**
 * The remote registry form, checked before anything is kept: the address becomes an origin
 * (`192.168.1.20:8484` → `http://192.168.1.20:8484`), and every token must be one the
 * registry could take. Each problem is named beside its field.
 */
import { MAX_REMOTE_TOKENS, registryOrigin } from '../../../shared/client-settings.js';
import type { RemoteEntry } from './settings-slice.js';

export interface RemoteEntryProblems {
  url: string | null;
  /** One per token field, null where the token is fine. */
  tokens: Array<string | null>;
  /** About the list as a whole (none, too many, the same twice). */
  list: string | null;
}

export type CheckedRemoteEntry = { ok: true; entry: RemoteEntry } | { ok: false; problems: RemoteEntryProblems };

function tokenProblem(token: string): string | null {
  if (token === '') return 'Enter a token, or remove this field.';
  if (/\s/.test(token)) return 'A token has no spaces (paste it without the "Bot" or "Bearer" prefix).';
  if (token.length > 512) return 'This is longer than any token (512 characters at most).';
  return null;
}

export function checkRemoteEntry(typedUrl: string, typedTokens: readonly string[]): CheckedRemoteEntry {
  const url = registryOrigin(typedUrl);
  const tokens = typedTokens.map((token) => token.trim());
  const problems: RemoteEntryProblems = {
    url: url === undefined
      ? (typedUrl.trim() === '' ? 'Enter the remote registry\'s address.' : 'Enter an http(s) address with no path, such as http://192.168.1.20:8484.')
      : null,
    tokens: tokens.map(tokenProblem),
    list: tokens.length === 0
      ? 'Add a token: the client acts as the token\'s person there.'
      : tokens.length > MAX_REMOTE_TOKENS
        ? `Keep at most ${MAX_REMOTE_TOKENS} tokens.`
        : new Set(tokens).size !== tokens.length ? 'The same token is listed twice.' : null,
  };
  if (url === undefined || problems.list !== null || problems.tokens.some((problem) => problem !== null)) return { ok: false, problems };
  return { ok: true, entry: { url, tokens } };
}
