/**
 * The registry's REST API over fetch, as the real client calls it: the session token in
 * `Authorization` with no prefix, the person's locale in `X-Discord-Locale`. Every answer comes back as data, never as a throw.
 */
import type { Caller, RestAnswer, RestApi } from '../store/deps.js';
import type { ServiceErrorBody } from './wire-types.js';

function isServiceError(body: unknown): body is ServiceErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ServiceErrorBody).message === 'string';
}

/** A JSON body, or raw bytes with their own content type (uploads). */
type Body = { json: unknown } | { raw: Blob; contentType: string };

/** A registry's origin, or how to find the current one (the client may point at a remote registry). */
type BaseUrl = string | (() => string);

async function call<T>(baseUrl: BaseUrl, method: string, path: string, caller: Caller, body?: Body): Promise<RestAnswer<T>> {
  try {
    const response = await fetch(`${typeof baseUrl === 'string' ? baseUrl : baseUrl()}${path}`, {
      method,
      headers: {
        authorization: caller.token, 'x-discord-locale': caller.locale,
        ...(body === undefined ? {} : { 'content-type': 'json' in body ? 'application/json' : body.contentType }),
      },
      ...(body === undefined ? {} : { body: 'json' in body ? JSON.stringify(body.json) : body.raw }),
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
export function httpRest(baseUrl: BaseUrl): RestApi {
  return {
    currentUser: (caller) => call(baseUrl, 'GET', '/api/v10/users/@me', caller),
    manage: (caller, request) =>
      call(baseUrl, request.method, `/_slashbench${request.path}`, caller, request.body === undefined ? undefined : { json: request.body }),
    commandIndex: (caller, channelId) => call(baseUrl, 'GET', `/api/v10/channels/${channelId}/application-command-index?include_hidden=true`, caller),
    messages: (caller, channelId) => call(baseUrl, 'GET', `/api/v10/channels/${channelId}/messages?limit=50`, caller),
    invoke: (caller, body) => call(baseUrl, 'POST', '/api/v10/interactions', caller, { json: body }),
    postMessage: (caller, channelId, body) => call(baseUrl, 'POST', `/api/v10/channels/${channelId}/messages`, caller, { json: body }),
    votePoll: (caller, channelId, messageId, answerIds) =>
      call(baseUrl, 'PUT', `/api/v10/channels/${channelId}/polls/${messageId}/answers/@me`, caller, { json: { answer_ids: answerIds } }),
    openDirectMessage: (caller, body) => call(baseUrl, 'POST', '/api/v10/users/@me/channels', caller, { json: body }),
    // The bytes go raw (no base64), named in the query: the registry's upload route takes both forms.
    uploadAttachment: (caller, channelId, file) => {
      const query = new URLSearchParams({ filename: file.filename, ...(file.contentType ? { content_type: file.contentType } : {}) });
      return call(baseUrl, 'POST', `/api/v10/channels/${channelId}/attachments?${query}`, caller, { raw: file.bytes, contentType: 'application/octet-stream' });
    },
    // Its path on the registry the client talks to: the URL's origin is the one the app was given.
    attachmentFile: async (url) => {
      try {
        const { pathname, search } = new URL(url);
        const response = await fetch(`${typeof baseUrl === 'string' ? baseUrl : baseUrl()}${pathname}${search}`);
        if (response.ok) return { ok: true, status: response.status, body: await response.blob() };
        return { ok: false, status: response.status, error: { code: 0, message: `HTTP ${response.status}` } };
      } catch (error) {
        return { ok: false, status: 0, error: { code: 0, message: `The file could not be read (${String(error)}).` } };
      }
    },
    explain: (caller, commandId, channelId) =>
      call(baseUrl, 'GET', `/_slashbench/explain?${new URLSearchParams({ command_id: commandId, channel_id: channelId })}`, caller),
    leaveActivity: (caller, instanceId) => call(baseUrl, 'DELETE', `/api/v10/activity-instances/${encodeURIComponent(instanceId)}/participants/@me`, caller),
  };
}
