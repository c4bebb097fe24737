/**
 * The Authorize flow's dependencies for store tests that do not use it: every host method
 * answers `unavailable` and every HTTP call "no answer", so a slice that reaches them by
 * mistake shows a refusal instead of passing. Authorize tests use a real registry instead
 * (authorize-flow.test.ts).
 */
import type { AuthorizeApi, HttpExchange } from '../../src/renderer/api/authorize-http.js';
import type { ClientDeps } from '../../src/renderer/store/deps.js';

const UNAVAILABLE = { ok: false as const, error: { code: 'unavailable' as const, message: 'no Authorize host in this test' } };

/** The three Authorize host methods, refusing. */
export const NO_AUTHORIZE_HOST: Pick<ClientDeps['host'], 'createAuthorization' | 'buildAuthorizeUrl' | 'awaitRedirect'> = {
  createAuthorization: async () => UNAVAILABLE,
  buildAuthorizeUrl: async () => UNAVAILABLE,
  awaitRedirect: async () => UNAVAILABLE,
};

const nothing = async (): Promise<HttpExchange> => ({ request: { method: 'GET', url: 'nowhere' }, response: null, failure: 'no registry in this test' });

/** An Authorize API that reaches nothing. */
export const NO_AUTHORIZE_API: AuthorizeApi = {
  baseUrl: () => 'http://registry.invalid',
  world: nothing, consent: nothing, decide: nothing, token: nothing, tokenGrant: nothing, keys: nothing, expireCode: nothing,
  guildCommands: nothing, commandPermissions: nothing, editCommandPermissions: nothing,
};
