/**
 * What the client makes of the redirect that brought the person back: it must come to the
 * redirect URI the flow started with and carry the flow's own `state`, or the client
 * refuses it without looking further (RFC 6749 §10.12: a redirect with another state may
 * be an attacker's, carrying their code into this session). Only then does it read the
 * `code`, or the `error` the authorization server sent back (e.g. `access_denied`).
 */

export type RedirectReading =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: string; description: string | null; state: string }
  | { kind: 'state-mismatch'; expected: string; received: string | null }
  | { kind: 'elsewhere'; expected: string; received: string }
  | { kind: 'malformed'; url: string };

/** A URI without its query and fragment: what a redirect is sent to. */
export function redirectTarget(uri: string): string {
  return uri.split('#', 1)[0]!.split('?', 1)[0]!;
}

/** Reads a redirect against what the flow expects. */
export function readRedirect(url: string, expected: { state: string; redirectUri: string }): RedirectReading {
  let parameters: URLSearchParams;
  try {
    parameters = new URL(url).searchParams;
  } catch {
    return { kind: 'malformed', url };
  }
  if (redirectTarget(url) !== redirectTarget(expected.redirectUri)) {
    return { kind: 'elsewhere', expected: redirectTarget(expected.redirectUri), received: redirectTarget(url) };
  }
  const state = parameters.get('state');
  if (state !== expected.state) return { kind: 'state-mismatch', expected: expected.state, received: state };
  const error = parameters.get('error');
  if (error !== null) return { kind: 'error', error, description: parameters.get('error_description'), state };
  const code = parameters.get('code');
  if (code === null || code === '') return { kind: 'malformed', url };
  return { kind: 'code', code, state };
}

/** The state a redirect carries, if it has one. */
export function stateIn(url: string): string | null {
  try {
    return new URL(url).searchParams.get('state');
  } catch {
    return null;
  }
}

/** The state an injected redirect carries in the tamper failure path: another request's, not this one's. */
export const FOREIGN_STATE = 'state-of-another-request';

/** `location` with its state replaced, as an attacker's injected redirect would arrive. */
export function tamperState(location: string): string {
  const url = new URL(location);
  url.searchParams.set('state', FOREIGN_STATE);
  return url.href;
}

/** One sentence for the timeline: why the client refused a redirect, or what it found. */
export function describeReading(reading: RedirectReading): string {
  switch (reading.kind) {
    case 'code':
      return 'The state matches: the client accepts the code.';
    case 'error':
      return `The state matches; the authorization server answered ${reading.error}${reading.description ? `: ${reading.description}` : ''}.`;
    case 'state-mismatch':
      return `State mismatch: expected ${reading.expected}, got ${reading.received ?? 'none'}. The client refuses the redirect and does not exchange its code.`;
    case 'elsewhere':
      return `The redirect went to ${reading.received}, not to ${reading.expected}: the client ignores it.`;
    case 'malformed':
      return 'The redirect carries neither a code nor an error: the client ignores it.';
  }
}
