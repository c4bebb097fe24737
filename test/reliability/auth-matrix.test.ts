/**
 * Who may do what: every route the running app registers, with every kind of credential
 * the service tells apart. The expected answer of each cell comes from the rule table
 * below, written from the spec (Authentication) and api-facts.md (the error table), never
 * from what the code answers; a refusal must also leave every table of the store as it was.
 * Every JSON answer, allowed or refused, carries exactly `Content-Type: application/json`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessWorld, TOKEN_KINDS, type AccessWorld, type TokenKind } from '../helpers/access-world.js';
import { injection, isOAuthRefusal, jsonTypeProblem } from '../helpers/route-answers.js';
import { catalogueGaps, ROUTE_CATALOGUE, routeUrl, type Access } from '../helpers/route-catalogue.js';

type Answer = 'allowed' | { status: number; message: string; code: number } | { status: number; error: string };

// api-facts.md, "Error body".
const UNAUTHORIZED: Answer = { status: 401, message: '401: Unauthorized', code: 0 };
const MISSING_ACCESS: Answer = { status: 403, message: 'Missing Access', code: 50001 };
const MISSING_PERMISSIONS: Answer = { status: 403, message: 'Missing Permissions', code: 50013 };
const BOTS_CANNOT: Answer = { status: 403, message: 'Bots cannot use this endpoint', code: 20001 };
const MISSING_SCOPE: Answer = { status: 403, message: 'Missing required OAuth2 scope', code: 50026 };
const WRONG_METHOD: Answer = { status: 405, message: '405: Method Not Allowed', code: 0 };
const OTHERS_MESSAGE: Answer = { status: 403, message: 'Cannot edit a message authored by another user', code: 50005 };
const OK = 'allowed' as const;

/**
 * A rule: the answer for a kind of credential, for every user Bearer token (`user Bearer`)
 * unless its own kind is named, and `otherwise` for the rest (no credential, a malformed
 * or unknown one, and the kinds the route does not take).
 */
type Rule = Partial<Record<TokenKind | 'user Bearer', Answer>> & { otherwise: Answer };

const everyone: Rule = { otherwise: OK };

const RULES: Record<Access, Rule> = {
  // Spec, Authentication 1: a bot token, or a client-credentials Bearer token of the app
  // with applications.commands.update. Another application's token: 50001.
  app: {
    bot: OK, 'client credentials': OK, 'client credentials without scope': MISSING_SCOPE,
    "other app's bot": MISSING_ACCESS, "other app's client credentials": MISSING_ACCESS, 'user Bearer': MISSING_ACCESS,
    otherwise: UNAUTHORIZED,
  },
  // Reads take what the command endpoints take, and a person's token that may edit them.
  'permissions-read': {
    bot: OK, 'client credentials': OK, 'client credentials without scope': MISSING_SCOPE,
    "other app's bot": MISSING_ACCESS, "other app's client credentials": MISSING_ACCESS,
    'user Bearer permissions.update': OK, 'user Bearer permissions.update (cannot manage roles)': OK, 'user Bearer': MISSING_SCOPE,
    otherwise: UNAUTHORIZED,
  },
  // Spec, Authentication 2: a user's Bearer token with applications.commands.permissions.update,
  // from someone who can manage the guild and its roles; the app's own tokens: 20001.
  'permissions-edit': {
    bot: BOTS_CANNOT, "other app's bot": BOTS_CANNOT, 'client credentials': BOTS_CANNOT,
    'client credentials without scope': BOTS_CANNOT, "other app's client credentials": BOTS_CANNOT,
    'user Bearer permissions.update': OK, 'user Bearer permissions.update (cannot manage roles)': MISSING_PERMISSIONS,
    'user Bearer': MISSING_SCOPE,
    otherwise: UNAUTHORIZED,
  },
  // World reads: bots within their guilds (the other app is not in the fixture guild), people within theirs.
  reader: { bot: OK, "other app's bot": MISSING_ACCESS, session: OK, 'minted session': OK, otherwise: UNAUTHORIZED },
  // /users/@me: any bot or person; a Bearer token needs identify.
  'current-user': {
    bot: OK, "other app's bot": OK, session: OK, 'minted session': OK,
    'client credentials without scope': OK, 'user Bearer identify': OK,
    'client credentials': MISSING_SCOPE, "other app's client credentials": MISSING_SCOPE, 'user Bearer': MISSING_SCOPE,
    otherwise: UNAUTHORIZED,
  },
  // The client's routes (invoke, upload, command indexes, consent): a person's session token.
  person: { session: OK, 'minted session': OK, bot: BOTS_CANNOT, "other app's bot": BOTS_CANNOT, otherwise: UNAUTHORIZED },
  // The management API: any person of the world; bots are refused 50001.
  management: { session: OK, 'minted session': OK, bot: MISSING_ACCESS, "other app's bot": MISSING_ACCESS, otherwise: UNAUTHORIZED },
  // The bot's own application and gateway: any bot, for itself.
  bot: { bot: OK, "other app's bot": OK, otherwise: UNAUTHORIZED },
  // OAuth2 identity: any Bearer token; userinfo needs openid (and a user).
  bearer: {
    'client credentials': OK, 'client credentials without scope': OK, "other app's client credentials": OK, 'user Bearer': OK,
    otherwise: UNAUTHORIZED,
  },
  openid: {
    'user Bearer openid': OK, 'client credentials': MISSING_SCOPE, 'client credentials without scope': MISSING_SCOPE,
    "other app's client credentials": MISSING_SCOPE, 'user Bearer': MISSING_SCOPE,
    otherwise: UNAUTHORIZED,
  },
  // The token endpoints (RFC 6749 §2.3): the sample authenticates in the form; an
  // Authorization header that is not HTTP Basic is invalid_client, Basic beside the form two methods.
  'oauth-client': { none: OK, Basic: { status: 400, error: 'invalid_request' }, otherwise: { status: 401, error: 'invalid_client' } },
  public: everyone,
  // Loopback only, no token: the host contract ignores Authorization.
  host: everyone,
  // The token in the path is the credential; Authorization is ignored.
  'interaction-token': everyone,
  'webhook-token': everyone,
  // A message's edit: its author only (the samples' messages are the app's bot's).
  'message-author': {
    bot: OK, "other app's bot": MISSING_ACCESS, session: OTHERS_MESSAGE, 'minted session': OTHERS_MESSAGE, otherwise: UNAUTHORIZED,
  },
  // Opening a DM: any bot or person.
  'dm-opener': { bot: OK, "other app's bot": OK, session: OK, 'minted session': OK, otherwise: UNAUTHORIZED },
  // Ending a poll: its author only.
  'poll-author': {
    bot: OK, "other app's bot": MISSING_ACCESS, session: MISSING_PERMISSIONS, 'minted session': MISSING_PERMISSIONS, otherwise: UNAUTHORIZED,
  },
};

