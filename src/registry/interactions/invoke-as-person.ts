/**
 * The person route's work (`POST /api/v10/interactions`) from a request's headers and body:
 * shared by the route, its lean path ahead of Fastify (http/lean-route.ts) and the test
 * driver, so a driven invocation is checked and answered exactly as the client's.
 */
import type { RegistryContext } from '../registry-context.js';
import { requestLocale } from '../domain/request-locale.js';
import { authenticatePerson } from '../http/auth.js';
import { requestOrigin, type OriginSource } from '../http/request-origin.js';
import { invoke, parseInvokeBody } from './invoke.js';

/**
 * A person's invocation, from the request's token and language and the body: settles once
 * the app's copy is on its way, when the client is answered 204 (the client's answer must
 * not hold the app's copy up).
 */
export async function invokeFor(context: RegistryContext, request: OriginSource, body: unknown): Promise<void> {
  const user = await authenticatePerson(context.store, request, context.now());
  // The payload's `locale` is the client's language (spec): the request's locale, else the person's.
  const locale = requestLocale(request.headers, user.locale) ?? user.locale;
  const started = await invoke(context, { ...user, locale }, parseInvokeBody(body), requestOrigin(request));
  await started.sent;
}
