/**
 * The host contract's Authorize methods (`src/shared/host-authorization.ts`), answered with
 * the native SDK addon: the same code a game would run to start the SDK's sign-in. One
 * implementation for both transports, like the other host methods.
 *
 * The loopback redirect is the addon's `http://127.0.0.1/callback` with this registry's
 * port: a native app listens on whatever port is free and registers the URI without one,
 * which the authorization server accepts for loopback addresses (RFC 8252 §7.3). The
 * registry's own `GET /callback` is that listener (routes/authorize-callback.ts).
 */
import type { HostInput, HostOutput, HostResult } from '../../shared/host-contract.js';
import type { AuthorizationArgsView } from '../../shared/host-authorization.js';
import { loadNativeSdk, type NativeSdk, type NativeSdkLoad } from './native-sdk.js';
import type { RedirectInbox } from './redirect-inbox.js';

/** How long one `awaitRedirect` call waits before answering "none yet". */
export const REDIRECT_WAIT_MS = 20_000;

/** What the Authorize methods need from the process that hosts them. */
export interface AuthorizationHost {
  redirects: RedirectInbox;
  /** The local registry's address (`http://127.0.0.1:<port>`): the default authorize base and the loopback port. */
  registryUrl(): string;
  /** The custom scheme whose deep links reach this host (the desktop app's), or null in browser mode. */
  deepLinkScheme: string | null;
  redirectWaitMs?: number;
  /** The addon; tests pass a failed load to see `unavailable`. */
  loadSdk?: () => NativeSdkLoad;
}

export interface AuthorizeMethods {
  createAuthorization(input: HostInput<'createAuthorization'>): HostResult<HostOutput<'createAuthorization'>>;
  buildAuthorizeUrl(input: HostInput<'buildAuthorizeUrl'>): HostResult<HostOutput<'buildAuthorizeUrl'>>;
  awaitRedirect(input: HostInput<'awaitRedirect'>): Promise<HostResult<HostOutput<'awaitRedirect'>>>;
}

type Failure = { ok: false; error: { code: 'invalid-input' | 'unavailable'; message: string } };

/** RFC 3986 percent-encoding, as the addon writes query values (only unreserved characters stay). */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `url` with its `redirect_uri` query value replaced by `redirectUri`, everything else byte for byte. */
export function withRedirectUri(url: string, redirectUri: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const parameters = url.slice(question + 1).split('&')
    .map((parameter) => (parameter.startsWith('redirect_uri=') ? `redirect_uri=${percentEncode(redirectUri)}` : parameter));
  return `${url.slice(0, question + 1)}${parameters.join('&')}`;
}

/** The addon's desktop redirect URI on the registry's port. */
export function loopbackRedirectUri(sdk: NativeSdk, registryUrl: string): string {
  const uri = new URL(sdk.DESKTOP_REDIRECT_URI);
  uri.port = new URL(registryUrl).port;
  return uri.href;
}

/** An error the addon threw for a value it refuses (a TypeError with a Node-style code) as `invalid-input`. */
function refused(error: unknown): Failure {
  const coded = error as { code?: unknown; message?: unknown };
  if (error instanceof TypeError && typeof coded.code === 'string') return { ok: false, error: { code: 'invalid-input', message: error.message } };
  return { ok: false, error: { code: 'unavailable', message: `The native SDK addon failed: ${String(coded.message ?? error)}` } };
}

export function authorizeMethods(host: AuthorizationHost): AuthorizeMethods {
  const sdk = (): { ok: true; sdk: NativeSdk } | Failure => {
    const load = (host.loadSdk ?? loadNativeSdk)();
    return load.ok ? load : { ok: false, error: { code: 'unavailable', message: load.reason } };
  };

  return {
    createAuthorization: () => {
      const loaded = sdk();
      if (!loaded.ok) return loaded;
      const native = loaded.sdk;
      try {
        const { verifier, challenge } = native.createAuthorizationCodeVerifier();
        return {
          ok: true,
          value: {
            verifier, challenge, state: native.generateState(), nonce: native.generateNonce(),
            default_scopes: { communication: native.getDefaultCommunicationScopes(), presence: native.getDefaultPresenceScopes() },
            loopback_redirect_uri: loopbackRedirectUri(native, host.registryUrl()),
            deep_link_scheme: host.deepLinkScheme,
            redirect_sequence: host.redirects.sequence,
          },
        };
      } catch (error) {
        return refused(error);
      }
    },

    buildAuthorizeUrl: (input) => {
      const loaded = sdk();
      if (!loaded.ok) return loaded;
      const native = loaded.sdk;
      try {
        // Field by field, as a game sets them: each setter checks its own value.
        const args = new native.AuthorizationArgs();
        args.setClientId(input.client_id);
        args.setScopes(input.scopes);
        if (input.state !== undefined) args.setState(input.state);
        if (input.nonce !== undefined) args.setNonce(input.nonce);
        if (input.code_challenge !== undefined) args.setCodeChallenge({ challenge: input.code_challenge, method: 'S256' });
        if (input.integration_type !== undefined) args.setIntegrationType(input.integration_type);
        if (input.custom_scheme !== undefined) args.setCustomSchemeParam(input.custom_scheme);
        const platform = input.redirect === 'custom-scheme' ? 'mobile' : 'desktop';
        const built = native.buildAuthorizeUrl(args, { baseUrl: input.base_url ?? host.registryUrl(), platform });
        const redirectUri = platform === 'desktop' ? loopbackRedirectUri(native, host.registryUrl()) : built.redirectUri;
        const json = args.toJSON();
        const view: AuthorizationArgsView = {
          client_id: json.clientId ?? null, scopes: json.scopes, state: json.state ?? null, nonce: json.nonce ?? null,
          code_challenge: json.codeChallenge ?? null, integration_type: json.integrationType ?? null, custom_scheme: json.customSchemeParam ?? null,
        };
        return {
          ok: true,
          value: {
            url: platform === 'desktop' ? withRedirectUri(built.url, redirectUri) : built.url,
            state: built.state, redirect_uri: redirectUri, args: view, redirect_sequence: host.redirects.sequence,
          },
        };
      } catch (error) {
        return refused(error);
      }
    },

    awaitRedirect: async ({ after }) => ({
      ok: true,
      value: { redirect: await host.redirects.next(after, host.redirectWaitMs ?? REDIRECT_WAIT_MS) },
    }),
  };
}
