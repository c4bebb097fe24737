import { describe, expect, it } from 'vitest';
import type { AuthorizationArgs as AuthorizationArgsType } from '../../native/index.cjs';
import { native, thrown } from './native.js';

const { AuthorizationArgs, buildAuthorizeUrl } = native;
const BASE = 'http://127.0.0.1:8787';
const CLIENT_ID = '1234567890123456789';

function validArgs(): AuthorizationArgsType {
  const args = new AuthorizationArgs();
  args.setClientId(CLIENT_ID);
  args.setScopes(native.getDefaultCommunicationScopes());
  return args;
}

const queryKeys = (url: string): string[] => [...new URL(url).searchParams.keys()];

describe('buildAuthorizeUrl: desktop', () => {
  it('builds the minimal URL with the desktop redirect and a generated state', () => {
    const args = validArgs();
    const built = buildAuthorizeUrl(args, { baseUrl: BASE, platform: 'desktop' });
    expect(built.redirectUri).toBe('http://127.0.0.1/callback');
    expect(built.redirectUri).toBe(native.DESKTOP_REDIRECT_URI);
    expect(built.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(built.url).toBe(
      `${BASE}/oauth2/authorize?response_type=code&client_id=${CLIENT_ID}` +
        `&scope=openid%20sdk.social_layer&state=${built.state}` +
        '&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback',
    );
    const parsed = new URL(built.url);
    expect(parsed.pathname).toBe('/oauth2/authorize');
    expect(queryKeys(built.url)).toEqual(['response_type', 'client_id', 'scope', 'state', 'redirect_uri']);
    expect(parsed.searchParams.get('scope')).toBe('openid sdk.social_layer');
    expect(parsed.searchParams.get('redirect_uri')).toBe('http://127.0.0.1/callback');
  });

  it('defaults to desktop when platform is omitted', () => {
    expect(buildAuthorizeUrl(validArgs(), { baseUrl: BASE }).redirectUri).toBe('http://127.0.0.1/callback');
  });

  it('generates a fresh state per call without changing the args', () => {
    const args = validArgs();
    const states = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const built = buildAuthorizeUrl(args, { baseUrl: BASE });
      expect(new URL(built.url).searchParams.get('state')).toBe(built.state);
      states.add(built.state);
    }
    expect(states.size).toBe(200);
    expect(args.state()).toBeUndefined();
  });

  it('uses the state that is set, and ensureState makes it stable across calls', () => {
    const args = validArgs();
    args.setState('fixed state/with?chars&=+#');
    const built = buildAuthorizeUrl(args, { baseUrl: BASE });
    expect(built.state).toBe('fixed state/with?chars&=+#');
    expect(built.url).toContain('&state=fixed%20state%2Fwith%3Fchars%26%3D%2B%23&');
    expect(new URL(built.url).searchParams.get('state')).toBe('fixed state/with?chars&=+#');

    const other = validArgs();
    const ensured = other.ensureState();
    expect(buildAuthorizeUrl(other, { baseUrl: BASE }).state).toBe(ensured);
    expect(buildAuthorizeUrl(other, { baseUrl: BASE }).state).toBe(ensured);
  });

  it('adds nonce, code_challenge + method and integration_type in that order when set', () => {
    const args = validArgs();
    const { challenge } = native.createAuthorizationCodeVerifier();
    args.setState('s');
    args.setNonce('nonce ünï 🌍');
    args.setCodeChallenge(challenge);
    args.setIntegrationType(native.IntegrationType.USER_INSTALL);
    const built = buildAuthorizeUrl(args, { baseUrl: BASE });
    expect(queryKeys(built.url)).toEqual([
      'response_type',
      'client_id',
      'scope',
      'state',
      'redirect_uri',
      'nonce',
      'code_challenge',
      'code_challenge_method',
      'integration_type',
    ]);
    const params = new URL(built.url).searchParams;
    expect(params.get('nonce')).toBe('nonce ünï 🌍');
    expect(built.url).toContain('&nonce=nonce%20%C3%BCn%C3%AF%20%F0%9F%8C%8D&');
    expect(params.get('code_challenge')).toBe(challenge.challenge);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('integration_type')).toBe('1');

    args.setIntegrationType(native.IntegrationType.GUILD_INSTALL);
    expect(new URL(buildAuthorizeUrl(args, { baseUrl: BASE }).url).searchParams.get('integration_type')).toBe('0');
  });

  it('ignores the custom scheme on desktop', () => {
    const args = validArgs();
    args.setCustomSchemeParam('myapp');
    expect(buildAuthorizeUrl(args, { baseUrl: BASE, platform: 'desktop' }).redirectUri).toBe('http://127.0.0.1/callback');
  });

  it('encodes only RFC 3986 unreserved characters literally', () => {
    const args = validArgs();
    args.setScopes('applications.commands bot identify');
    args.setState("A-Z.a_z~0 !\"$'()*,;:@[]");
    const { url } = buildAuthorizeUrl(args, { baseUrl: BASE });
    const query = url.slice(url.indexOf('?') + 1);
    expect(query).toMatch(/^[A-Za-z0-9\-._~%=&]+$/);
    expect(query).not.toContain('+');
    expect(query).toContain('scope=applications.commands%20bot%20identify&');
    expect(query).toContain("state=A-Z.a_z~0%20%21%22%24%27%28%29%2A%2C%3B%3A%40%5B%5D&");
    // Percent escapes use uppercase hex digits.
    expect(query.match(/%[0-9a-fA-F]{2}/g)?.every((escape) => escape === escape.toUpperCase())).toBe(true);
  });

  it('writes the largest client id in full', () => {
    const args = validArgs();
    args.setClientId(2n ** 64n - 1n);
    expect(new URL(buildAuthorizeUrl(args, { baseUrl: BASE }).url).searchParams.get('client_id')).toBe('18446744073709551615');
  });
});

