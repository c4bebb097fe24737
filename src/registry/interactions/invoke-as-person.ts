/**
 * The person route's work (`POST /api/v10/interactions`) from a request's headers and body:
 * shared by the route, its lean path ahead of Fastify (http/lean-route.ts) and the test
 * driver, so a driven invocation is checked and answered exactly as the client's.
 *
 * A command's checks that look nothing up afresh (no option names an id) are made of what
 * the read cache keeps alone: the person's token, the standing and the option rules. Their
 * verdict is kept as those are (read-cache.ts, `cachedAnswer`: forgotten with any write to
 * what it was made from, or another process's commit), keyed by the token, the request's
 * language and the body but for its nonce. A person sending the same command again skips
 * them all: a sixth of the registry's work from the body to the app's copy written, as a
 * user measures delivery (docs/benchmarks.md). A refusal throws, and is never kept.
 */
import type { RegistryContext } from '../registry-context.js';
import { requestLocale } from '../domain/request-locale.js';
import { authenticatePerson } from '../http/auth.js';
import { requestOrigin, type OriginSource } from '../http/request-origin.js';
import type { UserRecord } from '../store/records.js';
import { checkCommand, invoke, namedIds, parseInvokeBody, startCommand, takesNonce, type CheckedCommand } from './invoke.js';
import type { InvokeBody } from './invoke-body.js';

/** The longest body (as JSON, without its nonce) whose checks are kept. */
const KEPT_BODY_CHARS = 4096;

/**
 * A person's invocation, from the request's token and language and the body: settles once
 * the app's copy is on its way, when the client is answered 204 (the client's answer must
 * not hold the app's copy up).
 */
export async function invokeFor(context: RegistryContext, request: OriginSource, body: unknown): Promise<void> {
  const origin = requestOrigin(request);
  const key = keptChecksKey(request, body);
  if (key === undefined) {
    const started = await invoke(context, await personOf(context, request), parseInvokeBody(body), origin);
    await started.sent;
    return;
  }
  const { user, checked } = context.store.sql.keptAnswer<KeptChecks>(key) ?? await context.store.sql.cachedAnswer(key, async (): Promise<KeptChecks> => {
    const user = await personOf(context, request);
    return { user, checked: await checkCommand(context, user, parseInvokeBody(body), origin) };
  });
  // The key held the body to the kept one but for its nonce, which keptChecksKey checked.
  const started = await startCommand(context, user, body as InvokeBody, checked, origin);
  await started.sent;
}

interface KeptChecks {
  user: UserRecord;
  checked: CheckedCommand;
}

/** The person the request's token names, in the request's language. */
async function personOf(context: RegistryContext, request: OriginSource): Promise<UserRecord> {
  const user = await authenticatePerson(context.store, request, context.now());
  // The payload's `locale` is the client's language (spec): the request's locale, else the person's.
  const locale = requestLocale(request.headers, user.locale) ?? user.locale;
  return { ...user, locale };
}

/**
 * Where a command invocation's checks are kept: undefined for a body whose checks look
 * something up afresh (a component's, options that name an id), one too long to keep, or
 * one parseInvokeBody would refuse for its nonce (the one field left out of the key).
 */
function keptChecksKey(request: OriginSource, body: unknown): string | undefined {
  const text = keptBodyText(body);
  if (text === undefined) return undefined;
  const authorization = request.headers.authorization;
  return `checks\u0000${typeof authorization === 'string' ? authorization : ''}\u0000${requestLocale(request.headers) ?? ''}\u0000${text}`;
}

/**
 * The key's part a frozen body makes, by body: a body seen before is frozen (a connection's
 * same request again is the same body, lean-connections.ts), and cannot have changed since.
 */
const keptTexts = new WeakMap<object, string | null>();

/** The body without its nonce, as JSON, where its checks may be kept. */
function keptBodyText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const known = keptTexts.get(body);
  if (known !== undefined) return known ?? undefined;
  const { nonce, ...rest } = body as Record<string, unknown>;
  const data = rest.data;
  const text = takesNonce(nonce) && (rest.type === 2 || rest.type === 4) && typeof data === 'object' && data !== null && !Array.isArray(data)
    && namedIds(data as InvokeBody['data']).length === 0 ? JSON.stringify(rest) : undefined;
  const kept = text !== undefined && text.length <= KEPT_BODY_CHARS ? text : undefined;
  if (Object.isFrozen(body)) keptTexts.set(body, kept ?? null);
  return kept;
}
