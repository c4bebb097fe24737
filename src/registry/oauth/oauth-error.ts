/**
 * OAuth2 errors as data (RFC 6749 §4.1.2.1 and §5.2): the token, revocation and authorize
 * endpoints answer `{error, error_description}` instead of the service's `{code, message}`,
 * because OAuth client libraries read only that shape (api-facts.md, "Error body").
 */

/** The RFC's error codes this server answers with; clients switch on them, so no others. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied';

/** One refusal: the RFC's error code and a sentence for the developer reading it. */
export interface OAuthError {
  error: OAuthErrorCode;
  description: string;
}

/** A value, or the OAuth error that stopped it: what every check in this folder returns. */
export type OAuthOutcome<T> = { ok: true; value: T } | { ok: false; error: OAuthError };

/** A refusal; the name says which RFC error it is. */
export function oauthError(error: OAuthErrorCode, description: string): OAuthError {
  return { error, description };
}

/** The refusal as an outcome, for checks that return `OAuthOutcome`. */
export function refuse<T>(error: OAuthErrorCode, description: string): OAuthOutcome<T> {
  return { ok: false, error: oauthError(error, description) };
}

/** The JSON body the endpoints answer with. */
export function oauthErrorBody(error: OAuthError): { error: OAuthErrorCode; error_description: string } {
  return { error: error.error, error_description: error.description };
}

/** `Missing "name" in request.`: the wording the service uses for an absent parameter. */
export function missing(name: string): OAuthError {
  return oauthError('invalid_request', `Missing "${name}" in request.`);
}

/** `Invalid "name" in request.` with the RFC error the parameter calls for. */
export function invalid(name: string, error: OAuthErrorCode = 'invalid_request'): OAuthError {
  return oauthError(error, `Invalid "${name}" in request.`);
}
