import { describe, expect, it } from 'vitest';
import type { AuthorizationArgs as AuthorizationArgsType } from '../../native/index.cjs';
import { native, thrown } from './native.js';

const { AuthorizationArgs, IntegrationType, AuthorizationCodeChallengeMethod } = native;

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

// Calls a method with arbitrary arguments, bypassing the static types.
function callLoose(args: AuthorizationArgsType, method: string, ...params: unknown[]): unknown {
  const fn = (args as unknown as Record<string, (...p: unknown[]) => unknown>)[method];
  if (fn === undefined) throw new Error(`no method ${method}`);
  return fn.apply(args, params);
}

function expectTypeError(fn: () => unknown, code: string, message?: RegExp): void {
  const error = thrown(fn);
  expect(error).toBeInstanceOf(TypeError);
  expect(error.code).toBe(code);
  if (message) expect(error.message).toMatch(message);
}

function fullArgs(): AuthorizationArgsType {
  const args = new AuthorizationArgs();
  args.setClientId('1234567890123456789');
  args.setScopes('openid sdk.social_layer');
  args.setState('state-1');
  args.setNonce('nonce-1');
  args.setCodeChallenge({ challenge: CHALLENGE, method: 'S256' });
  args.setIntegrationType(IntegrationType.USER_INSTALL);
  args.setCustomSchemeParam('myapp');
  return args;
}

describe('AuthorizationArgs defaults', () => {
  it('starts with every optional field unset and empty scopes', () => {
    const args = new AuthorizationArgs();
    expect(args.clientId()).toBeUndefined();
    expect(args.scopes()).toBe('');
    expect(args.state()).toBeUndefined();
    expect(args.nonce()).toBeUndefined();
    expect(args.codeChallenge()).toBeUndefined();
    expect(args.integrationType()).toBeUndefined();
    expect(args.customSchemeParam()).toBeUndefined();
    expect(args.isValid()).toBe(false);
    expect(args).toBeInstanceOf(AuthorizationArgs);
    expect(Object.prototype.toString.call(args)).toBe('[object AuthorizationArgs]');
  });

  it('exposes the SDK enums', () => {
    expect(AuthorizationCodeChallengeMethod).toEqual({ S256: 0 });
    expect(IntegrationType).toEqual({ GUILD_INSTALL: 0, USER_INSTALL: 1 });
    expect(Object.isFrozen(IntegrationType)).toBe(true);
  });
});

describe('clientId', () => {
  it('round-trips decimal strings and bigints as decimal strings', () => {
    const args = new AuthorizationArgs();
    args.setClientId('1234567890123456789');
    expect(args.clientId()).toBe('1234567890123456789');
    args.setClientId('18446744073709551615');
    expect(args.clientId()).toBe('18446744073709551615');
    args.setClientId(18446744073709551615n);
    expect(args.clientId()).toBe('18446744073709551615');
    args.setClientId(42n);
    expect(args.clientId()).toBe('42');
    args.setClientId('0');
    expect(args.clientId()).toBe('0');
    args.setClientId(0n);
    expect(args.clientId()).toBe('0');
  });

  it('is unset by undefined', () => {
    const args = new AuthorizationArgs();
    args.setClientId('7');
    args.setClientId(undefined);
    expect(args.clientId()).toBeUndefined();
  });

  it.each(['-1', 'abc', '18446744073709551616', '99999999999999999999', '', ' 1', '1 ', '+1', '1.0', '0x10', '1e3', '01', '１'])(
    'refuses the string %j with TypeError and keeps the old value',
    (bad) => {
      const args = new AuthorizationArgs();
      args.setClientId('5');
      expectTypeError(() => args.setClientId(bad), 'ERR_INVALID_ARG_VALUE', /setClientId: the "id" argument must be/);
      expect(args.clientId()).toBe('5');
    },
  );

  it('refuses negative and oversized bigints', () => {
    const args = new AuthorizationArgs();
    expectTypeError(() => args.setClientId(-1n), 'ERR_INVALID_ARG_VALUE');
    expectTypeError(() => args.setClientId(2n ** 64n), 'ERR_INVALID_ARG_VALUE');
    expectTypeError(() => args.setClientId(-(2n ** 64n) - 5n), 'ERR_INVALID_ARG_VALUE');
    expect(args.clientId()).toBeUndefined();
  });

  it('refuses numbers and other types', () => {
    const args = new AuthorizationArgs();
    for (const bad of [1, 1.5, Number.NaN, null, true, {}, ['1'], Symbol('1')]) {
      expectTypeError(() => callLoose(args, 'setClientId', bad), 'ERR_INVALID_ARG_TYPE', /string or bigint/);
    }
    expect(args.clientId()).toBeUndefined();
  });
});

