/**
 * Bad input on every route, property-based: each route the running app registers gets
 * `runs` requests made from its valid sample by changing any of the body (mutated in place,
 * replaced by random JSON, random text or bytes, a multipart body well formed or not, or left out), the content type, the
 * Authorization header (every credential kind and garbage), other headers (locales, Host,
 * Origin, huge values), the path values (non-snowflakes, huge numbers, unicode, `../`, raw
 * or encoded) and the query string. Every answer must be below 500, every refusal in the
 * route's format, and every refusal must leave the store exactly as it was.
 *
 * Shared by the normal suite (`route-fuzz.test.ts`, a few hundred cases a route) and the
 * stress run (`test/stress/fuzz-routes.test.ts`, thousands), which differ only in `runs`.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessWorld, TOKEN_KINDS, type AccessWorld, type RegisteredRoute, type TokenKind } from '../helpers/access-world.js';
import { refusalInFormat } from '../helpers/route-answers.js';
import { CALLERS, describedRoute, ROUTE_CATALOGUE, routeUrl, type MethodEntry, type RouteRequest } from '../helpers/route-catalogue.js';
import { mutate, type Mutation } from '../helpers/rule-properties.js';

/** Cases per route: `SLASHBENCH_FUZZ_RUNS` when set, else `fallback`. */
export function fuzzRuns(fallback: number): number {
  const configured = Number(process.env.SLASHBENCH_FUZZ_RUNS);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : fallback;
}

// ---------------------------------------------------------------------------------------
// What a case may change.

const oddText = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'true', '0', '-1', '1e400', 'NaN', '__proto__', 'constructor', '../../etc/passwd',
    '%00', '\u0000', '\ud800', 'ünïcødé', '😀'.repeat(40), '<script>alert(1)</script>', "' OR 1=1 --", 'x'.repeat(5000)),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const oddNumber = fc.oneof(
  fc.integer(), fc.double(), fc.bigInt({ min: 0n, max: (1n << 70n) }).map(String),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, Number.MIN_VALUE, 2 ** 63, 2 ** 64),
);
/** A value to put anywhere in a JSON body. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText, oddNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}),
  fc.array(oddText, { maxLength: 30 }), fc.dictionary(oddText, oddText, { maxKeys: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
  // Deeper than any real body, but within what a case can build quickly.
  fc.integer({ min: 20, max: 200 }).map((depth) => nested(depth)),
);
const mutation: fc.Arbitrary<Mutation> = fc.record({
  target: fc.nat(), key: fc.oneof(fc.constantFrom('name', 'type', 'id', 'options', 'data', 'value', 'permissions', 'token', '__proto__', 'constructor', '0'), oddText),
  value: oddValue, remove: fc.boolean(),
});

/** `depth` arrays inside each other. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

type BodyChange =
  | { kind: 'keep' }
  | { kind: 'mutate'; mutations: Mutation[] }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'multipart'; shape: MultipartShape }
  | { kind: 'none' };

/**
 * A multipart body as bot libraries send messages with files (`payload_json` plus
 * `files[n]`), well formed or not: the sample's JSON, broken JSON or none; up to 12 file
 * parts (past the 10 a message takes), some without a filename; now and then one past the
 * 10 MiB limit; no boundary in the header; cut off anywhere.
 */
interface MultipartShape {
  payload: 'sample' | 'broken' | 'none';
  files: Array<{ named: boolean; bytes: Uint8Array }>;
  oversized: boolean;
  boundary: boolean;
  cut: number | null;
}

const multipartShape: fc.Arbitrary<MultipartShape> = fc.record({
  payload: fc.constantFrom<MultipartShape['payload']>('sample', 'sample', 'broken', 'none'),
  files: fc.array(fc.record({ named: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }), bytes: fc.uint8Array({ maxLength: 200 }) }), { maxLength: 12 }),
  oversized: fc.oneof({ weight: 30, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  boundary: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  cut: fc.option(fc.nat(), { freq: 4 }),
});

const bodyChange: fc.Arbitrary<BodyChange> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<BodyChange>({ kind: 'keep' }) },
  { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 4 }).map<BodyChange>((mutations) => ({ kind: 'mutate', mutations })) },
  { weight: 2, arbitrary: fc.oneof(fc.anything({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 5 })).map<BodyChange>((value) => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: fc.oneof(oddText, fc.string({ maxLength: 200 })).map<BodyChange>((text) => ({ kind: 'text', text })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map<BodyChange>((bytes) => ({ kind: 'bytes', bytes })) },
  { weight: 2, arbitrary: multipartShape.map<BodyChange>((shape) => ({ kind: 'multipart', shape })) },
  { weight: 1, arbitrary: fc.constant<BodyChange>({ kind: 'none' }) },
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | undefined>(undefined) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | undefined>(
      'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1',
      'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'multipart/form-data; boundary=x',
      'application/json, text/plain', 'application/', ';', 'application/json\t', 'text/html; charset="utf-8"',
    ),
  },
  { weight: 1, arbitrary: oddText.filter((text) => /^[\x20-\x7e]*$/.test(text)) },
);