function expected(access: Access, kind: TokenKind): Answer {
  const rule = RULES[access];
  return rule[kind] ?? (kind.startsWith('user Bearer') ? rule['user Bearer'] : undefined) ?? rule.otherwise;
}

/** What a cell answered, compared with what it should: undefined when they agree. */
function mismatch(answer: Answer, status: number, body: string, oauth: boolean): string | undefined {
  if (answer === OK) return status >= 200 && status < 400 ? undefined : `${status} ${body.slice(0, 200)}`;
  if (status !== answer.status) return `${status} ${body.slice(0, 200)}`;
  if ('error' in answer) return oauth && JSON.parse(body).error === answer.error ? undefined : body.slice(0, 200);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return parsed.message === answer.message && parsed.code === answer.code && Object.keys(parsed).length === 2 ? undefined : body.slice(0, 200);
}

describe('who may do what', () => {
  let world: AccessWorld;
  beforeAll(async () => {
    world = await accessWorld();
  });
  afterAll(() => world.close());
  const cells = { checked: 0 };

  it('knows every route the app registers', () => {
    expect(catalogueGaps(world.routes)).toEqual({ undescribed: [], stale: [] });
  });

  for (const [url, methods] of Object.entries(ROUTE_CATALOGUE)) {
    for (const [method, route] of Object.entries(methods)) {
      it(`${method} ${url} (${route.access})`, async () => {
        const wrong: string[] = [];
        let shared = route.fresh ? undefined : await route.sample(world);
        for (const kind of TOKEN_KINDS) {
          const request = shared ?? await route.sample(world);
          const before = await world.mark();
          const response = await world.inject(injection(method, url, request, world.tokens[kind]));
          const answer = expected(route.access, kind);
          const problem = mismatch(answer, response.statusCode, response.body, isOAuthRefusal(response));
          if (problem) wrong.push(`${kind}: expected ${JSON.stringify(answer)}, got ${problem}`);
          const typeProblem = jsonTypeProblem(response);
          if (typeProblem) wrong.push(`${kind}: ${typeProblem}`);
          if (answer !== OK && !(await world.unchangedSince(before))) wrong.push(`${kind}: the refusal changed the store`);
          // An allowed request may use up its sample (a callback answers once).
          if (answer === OK && !route.fresh) shared = await route.sample(world);
          cells.checked += 1;
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it('answers 405 on every known path for a method it lacks, whoever asks', async () => {
    const wrong: string[] = [];
    for (const route of world.routes.filter((candidate) => candidate.wrongMethod)) {
      const described = Object.values(ROUTE_CATALOGUE[route.url] ?? {})[0];
      const request = described ? await described.sample(world) : { params: {} };
      for (const kind of TOKEN_KINDS) {
        const response = await world.inject({
          method: route.method as 'GET', url: routeUrl(route.url, request.params), headers: world.tokens[kind] ? { authorization: world.tokens[kind] } : {},
        });
        const problem = mismatch(WRONG_METHOD, response.statusCode, response.body, false) ?? jsonTypeProblem(response);
        if (problem) wrong.push(`${route.method} ${route.url} ${kind}: ${problem}`);
        cells.checked += 1;
      }
    }
    expect(wrong).toEqual([]);
    // Every route and the 405s of every path, with each kind of credential.
    expect(cells.checked).toBeGreaterThan(TOKEN_KINDS.length * Object.keys(ROUTE_CATALOGUE).length);
  });
});