describe('scopes', () => {
  it('stores space-separated scope lists, including the empty list', () => {
    const args = new AuthorizationArgs();
    args.setScopes(native.getDefaultPresenceScopes());
    expect(args.scopes()).toBe('openid sdk.social_layer_presence');
    args.setScopes('applications.commands bot identify');
    expect(args.scopes()).toBe('applications.commands bot identify');
    args.setScopes('');
    expect(args.scopes()).toBe('');
  });

  it.each([' openid', 'openid ', 'openid  bot', 'open"id', 'open\\id', 'openid\tbot', 'scopé', ' '])(
    'refuses the malformed list %j',
    (bad) => {
      const args = new AuthorizationArgs();
      args.setScopes('openid');
      expectTypeError(() => args.setScopes(bad), 'ERR_INVALID_ARG_VALUE', /RFC 6749/);
      expect(args.scopes()).toBe('openid');
    },
  );

  it('cannot be unset with undefined (it is not optional)', () => {
    const args = new AuthorizationArgs();
    expectTypeError(() => callLoose(args, 'setScopes', undefined), 'ERR_INVALID_ARG_TYPE');
    expectTypeError(() => callLoose(args, 'setScopes', ['openid']), 'ERR_INVALID_ARG_TYPE');
  });
});

describe('state and nonce', () => {
  it('set, read and unset state', () => {
    const args = new AuthorizationArgs();
    args.setState('abc 123 ~!@#$%^&*()');
    expect(args.state()).toBe('abc 123 ~!@#$%^&*()');
    args.setState(undefined);
    expect(args.state()).toBeUndefined();
  });

  it('refuses an empty or non-printable-ASCII state', () => {
    const args = new AuthorizationArgs();
    for (const bad of ['', 'tab\there', 'new\nline', 'é', '\u007f']) {
      expectTypeError(() => args.setState(bad), 'ERR_INVALID_ARG_VALUE', /RFC 6749 VSCHAR/);
    }
    expectTypeError(() => callLoose(args, 'setState', 5), 'ERR_INVALID_ARG_TYPE');
    expectTypeError(() => callLoose(args, 'setState', null), 'ERR_INVALID_ARG_TYPE');
    expect(args.state()).toBeUndefined();
  });

  it('set, read and unset nonce (any non-empty string)', () => {
    const args = new AuthorizationArgs();
    args.setNonce('n-0S6_WzA2Mj');
    expect(args.nonce()).toBe('n-0S6_WzA2Mj');
    args.setNonce('nonce with ünïcödé 🌍');
    expect(args.nonce()).toBe('nonce with ünïcödé 🌍');
    args.setNonce(undefined);
    expect(args.nonce()).toBeUndefined();
    expectTypeError(() => args.setNonce(''), 'ERR_INVALID_ARG_VALUE');
    expectTypeError(() => callLoose(args, 'setNonce', 1), 'ERR_INVALID_ARG_TYPE');
  });

  it('ensureState / ensureNonce fill only unset values and return them', () => {
    const args = new AuthorizationArgs();
    const state = args.ensureState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(args.state()).toBe(state);
    expect(args.ensureState()).toBe(state);
    args.setState('mine');
    expect(args.ensureState()).toBe('mine');

    const nonce = args.ensureNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).not.toBe(state);
    expect(args.nonce()).toBe(nonce);
    expect(args.ensureNonce()).toBe(nonce);
    expect(new AuthorizationArgs().ensureState()).not.toBe(new AuthorizationArgs().ensureState());
  });
});