const headerText = fc.oneof(
  fc.constantFrom('', ' ', 'Bot', 'Bearer', 'Bot  ', 'Basic !!!', 'Basic Og==', 'Bearer \t', `Bot ${'a'.repeat(513)}`, 'x'.repeat(16_000)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 }),
);
const authorization = fc.oneof(
  { weight: 4, arbitrary: fc.constant<'caller'>('caller') },
  { weight: 3, arbitrary: fc.constantFrom<TokenKind>(...TOKEN_KINDS) },
  { weight: 2, arbitrary: headerText },
);
const otherHeaders = fc.dictionary(
  fc.constantFrom('x-discord-locale', 'x-service-locale', 'accept-language', 'host', 'origin', 'sec-fetch-site', 'x-forwarded-for',
    'x-forwarded-host', 'content-encoding', 'accept', 'user-agent', 'x-signature-ed25519', 'cookie'),
  headerText, { maxKeys: 4 },
);

const oddPathValue = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '18446744073709551615', '18446744073709551616', '9'.repeat(40), '@me', '@original',
    '..', '../..', '%2e%2e', ' ', 'null', '__proto__', 'constructor', 'ünïcødé', '😀', 'a'.repeat(101), '200000000000000001'),
  fc.bigInt({ min: 0n, max: 1n << 64n }).map(String),
  oddText,
);
type PathChange = { kind: 'keep' } | { kind: 'values'; values: Record<string, string>; raw: boolean };
const pathChange: fc.Arbitrary<PathChange> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<PathChange>({ kind: 'keep' }) },
  {
    weight: 2,
    arbitrary: fc.record({
      values: fc.dictionary(fc.constantFrom('applicationId', 'guildId', 'commandId', 'channelId', 'messageId', 'userId', 'roleId',
        'interactionId', 'token', 'attachmentId', 'instanceId', 'name', '*'), oddPathValue, { maxKeys: 3 }),
      raw: fc.boolean(),
    }).map<PathChange>(({ values, raw }) => ({ kind: 'values', values, raw })),
  },
);

const queryKey = fc.oneof(
  fc.constantFrom('with_localizations', 'with_response', 'include_hidden', 'limit', 'before', 'after', 'around', 'channel_id', 'guild_id',
    'command_id', 'hm', 'filename', 'content_type', 'client_id', 'scope', 'redirect_uri', 'response_type', 'state', 'code_challenge',
    'code_challenge_method', 'integration_type', 'permissions', 'prompt', 'nonce', 'error', 'v', '__proto__', 'constructor', 'toString'),
  fc.string({ maxLength: 10 }),
);
type QueryChange = { kind: 'keep' } | { kind: 'add' | 'replace'; pairs: Array<[string, string]> } | { kind: 'raw'; text: string };
const queryChange: fc.Arbitrary<QueryChange> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<QueryChange>({ kind: 'keep' }) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('add' as const, 'replace' as const), fc.array(fc.tuple(queryKey, oddText.map(String)), { maxLength: 5 })).map<QueryChange>(([kind, pairs]) => ({ kind, pairs })) },
  { weight: 1, arbitrary: fc.oneof(oddText, fc.constantFrom('&&&', '=', 'a=%', '%zz', 'a[b]=1&a[c]=2', 'a=1&a=2&a=3', '?')).map<QueryChange>((text) => ({ kind: 'raw', text })) },
);

/** One fuzz case: what changes from the route's valid sample. */
export interface FuzzCase {
  body: BodyChange;
  contentType: string | undefined;
  authorization: 'caller' | TokenKind | string;
  headers: Record<string, string>;
  path: PathChange;
  query: QueryChange;
}

/** The case that changes nothing: the sample as it is, from the route's usual caller. Every run starts with it. */
export const UNCHANGED: FuzzCase = {
  body: { kind: 'keep' }, contentType: undefined, authorization: 'caller', headers: {}, path: { kind: 'keep' }, query: { kind: 'keep' },
};

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.record({
  body: bodyChange, contentType, authorization, headers: otherHeaders, path: pathChange, query: queryChange,
});

