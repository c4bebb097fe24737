/**
 * The registry's REST API over fetch, as the real client calls it: the session token in
 * `Authorization` with no prefix, the person's locale in `X-Discord-Locale`. Every answer comes back as data, never as a throw.
 */
import type { Caller, RestAnswer, RestApi } from '../store/deps.js';
import type { ServiceErrorBody } from './wire-types.js';

function isServiceError(body: unknown): body is ServiceErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ServiceErrorBody).message === 'string';
}

async function call<T>(baseUrl: string, method: string, path: string, caller: Caller, body?: unknown): Promise<RestAnswer<T>> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: caller.token, 'x-discord-locale': caller.locale, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      json = null;
    }
    if (response.ok) return { ok: true, status: response.status, body: json as T };
    return { ok: false, status: response.status, error: isServiceError(json) ? json : { code: 0, message: `HTTP ${response.status}` } };
  } catch (error) {
    return { ok: false, status: 0, error: { code: 0, message: `The registry could not be reached (${String(error)}).` } };
  }
}

/** The REST API of the registry at `baseUrl` (the page's own origin in browser mode). */
export function httpRest(baseUrl: string): RestApi {
  return {
    commandIndex: (caller, channelId) => call(baseUrl, 'GET', `/api/v10/channels/${channelId}/application-command-index`, caller),
    messages: (caller, channelId) => call(baseUrl, 'GET', `/api/v10/channels/${channelId}/messages?limit=50`, caller),
    invoke: (caller, body) => call(baseUrl, 'POST', '/api/v10/interactions', caller, body),
  };
}