describe('codeChallenge', () => {
  it("accepts method 'S256' or 0 and always reads 'S256'", () => {
    const args = new AuthorizationArgs();
    args.setCodeChallenge({ challenge: CHALLENGE, method: 'S256' });
    expect(args.codeChallenge()).toEqual({ challenge: CHALLENGE, method: 'S256' });
    args.setCodeChallenge({ challenge: CHALLENGE, method: AuthorizationCodeChallengeMethod.S256 });
    expect(args.codeChallenge()).toEqual({ challenge: CHALLENGE, method: 'S256' });
    args.setCodeChallenge(undefined);
    expect(args.codeChallenge()).toBeUndefined();
  });

  it('takes the challenge of createAuthorizationCodeVerifier directly', () => {
    const created = native.createAuthorizationCodeVerifier();
    const args = new AuthorizationArgs();
    args.setCodeChallenge(created.challenge);
    expect(args.codeChallenge()).toEqual(created.challenge);
  });

  it('returns a fresh object: changing it does not change the args', () => {
    const args = new AuthorizationArgs();
    args.setCodeChallenge({ challenge: CHALLENGE, method: 'S256' });
    const read = args.codeChallenge();
    if (read === undefined) throw new Error('challenge missing');
    read.challenge = 'changed';
    expect(args.codeChallenge()?.challenge).toBe(CHALLENGE);
  });

  it('refuses other methods, malformed challenges and non-objects', () => {
    const args = new AuthorizationArgs();
    expectTypeError(() => callLoose(args, 'setCodeChallenge', { challenge: CHALLENGE, method: 'plain' }), 'ERR_INVALID_ARG_VALUE', /'S256' or 0/);
    expectTypeError(() => callLoose(args, 'setCodeChallenge', { challenge: CHALLENGE, method: 1 }), 'ERR_INVALID_ARG_VALUE');
    expectTypeError(() => callLoose(args, 'setCodeChallenge', { challenge: CHALLENGE }), 'ERR_INVALID_ARG_TYPE', /challenge\.method/);
    expectTypeError(() => args.setCodeChallenge({ challenge: 'short', method: 'S256' }), 'ERR_INVALID_ARG_VALUE', /43 base64url/);
    expectTypeError(() => args.setCodeChallenge({ challenge: `${CHALLENGE.slice(0, 42)}=`, method: 'S256' }), 'ERR_INVALID_ARG_VALUE');
    expectTypeError(() => callLoose(args, 'setCodeChallenge', { challenge: 43, method: 'S256' }), 'ERR_INVALID_ARG_TYPE');
    for (const bad of [CHALLENGE, null, 0, [CHALLENGE, 'S256']]) {
      expectTypeError(() => callLoose(args, 'setCodeChallenge', bad), 'ERR_INVALID_ARG_TYPE');
    }
    expect(args.codeChallenge()).toBeUndefined();
  });
});

describe('integrationType', () => {
  it('stores GUILD_INSTALL (0) and USER_INSTALL (1) and unsets', () => {
    const args = new AuthorizationArgs();
    args.setIntegrationType(IntegrationType.GUILD_INSTALL);
    expect(args.integrationType()).toBe(0);
    args.setIntegrationType(IntegrationType.USER_INSTALL);
    expect(args.integrationType()).toBe(1);
    args.setIntegrationType(undefined);
    expect(args.integrationType()).toBeUndefined();
  });

  it('refuses other values', () => {
    const args = new AuthorizationArgs();
    for (const bad of [2, -1, 0.5, Number.NaN]) {
      expectTypeError(() => callLoose(args, 'setIntegrationType', bad), 'ERR_INVALID_ARG_VALUE');
    }
    for (const bad of ['0', 'USER_INSTALL', null, 1n, true]) {
      expectTypeError(() => callLoose(args, 'setIntegrationType', bad), 'ERR_INVALID_ARG_TYPE');
    }
    expect(args.integrationType()).toBeUndefined();
  });
});

