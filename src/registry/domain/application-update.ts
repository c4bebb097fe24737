/**
 * `PATCH /applications/@me` bodies: which fields change, or the 50035 tree saying why
 * not. Only `interactions_endpoint_url` changes anything here; the other fields a bot
 * may send (description, tags, icon, ...) are accepted and ignored, as are unknown ones,
 * so libraries that send a whole settings object still work.
 */
import { ErrorCollector, type RuleResult } from '../../shared/command-rules/error-tree.js';
import { MESSAGES, fail } from '../../shared/command-rules/messages.js';

/** What a PATCH asks to change; an absent key changes nothing. */
export interface ApplicationUpdate {
  /** A new URL to verify and store, or null to clear it (deliveries go back to the gateway). */
  interactionsEndpointUrl?: string | null;
}

/** The service's limit on a URL field. */
export const MAX_URL_LENGTH = 2048;

const FIELD = 'interactions_endpoint_url';

/** The service's codes for a URL it cannot use, kept beside the rule that answers them. */
export const ENDPOINT_ERRORS = {
  malformed: { code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' },
  scheme: (scheme: string) => ({
    code: 'URL_TYPE_INVALID_PROTOCOL',
    message: `Scheme "${scheme}" is not supported. Scheme must be one of ('http', 'https').`,
  }),
  notVerified: (detail: string) => ({
    code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID',
    message: `The specified interactions endpoint url could not be verified. ${detail}`,
  }),
} as const;

/** Reads a PATCH body (undefined when none was sent). */
export function readApplicationUpdate(body: unknown): RuleResult<ApplicationUpdate> {
  const errors = new ErrorCollector();
  if (body === undefined) return { ok: true, value: {} };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail(errors, [], MESSAGES.notObject);
    return { ok: false, errors: errors.tree };
  }
  if (!Object.hasOwn(body, FIELD)) return { ok: true, value: {} };
  const value = (body as Record<string, unknown>)[FIELD];
  if (value === null) return { ok: true, value: { interactionsEndpointUrl: null } };
  const problem = urlProblem(value);
  if (problem === undefined) return { ok: true, value: { interactionsEndpointUrl: value as string } };
  errors.add([FIELD], problem.code, problem.message);
  return { ok: false, errors: errors.tree };
}

/** Why a value is not a usable http(s) URL, or undefined when it is one. */
export function urlProblem(value: unknown): { code: string; message: string } | undefined {
  if (typeof value !== 'string') return { code: MESSAGES.notString.code, message: MESSAGES.notString.text(value) };
  if (value.length > MAX_URL_LENGTH) return { code: MESSAGES.maxLength.code, message: MESSAGES.maxLength.text(MAX_URL_LENGTH) };
  // The scheme must be written out with "//": WHATWG parsing would turn "http:host" into a URL.
  const written = /^([a-z][a-z0-9+.-]*):\/\/[^/?#\s]+/i.exec(value);
  if (!written || /\s/.test(value)) return ENDPOINT_ERRORS.malformed;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return ENDPOINT_ERRORS.malformed;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return ENDPOINT_ERRORS.scheme(written[1] as string);
  return parsed.hostname.length === 0 ? ENDPOINT_ERRORS.malformed : undefined;
}
