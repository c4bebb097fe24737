/**
 * The Authorize panel's form: `AuthorizationArgs` as fields a person edits, and how they
 * become the host's `buildAuthorizeUrl` input. Empty optional fields are unset (the addon
 * then generates a state for the URL, and sends no nonce), exactly as the SDK treats them.
 */
import type { RedirectKind } from '../../../shared/host-authorization.js';
import type { HostInput } from '../../../shared/host-contract.js';
import { SUPPORTED_SCOPES } from '../../../shared/oauth-scopes.js';

export interface AuthorizeForm {
  clientId: string;
  /** The chosen scopes; written in the consent screen's order. */
  scopes: string[];
  /** '' leaves the state unset: the addon makes one for each URL. */
  state: string;
  /** '' leaves the nonce unset. */
  nonce: string;
  /** The PKCE verifier the host's addon made; the client keeps it for the token request. */
  verifier: string;
  /** Its S256 challenge, the value `setCodeChallenge` gets. */
  challenge: string;
  integrationType: '' | '0' | '1';
  customScheme: string;
  redirect: RedirectKind;
}

/** An application as the world lists it: the client id picker's entries. */
export interface WorldApplication {
  id: string;
  name: string;
  redirect_uris: string[];
}

/** The scope parameter: the chosen scopes in the consent screen's order, unknown ones last. */
export function scopeText(scopes: readonly string[]): string {
  const known = SUPPORTED_SCOPES.filter((scope) => scopes.includes(scope));
  const others = scopes.filter((scope) => !(SUPPORTED_SCOPES as readonly string[]).includes(scope));
  return [...known, ...others].join(' ');
}

/** The scopes of a scope string (the SDK's default sets). */
export function scopeList(text: string): string[] {
  return [...new Set(text.split(' ').filter((scope) => scope !== ''))];
}

/** Adds or removes one scope. */
export function toggled(scopes: readonly string[], scope: string): string[] {
  return scopes.includes(scope) ? scopes.filter((entry) => entry !== scope) : [...scopes, scope];
}

/** What the host's addon gets: the form's fields, unset where empty, and the registry to point at. */
export function authorizeUrlInput(form: AuthorizeForm, baseUrl: string): HostInput<'buildAuthorizeUrl'> {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    base_url: baseUrl,
    client_id: form.clientId.trim(),
    scopes: scopeText(form.scopes),
    state: optional(form.state),
    nonce: optional(form.nonce),
    code_challenge: optional(form.challenge),
    integration_type: form.integrationType === '' ? undefined : form.integrationType === '1' ? 1 : 0,
    custom_scheme: optional(form.customScheme),
    redirect: form.redirect,
  };
}

/**
 * The app the panel opens with: the first that registered the addon's loopback redirect
 * (`http://127.0.0.1/callback`, any port matching it), else the first of the world.
 */
export function preferredApplication(applications: readonly WorldApplication[], loopbackRedirectUri: string): WorldApplication | undefined {
  const loopback = new URL(loopbackRedirectUri);
  loopback.port = '';
  return applications.find((app) => app.redirect_uris.includes(loopback.href)) ?? applications[0];
}

/** The query of an authorize URL, which the consent screen's API calls take as theirs. */
export function queryOf(url: string): string {
  const question = url.indexOf('?');
  return question === -1 ? '' : url.slice(question + 1);
}