// ---------------------------------------------------------------------------------------
// Turning a case into a request.

function authorizationHeader(world: AccessWorld, entry: MethodEntry | undefined, choice: FuzzCase['authorization']): string | undefined {
  if (choice === 'caller') return entry ? world.tokens[CALLERS[entry.access]] : undefined;
  if ((TOKEN_KINDS as readonly string[]).includes(choice)) return world.tokens[choice as TokenKind];
  return choice;
}

function encodedSample(request: RouteRequest): { payload?: string | Buffer; contentType?: string } {
  if (request.body === undefined) return {};
  if (request.encoding === 'form') return { payload: request.body as string, contentType: 'application/x-www-form-urlencoded' };
  if (request.encoding === 'bytes') return { payload: request.body as Buffer, contentType: 'application/octet-stream' };
  return { payload: JSON.stringify(request.body), contentType: 'application/json' };
}

const BOUNDARY = 'SlashbenchFuzzBoundary';

/** One part of a multipart body; a file part without `filename` is what some broken clients send. */
function formPart(name: string, bytes: Uint8Array, filename?: string): Buffer {
  const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`), bytes, Buffer.from('\r\n')]);
}

function multipartPayload(request: RouteRequest, shape: MultipartShape): { payload: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  if (shape.payload !== 'none') parts.push(formPart('payload_json', Buffer.from(shape.payload === 'sample' ? JSON.stringify(request.body ?? {}) : '{"content": "unclosed')));
  shape.files.forEach((file, index) => parts.push(formPart(`files[${index}]`, file.bytes, file.named ? `file${index}.bin` : undefined)));
  if (shape.oversized) parts.push(formPart(`files[${shape.files.length}]`, Buffer.alloc(10 * 1024 * 1024 + 1), 'huge.bin'));
  const whole = Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  const payload = shape.cut === null ? whole : whole.subarray(0, shape.cut % (whole.length + 1));
  return { payload, contentType: shape.boundary ? `multipart/form-data; boundary=${BOUNDARY}` : 'multipart/form-data' };
}

function payloadOf(request: RouteRequest, change: BodyChange): { payload?: string | Buffer; contentType?: string } {
  switch (change.kind) {
    case 'keep':
      return encodedSample(request);
    case 'mutate': {
      if (request.encoding === 'form' && typeof request.body === 'string') {
        const values = Object.fromEntries(new URLSearchParams(request.body));
        const mutated = mutate(values, change.mutations) as Record<string, unknown>;
        return { payload: new URLSearchParams(Object.entries(mutated).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value) ?? ''])).toString(), contentType: 'application/x-www-form-urlencoded' };
      }
      return { payload: JSON.stringify(mutate(request.body ?? {}, change.mutations)), contentType: 'application/json' };
    }
    case 'json':
      return { payload: JSON.stringify(change.value) ?? 'null', contentType: 'application/json' };
    case 'text':
      return { payload: change.text, contentType: 'application/json' };
    case 'bytes':
      return { payload: Buffer.from(change.bytes), contentType: 'application/octet-stream' };
    case 'multipart':
      return multipartPayload(request, change.shape);
    case 'none':
      return {};
  }
}

function queryOf(request: RouteRequest, change: QueryChange): string | undefined {
  const pairs = (entries: Array<[string, string]>) => new URLSearchParams(entries).toString();
  switch (change.kind) {
    case 'keep':
      return request.query;
    case 'add':
      return [request.query, pairs(change.pairs)].filter((part) => part).join('&');
    case 'replace':
      return pairs(change.pairs);
    case 'raw':
      return change.text;
  }
}

/** The request a case makes of `route`, from its sample. */
/** Whether a request's path has no dot segment ('.', '..', '%2e%2e'), so that it still names the route's path once resolved. */
function namesItsPath(url: string): boolean {
  return !(url.split('?')[0] ?? url).split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

export function caseRequest(world: AccessWorld, route: RegisteredRoute, sample: RouteRequest, fuzz: FuzzCase): InjectOptions {
  const entry = describedRoute(route);
  const params = fuzz.path.kind === 'keep' ? sample.params : { ...sample.params, ...fuzz.path.values };
  const raw = fuzz.path.kind === 'values' && fuzz.path.raw;
  const url = routeUrl(route.url, params, queryOf(sample, fuzz.query), raw);
  const { payload, contentType: ownType } = payloadOf(sample, fuzz.body);
  const headers: Record<string, string> = { ...fuzz.headers };
  const token = authorizationHeader(world, entry, fuzz.authorization);
  if (token !== undefined) headers.authorization = token;
  const type = fuzz.contentType ?? ownType;
  if (type !== undefined) headers['content-type'] = type;
  return { method: route.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) };
}

// ---------------------------------------------------------------------------------------
// The properties.

/** The route's answer; a long poll is given the event it waits for until it answers. */
async function answer(world: AccessWorld, entry: MethodEntry | undefined, request: InjectOptions): Promise<LightMyRequestResponse> {
  const pending = world.inject(request);
  if (!entry?.settle) return pending;
  let settled = false;
  const done = () => {
    settled = true;
  };
  pending.then(done, done);
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!settled) await entry.settle(world);
  }
  return pending;
}

/** The answer's faults: a 5xx, a refusal out of format, a refusal that changed the store. */
function faults(response: LightMyRequestResponse, refusals: MethodEntry['refusals'], changed: boolean): string[] {
  const found: string[] = [];
  if (response.statusCode >= 500) found.push(`answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  if (response.statusCode >= 400 && !refusalInFormat(response, refusals)) {
    found.push(`refusal ${response.statusCode} out of format (${String(response.headers['content-type'])}): ${response.body.slice(0, 300)}`);
  }
  if (response.statusCode >= 400 && changed) found.push(`the refusal ${response.statusCode} changed the store`);
  return found;
}

