/**
 * The browser authorize page's HTML: plain forms, no script, every value escaped. The
 * user's session token travels only in form fields (never a cookie), so no other site can
 * make a browser authorize anything on the user's behalf: there is no ambient credential
 * to ride (no CSRF), and `frame-ancestors 'none'` keeps the page out of frames (no
 * clickjacking). The pages are `no-store`, as the consent step carries the token in a
 * hidden field.
 */
import type { ApplicationRecord, UserRecord } from '../store/records.js';
import type { OAuthError } from './oauth-error.js';

/** Headers of every page. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

/** What the sign-in and consent pages show. */
export interface PageContext {
  application: ApplicationRecord;
  scopes: readonly string[];
  /** The form's target: this path with the authorize request's query. */
  action: string;
  error?: string;
}

/** Step one: who is authorizing (the session token the client simulator shows). */
export function signInPage(page: PageContext): string {
  return layout(`Authorize ${page.application.name}`, `
    ${intro(page)}
    <form method="post" action="${escape(page.action)}">
      <label>Your session token <input type="password" name="token" autocomplete="off" required autofocus></label>
      <button type="submit">Continue</button>
    </form>`);
}

/** Step two: the user, where to install the app, and the two answers. */
export function consentPage(
  page: PageContext & { user: UserRecord; token: string; guilds: ReadonlyArray<{ id: string; name: string }>; guildId: string | undefined },
): string {
  const options = page.guilds
    .map((guild) => `<option value="${escape(guild.id)}"${guild.id === page.guildId ? ' selected' : ''}>${escape(guild.name)}</option>`)
    .join('');
  const guildField = page.guilds.length === 0 ? '' : `<label>Add to server <select name="guild_id">${options}</select></label>`;
  return layout(`Authorize ${page.application.name}`, `
    ${intro(page)}
    <p>Signed in as <strong>${escape(page.user.global_name ?? page.user.username)}</strong>.</p>
    <form method="post" action="${escape(page.action)}">
      <input type="hidden" name="token" value="${escape(page.token)}">
      ${guildField}
      <button type="submit" name="decision" value="cancel">Cancel</button>
      <button type="submit" name="decision" value="authorize">Authorize</button>
    </form>`);
}

/** A request that cannot go back to the client (unknown client, unregistered redirect URI). */
export function errorPage(error: OAuthError): string {
  return layout('Authorization failed', `<h1>Authorization failed</h1><p><code>${escape(error.error)}</code>: ${escape(error.description)}</p>`);
}

/** Where a plain install (no redirect URI) ends. */
export function authorizedPage(denied: boolean): string {
  const text = denied ? 'The app was not authorized.' : 'The app was authorized. You may close this window.';
  return layout('Authorized', `<h1>${denied ? 'Not authorized' : 'Authorized'}</h1><p>${text}</p>`);
}

function intro(page: PageContext): string {
  const scopes = page.scopes.map((scope) => `<li><code>${escape(scope)}</code></li>`).join('');
  const error = page.error === undefined ? '' : `<p role="alert" class="error">${escape(page.error)}</p>`;
  return `<h1>${escape(page.application.name)} wants access</h1><ul>${scopes}</ul>${error}`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:1rem 0}.error{color:#b00020}</style>
</head><body>${body}</body></html>`;
}

/** Text safe inside HTML content and double- or single-quoted attributes. */
export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
