/**
 * `AuthorizationArgs` as a form: client id (an app of the world, or typed), scopes (with the
 * SDK's two default sets), state, nonce, the code challenge with its verifier (both from
 * the native addon), integration type, custom scheme and which redirect to use. Every
 * edit has the addon build the URL again; its refusal is shown under the URL.
 */
import { useActions, useApp } from '../../app/store-context.js';
import { SUPPORTED_SCOPES } from '../../../shared/oauth-scopes.js';
import { scopeSentence } from './consent-view.js';

export function ArgsForm() {
  const form = useApp((state) => state.authorizeForm);
  const setup = useApp((state) => state.authorizeSetup);
  const applications = useApp((state) => state.authorizeApplications);
  const { setAuthorizeField, toggleAuthorizeScope, chooseDefaultScopes, regenerateAuthorizeValue } = useActions();
  const appName = applications.find((app) => app.id === form.clientId.trim())?.name;
  return (
    <fieldset className="authorize-form" disabled={setup === null}>
      <legend className="authorize__heading">AuthorizationArgs</legend>
      <label className="authorize-field">
        <span className="authorize-field__label">Client id {appName && <span className="muted">({appName})</span>}</span>
        <input
          list="authorize-applications" value={form.clientId} data-testid="authorize-client-id" spellCheck={false}
          onChange={(event) => setAuthorizeField('clientId', event.target.value)}
        />
        <datalist id="authorize-applications">
          {applications.map((app) => <option key={app.id} value={app.id}>{app.name}</option>)}
        </datalist>
      </label>

      <div className="authorize-field">
        <span className="authorize-field__label">Scopes</span>
        <div className="authorize-defaults">
          <button type="button" className="button button--secondary" data-testid="authorize-default-communication" onClick={() => chooseDefaultScopes('communication')}>
            Default communication scopes
          </button>
          <button type="button" className="button button--secondary" data-testid="authorize-default-presence" onClick={() => chooseDefaultScopes('presence')}>
            Default presence scopes
          </button>
        </div>
        <ul className="authorize-scopes">
          {SUPPORTED_SCOPES.map((scope) => (
            <li key={scope}>
              <label title={scopeSentence(scope)}>
                <input type="checkbox" checked={form.scopes.includes(scope)} data-testid={`authorize-scope-${scope}`} onChange={() => toggleAuthorizeScope(scope)} />
                <code>{scope}</code>
              </label>
            </li>
          ))}
        </ul>
      </div>

      {(['state', 'nonce'] as const).map((field) => (
        <label key={field} className="authorize-field">
          <span className="authorize-field__label">{field === 'state' ? 'State' : 'Nonce'} <span className="muted">(empty: unset)</span></span>
          <span className="authorize-field__row">
            <input value={form[field]} data-testid={`authorize-${field}`} spellCheck={false} onChange={(event) => setAuthorizeField(field, event.target.value)} />
            <button type="button" className="button button--secondary" data-testid={`authorize-new-${field}`} onClick={() => void regenerateAuthorizeValue(field)}>New</button>
          </span>
        </label>
      ))}

      <div className="authorize-field">
        <span className="authorize-field__label">Code challenge (S256) <span className="muted">from createAuthorizationCodeVerifier</span></span>
        <code className="authorize-value" data-testid="authorize-challenge">{form.challenge}</code>
        <span className="authorize-field__row">
          <span className="muted">verifier</span>
          <code className="authorize-value" data-testid="authorize-verifier">{form.verifier}</code>
          <button type="button" className="button button--secondary" data-testid="authorize-new-verifier" onClick={() => void regenerateAuthorizeValue('verifier')}>New</button>
        </span>
      </div>

      <label className="authorize-field">
        <span className="authorize-field__label">Integration type</span>
        <select value={form.integrationType} data-testid="authorize-integration-type" onChange={(event) => setAuthorizeField('integrationType', event.target.value as '' | '0' | '1')}>
          <option value="">unset</option>
          <option value="0">0: guild install</option>
          <option value="1">1: user install</option>
        </select>
      </label>

      <label className="authorize-field">
        <span className="authorize-field__label">Custom scheme <span className="muted">(mobile redirect: scheme:/authorize/callback)</span></span>
        <input value={form.customScheme} data-testid="authorize-custom-scheme" spellCheck={false} onChange={(event) => setAuthorizeField('customScheme', event.target.value)} />
      </label>

      <div className="authorize-field" role="radiogroup" aria-label="Redirect">
        <span className="authorize-field__label">Redirect</span>
        <label className="authorize-field__row">
          <input type="radio" name="authorize-redirect" checked={form.redirect === 'loopback'} data-testid="authorize-redirect-loopback" onChange={() => setAuthorizeField('redirect', 'loopback')} />
          Loopback <code>{setup?.loopback_redirect_uri ?? 'http://127.0.0.1/callback'}</code>
        </label>
        <label className="authorize-field__row" title={setup?.deep_link_scheme ? undefined : 'Custom-scheme redirects reach the desktop app (a deep link); a browser has nowhere to send them.'}>
          <input
            type="radio" name="authorize-redirect" checked={form.redirect === 'custom-scheme'} data-testid="authorize-redirect-custom-scheme"
            disabled={!setup?.deep_link_scheme} onChange={() => setAuthorizeField('redirect', 'custom-scheme')}
          />
          Custom scheme (deep link){setup?.deep_link_scheme ? '' : ': desktop app only'}
        </label>
        {form.redirect === 'custom-scheme' && setup?.deep_link_scheme && form.customScheme.trim() !== setup.deep_link_scheme && (
          <span className="authorize-warning">Only <code>{setup.deep_link_scheme}:</code> links reach this app.</span>
        )}
      </div>
    </fieldset>
  );
}