describe('customSchemeParam', () => {
  it('stores URI schemes and unsets', () => {
    const args = new AuthorizationArgs();
    args.setCustomSchemeParam('myapp');
    expect(args.customSchemeParam()).toBe('myapp');
    args.setCustomSchemeParam('com.example.app+v2-beta');
    expect(args.customSchemeParam()).toBe('com.example.app+v2-beta');
    args.setCustomSchemeParam(undefined);
    expect(args.customSchemeParam()).toBeUndefined();
  });

  it('refuses strings that are not RFC 3986 schemes', () => {
    const args = new AuthorizationArgs();
    for (const bad of ['', '1app', 'my app', 'my:app', 'my/app', '-app', 'äpp']) {
      expectTypeError(() => args.setCustomSchemeParam(bad), 'ERR_INVALID_ARG_VALUE', /RFC 3986/);
    }
    expectTypeError(() => callLoose(args, 'setCustomSchemeParam', 7), 'ERR_INVALID_ARG_TYPE');
  });
});

describe('validity (the SDK boolean conversion)', () => {
  it('needs a non-zero client id and at least one scope', () => {
    const args = new AuthorizationArgs();
    expect(args.isValid()).toBe(false);
    args.setScopes('openid');
    expect(args.isValid()).toBe(false);
    args.setClientId('0');
    expect(args.isValid()).toBe(false);
    args.setClientId('1');
    expect(args.isValid()).toBe(true);
    args.setScopes('');
    expect(args.isValid()).toBe(false);
    args.setScopes('identify');
    args.setClientId(undefined);
    expect(args.isValid()).toBe(false);
  });

  it('does not depend on the optional fields', () => {
    const args = fullArgs();
    expect(args.isValid()).toBe(true);
    for (const unset of ['setState', 'setNonce', 'setCodeChallenge', 'setIntegrationType', 'setCustomSchemeParam']) {
      callLoose(args, unset, undefined);
      expect(args.isValid()).toBe(true);
    }
  });
});

describe('copies', () => {
  it('clone() and new AuthorizationArgs(other) copy every field', () => {
    const original = fullArgs();
    const expected = {
      clientId: '1234567890123456789',
      scopes: 'openid sdk.social_layer',
      state: 'state-1',
      nonce: 'nonce-1',
      codeChallenge: { challenge: CHALLENGE, method: 'S256' },
      integrationType: 1,
      customSchemeParam: 'myapp',
    };
    expect(original.toJSON()).toStrictEqual(expected);
    const cloned = original.clone();
    const constructed = new AuthorizationArgs(original);
    expect(cloned).toBeInstanceOf(AuthorizationArgs);
    expect(cloned).not.toBe(original);
    expect(cloned.toJSON()).toStrictEqual(expected);
    expect(constructed.toJSON()).toStrictEqual(expected);
  });

  it('are independent in both directions', () => {
    const original = fullArgs();
    const cloned = original.clone();
    const constructed = new AuthorizationArgs(original);

    original.setClientId('1');
    original.setScopes('bot');
    original.setState(undefined);
    original.setNonce('other');
    original.setCodeChallenge(undefined);
    original.setIntegrationType(0);
    original.setCustomSchemeParam(undefined);
    for (const copy of [cloned, constructed]) {
      expect(copy.clientId()).toBe('1234567890123456789');
      expect(copy.scopes()).toBe('openid sdk.social_layer');
      expect(copy.state()).toBe('state-1');
      expect(copy.nonce()).toBe('nonce-1');
      expect(copy.codeChallenge()).toEqual({ challenge: CHALLENGE, method: 'S256' });
      expect(copy.integrationType()).toBe(1);
      expect(copy.customSchemeParam()).toBe('myapp');
    }

    cloned.setScopes('identify');
    constructed.setScopes('guilds');
    expect(original.scopes()).toBe('bot');
    expect(cloned.scopes()).toBe('identify');
    expect(constructed.scopes()).toBe('guilds');
  });

  it('copies unset fields as unset, and a clone of a clone works', () => {
    const empty = new AuthorizationArgs();
    const copy = empty.clone().clone();
    expect(copy.toJSON()).toStrictEqual(empty.toJSON());
    expect(copy.clientId()).toBeUndefined();
  });

  it('refuses to copy anything but an AuthorizationArgs', () => {
    const Loose = AuthorizationArgs as unknown as new (...a: unknown[]) => unknown;
    for (const bad of [{}, fullArgs().toJSON(), Object.create(AuthorizationArgs.prototype), null, undefined, '1']) {
      expectTypeError(() => new Loose(bad), 'ERR_INVALID_ARG_TYPE', /instance of AuthorizationArgs/);
    }
    expectTypeError(() => new Loose(new AuthorizationArgs(), new AuthorizationArgs()), 'ERR_SLASHBENCH_TOO_MANY_ARGS');
  });
});