describe('buildAuthorizeUrl: mobile', () => {
  it('uses discord-<application id> as the default scheme', () => {
    const built = buildAuthorizeUrl(validArgs(), { baseUrl: BASE, platform: 'mobile' });
    expect(built.redirectUri).toBe(`discord-${CLIENT_ID}:/authorize/callback`);
    expect(built.url).toContain(`&redirect_uri=discord-${CLIENT_ID}%3A%2Fauthorize%2Fcallback`);
    expect(new URL(built.url).searchParams.get('redirect_uri')).toBe(`discord-${CLIENT_ID}:/authorize/callback`);
  });

  it('uses CustomSchemeParam when set, and the default again once unset', () => {
    const args = validArgs();
    args.setCustomSchemeParam('com.example.game');
    expect(buildAuthorizeUrl(args, { baseUrl: BASE, platform: 'mobile' }).redirectUri).toBe(
      'com.example.game:/authorize/callback',
    );
    args.setCustomSchemeParam(undefined);
    expect(buildAuthorizeUrl(args, { baseUrl: BASE, platform: 'mobile' }).redirectUri).toBe(
      `discord-${CLIENT_ID}:/authorize/callback`,
    );
  });
});

describe('buildAuthorizeUrl: base URL', () => {
  it('drops trailing slashes and keeps a path prefix', () => {
    const args = validArgs();
    expect(buildAuthorizeUrl(args, { baseUrl: 'https://discord.test/' }).url).toMatch(/^https:\/\/discord\.test\/oauth2\/authorize\?/);
    expect(buildAuthorizeUrl(args, { baseUrl: 'http://localhost:3000/sim//' }).url).toMatch(
      /^http:\/\/localhost:3000\/sim\/oauth2\/authorize\?response_type=code&/,
    );
  });

  it.each(['', 'localhost:3000', 'ftp://host', 'http://', 'http:///path', 'http://host?x=1', 'http://host#frag', 'http://ho st', 'http://hôst'])(
    'refuses the base URL %j',
    (baseUrl) => {
      const error = thrown(() => buildAuthorizeUrl(validArgs(), { baseUrl }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_INVALID_ARG_VALUE');
      expect(error.message).toContain('options.baseUrl');
    },
  );
});

describe('buildAuthorizeUrl: bad arguments', () => {
  const loose = buildAuthorizeUrl as unknown as (...args: unknown[]) => unknown;

  it('refuses args that are not valid, saying why', () => {
    const noClient = new AuthorizationArgs();
    noClient.setScopes('openid');
    const noScopes = new AuthorizationArgs();
    noScopes.setClientId('1');
    const zeroClient = validArgs();
    zeroClient.setClientId('0');
    const cases: Array<[AuthorizationArgsType, RegExp]> = [
      [noClient, /no client id/],
      [noScopes, /no scopes/],
      [zeroClient, /client id is 0/],
    ];
    for (const [args, reason] of cases) {
      const error = thrown(() => buildAuthorizeUrl(args, { baseUrl: BASE }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_SLASHBENCH_INVALID_AUTHORIZATION_ARGS');
      expect(error.message).toMatch(reason);
    }
  });

  it('refuses anything but AuthorizationArgs as the first argument', () => {
    for (const bad of [validArgs().toJSON(), {}, null, CLIENT_ID, Object.create(AuthorizationArgs.prototype)]) {
      const error = thrown(() => loose(bad, { baseUrl: BASE }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.code).toBe('ERR_INVALID_ARG_TYPE');
      expect(error.message).toContain('instance of AuthorizationArgs');
    }
  });

  it('refuses missing or malformed options', () => {
    const args = validArgs();
    const typeErrors: unknown[][] = [
      [args],
      [args, undefined],
      [args, null],
      [args, BASE],
      [args, {}],
      [args, { baseUrl: 8080 }],
      [args, { baseUrl: BASE, platform: 1 }],
    ];
    for (const call of typeErrors) {
      const error = thrown(() => loose(...call));
      expect(error, JSON.stringify(call.slice(1))).toBeInstanceOf(TypeError);
    }
    expect(thrown(() => loose(args)).code).toBe('ERR_MISSING_ARGS');
    expect(thrown(() => loose()).code).toBe('ERR_MISSING_ARGS');
    expect(thrown(() => loose(args, { baseUrl: BASE }, {})).code).toBe('ERR_SLASHBENCH_TOO_MANY_ARGS');
    const platform = thrown(() => loose(args, { baseUrl: BASE, platform: 'web' }));
    expect(platform).toBeInstanceOf(TypeError);
    expect(platform.code).toBe('ERR_INVALID_ARG_VALUE');
    expect(platform.message).toContain("'desktop' or 'mobile'");
  });
});
