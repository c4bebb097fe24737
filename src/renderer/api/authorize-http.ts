/**
 * The HTTP calls of the Authorize flow, each answered as an exchange (what was sent, what
 * came back) so the client's timeline can show both: the consent screen's authorize API
 * (the person's session token, as the real client sends it), the token endpoint as a
 * public client (a form, no secret), the JWKS, the management API's code expiry, and the
 * command permission routes with the obtained Bearer token. The Authorization header is
 * named in the exchange, never copied into it.
 */

/** What a request sent, as the timeline shows it. */
export interface SentRequest {
  method: string;
  url: string;
  /** Which credential went in `Authorization`, in words (the value is not kept here). */
  authorization?: string;
  body?: unknown;
}

/** One HTTP round trip; `response` is null when nothing came back (with `failure` saying why). */
export interface HttpExchange {
  request: SentRequest;
  response: { status: number; body: unknown } | null;
  failure?: string;
}

/** An overwrite as the permission routes take it. */
export interface PermissionOverwrite {
  id: string;
  type: 1 | 2 | 3;
  permission: boolean;
}

export interface AuthorizeApi {
  /** The registry the client talks to now: the authorize URL's base and the id_token's issuer. */
  baseUrl(): string;
  /** The world's applications (`GET /_slashbench/world`), for the client id picker. */
  world(sessionToken: string): Promise<HttpExchange>;
  /** The consent screen's request: `GET /api/v10/oauth2/authorize?<query>`. */
  consent(sessionToken: string, query: string): Promise<HttpExchange>;
  /** The person's answer: `POST /api/v10/oauth2/authorize?<query>` → `{location}`. */
  decide(sessionToken: string, query: string, body: { authorize: boolean; guild_id?: string }): Promise<HttpExchange>;
  /** `POST /api/v10/oauth2/token`, form-encoded. */
  token(form: Record<string, string>): Promise<HttpExchange>;
  /** `GET /api/v10/oauth2/@me` with the Bearer token: what it grants (an Activity's `authenticate()`). */
  tokenGrant(accessToken: string): Promise<HttpExchange>;
  /** `GET /api/v10/oauth2/keys`: the JWKS that verifies id_tokens. */
  keys(): Promise<HttpExchange>;
  /** `POST /_slashbench/oauth/codes/expire`: the expired-code failure path. */
  expireCode(sessionToken: string, code: string): Promise<HttpExchange>;
  /** The guild's command index with the hidden commands (`include_hidden=true`), as the person. */
  guildCommands(sessionToken: string, guildId: string): Promise<HttpExchange>;
  commandPermissions(accessToken: string, applicationId: string, guildId: string, commandId: string): Promise<HttpExchange>;
  editCommandPermissions(
    accessToken: string, applicationId: string, guildId: string, commandId: string, permissions: PermissionOverwrite[],
  ): Promise<HttpExchange>;
}

const SESSION = 'your session token';
const BEARER = 'Bearer (the access token)';

async function exchange(
  url: string, request: SentRequest, init: { headers: Record<string, string>; body?: string },
): Promise<HttpExchange> {
  try {
    const response = await fetch(url, { method: request.method, headers: init.headers, ...(init.body === undefined ? {} : { body: init.body }) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    return { request, response: { status: response.status, body } };
  } catch (error) {
    return { request, response: null, failure: `The registry could not be reached (${String(error)}).` };
  }
}

/** The Authorize flow's calls to the registry the client talks to (`registry()`, as REST follows the settings). */
export function authorizeHttp(registry: () => string): AuthorizeApi {
  const json = (method: string, path: string, authorization: { header: string; words: string }, body?: unknown) => exchange(
    `${registry()}${path}`,
    { method, url: `${registry()}${path}`, authorization: authorization.words, ...(body === undefined ? {} : { body }) },
    {
      headers: { authorization: authorization.header, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
  );
  const session = (token: string) => ({ header: token, words: SESSION });
  const bearer = (token: string) => ({ header: `Bearer ${token}`, words: BEARER });
  const permissionsPath = (applicationId: string, guildId: string, commandId: string) =>
    `/api/v10/applications/${applicationId}/guilds/${guildId}/commands/${commandId}/permissions`;

  return {
    baseUrl: registry,
    world: (token) => json('GET', '/_slashbench/world', session(token)),
    consent: (token, query) => json('GET', `/api/v10/oauth2/authorize?${query}`, session(token)),
    decide: (token, query, body) => json('POST', `/api/v10/oauth2/authorize?${query}`, session(token), body),
    token: (form) => exchange(
      `${registry()}/api/v10/oauth2/token`,
      { method: 'POST', url: `${registry()}/api/v10/oauth2/token`, body: form },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() },
    ),
    tokenGrant: (token) => json('GET', '/api/v10/oauth2/@me', bearer(token)),
    keys: () => exchange(`${registry()}/api/v10/oauth2/keys`, { method: 'GET', url: `${registry()}/api/v10/oauth2/keys` }, { headers: {} }),
    expireCode: (token, code) => json('POST', '/_slashbench/oauth/codes/expire', session(token), { code }),
    guildCommands: (token, guildId) => json('GET', `/api/v10/guilds/${guildId}/application-command-index?include_hidden=true`, session(token)),
    commandPermissions: (token, applicationId, guildId, commandId) => json('GET', permissionsPath(applicationId, guildId, commandId), bearer(token)),
    editCommandPermissions: (token, applicationId, guildId, commandId, permissions) =>
      json('PUT', permissionsPath(applicationId, guildId, commandId), bearer(token), { permissions }),
  };
}