describe('toJSON', () => {
  it('returns a plain object with every field and serializes set fields only', () => {
    const json = new AuthorizationArgs().toJSON();
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect(Object.keys(json).sort()).toEqual(
      ['clientId', 'codeChallenge', 'customSchemeParam', 'integrationType', 'nonce', 'scopes', 'state'],
    );
    expect(JSON.parse(JSON.stringify(new AuthorizationArgs()))).toEqual({ scopes: '' });
    expect(JSON.parse(JSON.stringify(fullArgs()))).toEqual(fullArgs().toJSON());
  });
});

describe('argument counts and receivers', () => {
  it('getters take no arguments; setters take exactly one', () => {
    const args = new AuthorizationArgs();
    for (const getter of ['clientId', 'scopes', 'state', 'nonce', 'codeChallenge', 'integrationType', 'customSchemeParam', 'isValid', 'clone', 'ensureState', 'ensureNonce']) {
      expectTypeError(() => callLoose(args, getter, 1), 'ERR_SLASHBENCH_TOO_MANY_ARGS', new RegExp(`^AuthorizationArgs\\.${getter}: expected 0 arguments, received 1`));
    }
    for (const setter of ['setClientId', 'setScopes', 'setState', 'setNonce', 'setCodeChallenge', 'setIntegrationType', 'setCustomSchemeParam']) {
      expectTypeError(() => callLoose(args, setter), 'ERR_MISSING_ARGS', new RegExp(`^AuthorizationArgs\\.${setter}: expected 1 argument, received 0`));
      expectTypeError(() => callLoose(args, setter, undefined, undefined), 'ERR_SLASHBENCH_TOO_MANY_ARGS');
    }
    expect(args.toJSON()).toStrictEqual(new AuthorizationArgs().toJSON());
  });

  it('methods called on other objects throw TypeError', () => {
    expectTypeError(() => AuthorizationArgs.prototype.clientId.call({}), 'ERR_INVALID_THIS');
    expectTypeError(() => AuthorizationArgs.prototype.setScopes.call(Object.create(AuthorizationArgs.prototype), 'openid'), 'ERR_INVALID_THIS');
  });

  it('the class cannot be called without new', () => {
    const error = thrown(() => (AuthorizationArgs as unknown as () => unknown)());
    expect(error).toBeInstanceOf(TypeError);
  });

  it("errors point at the caller's line, not the facade", () => {
    const args = new AuthorizationArgs();
    const error = thrown(() => args.setClientId('nope'));
    const firstFrame = error.stack?.split('\n')[1] ?? '';
    expect(firstFrame).toContain('authorization-args.test.ts');
  });
});