function describeCase(request: InjectOptions): string {
  const payload = typeof request.payload === 'string' ? request.payload : Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : '';
  return `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${payload.slice(0, 300)}`;
}

/** Cases per path for the 405 answers: a fraction of `runs`, since one handler serves them all. */
export function wrongMethodRuns(runs: number): number {
  return Math.max(10, Math.ceil(runs / 10));
}

/**
 * Registers the suite: one test per route of the running app (`registeredRoutes()`, taken
 * before the tests are declared), `runs` cases each, and one test for the 405 answers of
 * every known path's other methods, `wrongMethodRuns(runs)` cases each.
 */
export function routeFuzzSuite(routes: readonly RegisteredRoute[], runs: number): void {
  describe(`every route, ${runs} bad requests each`, () => {
    for (const route of routes.filter((candidate) => !candidate.wrongMethod)) {
      const entry = describedRoute(route);
      const name = `${route.method} ${route.url}`;
      it(name, async () => {
        if (!entry) throw new Error(`${name} is not in the route catalogue`);
        // Each route its own world: a fuzzed world import or token change cannot leak into another route's run.
        const world = await accessWorld();
        try {
          let sample = await entry.sample(world);
          let accepted = 0;
          await fc.assert(fc.asyncProperty(fuzzCase, async (fuzz) => {
            if (entry.fresh) sample = await entry.sample(world);
            const request = caseRequest(world, route, sample, fuzz);
            const before = await world.mark();
            const response = await answer(world, entry, request);
            const problems = faults(response, entry.refusals, response.statusCode >= 400 && !(await world.unchangedSince(before)));
            if (problems.length > 0) throw new Error(`${problems.join('; ')}\n  request: ${describeCase(request)}`);
            if (response.statusCode < 400) accepted += 1;
          }), { numRuns: runs, examples: [[UNCHANGED]] });
          // A route whose sample is never accepted would be fuzzed only at its door.
          expect(accepted, `${name}: no case was accepted`).toBeGreaterThan(0);
        } finally {
          await world.close();
        }
      });
    }

    const wrong = routes.filter((candidate) => candidate.wrongMethod);
    it(`the 405 answers of ${wrong.length} method-and-path pairs`, async () => {
      const world = await accessWorld();
      try {
        for (const route of wrong) {
          const sibling = Object.values(ROUTE_CATALOGUE[route.url] ?? {})[0];
          if (!sibling) throw new Error(`${route.url} is not in the route catalogue`);
          const sample = await sibling.sample(world);
          await fc.assert(fc.asyncProperty(fuzzCase, async (fuzz) => {
            const request = caseRequest(world, route, sample, fuzz);
            const before = await world.mark();
            const response = await world.inject(request);
            const problems = faults(response, 'service', response.statusCode >= 400 && !(await world.unchangedSince(before)));
            // A value with dot segments ('../..') makes another path once resolved, as every HTTP client resolves it.
            if (response.statusCode < 400 && namesItsPath(String(request.url))) problems.push(`answered ${response.statusCode} to a method the path lacks`);
            if (problems.length > 0) throw new Error(`${problems.join('; ')}\n  request: ${describeCase(request)}`);
          }), { numRuns: wrongMethodRuns(runs) });
        }
      } finally {
        await world.close();
      }
    });
  });
}
