/**
 * `POST /oauth2/token/revoke` (RFC 7009): a client gives up a token it holds. Revoking a
 * refresh token ends its whole grant, access tokens included (§2.1); revoking an access
 * token ends only that token. A token that is unknown, expired or another client's is
 * answered 200 like a revoked one (§2.2), so the endpoint reveals nothing about tokens.
 */
import type { RegistryContext } from '../registry-context.js';
import { authenticateClient } from './client-auth.js';
import { revokeGrant } from './grants.js';
import { missing, oauthError } from './oauth-error.js';
import { formParameters, repeatedParameter } from './parameters.js';
import { NO_STORE, refusal, type OAuthAnswer, type TokenRequest } from './token-exchange.js';

/** Answers a revocation request. */
export async function revokeToken(context: RegistryContext, request: Omit<TokenRequest, 'issuer'>): Promise<OAuthAnswer> {
  if (!request.form) return refusal(oauthError('invalid_request', 'The request body must be application/x-www-form-urlencoded.'), false);
  const parameters = formParameters(request.form);
  const repeated = repeatedParameter(parameters);
  if (repeated) return refusal(repeated, false);
  const client = await authenticateClient(context.store, request.authorization, parameters);
  if (!client.ok) return refusal(client.error, client.basic);
  const token = parameters.values.get('token');
  if (token === undefined) return refusal(missing('token'), false);
  const applicationId = client.value.application.id;
  const { store } = context;
  await store.transaction(async () => {
    const refresh = await store.oauth.refreshToken(token);
    if (refresh?.application_id === applicationId) {
      await revokeGrant(store, refresh.grant_id);
      return;
    }
    const access = await store.tokens.find(token);
    if (access?.application_id === applicationId) await store.tokens.revoke(token);
  });
  return { status: 200, headers: { ...NO_STORE }, body: undefined };
}
