'use strict';
// @slashbench/native: the CommonJS facade over build/Release/slashbench_native.node.
//
// The C++ side checks every argument and throws errors that carry a Node-style
// `code`. This file owns the mapping from codes to error classes (table below):
// each public function re-creates the native error as an error of the mapped
// class, with the same message and code, and a stack trace that starts at the
// caller rather than inside this facade.

const path = require('node:path');

const BINDING_PATH = path.join(__dirname, 'build', 'Release', 'slashbench_native.node');

/** Error code -> error class. Codes not listed are rethrown unchanged. */
const ERROR_CLASSES = Object.freeze({
  ERR_INVALID_ARG_TYPE: TypeError,
  ERR_INVALID_ARG_VALUE: TypeError,
  ERR_MISSING_ARGS: TypeError,
  ERR_SLASHBENCH_TOO_MANY_ARGS: TypeError,
  ERR_SLASHBENCH_INVALID_AUTHORIZATION_ARGS: TypeError,
  ERR_SLASHBENCH_SECURE_RANDOM: Error,
});

function loadBinding() {
  try {
    return require(BINDING_PATH);
  } catch (cause) {
    if (cause && cause.code === 'MODULE_NOT_FOUND') {
      const error = new Error(
        `@slashbench/native is not built: ${BINDING_PATH} is missing. ` +
          'Run "npm run build:native" from the project root.',
        { cause },
      );
      error.code = 'ERR_SLASHBENCH_NATIVE_NOT_BUILT';
      throw error;
    }
    throw cause;
  }
}

const binding = loadBinding();

function mapError(error, callee) {
  if (error === null || typeof error !== 'object' || typeof error.code !== 'string') return error;
  const ErrorClass = Object.hasOwn(ERROR_CLASSES, error.code) ? ERROR_CLASSES[error.code] : undefined;
  if (ErrorClass === undefined) return error;
  const mapped = new ErrorClass(error.message);
  mapped.code = error.code;
  Error.captureStackTrace(mapped, callee);
  return mapped;
}

/** Calls fn(...args) on thisArg, mapping native errors; callee is the public function. */
function invoke(callee, thisArg, fn, args) {
  try {
    return Reflect.apply(fn, thisArg, args);
  } catch (error) {
    throw mapError(error, callee);
  }
}

const nativeArgsClass = binding.AuthorizationArgs;
const nativeMethods = nativeArgsClass.prototype;
// Lets the module (not its users) wrap an existing native instance.
const WRAP_NATIVE = Symbol('wrap native AuthorizationArgs');

let nativeOf; // (value) => native instance or undefined; set in the class's static block

/**
 * The Social SDK's AuthorizationArgs. Getter/setter pairs are methods; optional
 * fields read `undefined` when unset and are unset by passing `undefined`.
 */
class AuthorizationArgs {
  #native;

  static {
    nativeOf = (value) =>
      value !== null && typeof value === 'object' && #native in value ? value.#native : undefined;
  }

  /** new AuthorizationArgs() or new AuthorizationArgs(other): a deep, independent copy. */
  constructor(...args) {
    if (args.length === 2 && args[0] === WRAP_NATIVE) {
      this.#native = args[1];
      return;
    }
    const other = args.length === 1 ? nativeOf(args[0]) : undefined;
    const nativeArgs = other === undefined ? args : [other];
    try {
      this.#native = Reflect.construct(nativeArgsClass, nativeArgs);
    } catch (error) {
      throw mapError(error, AuthorizationArgs);
    }
  }

  static #self(self, method) {
    const native = nativeOf(self);
    if (native === undefined) {
      const error = new TypeError(`AuthorizationArgs.${method.name} called on an object that is not an AuthorizationArgs`);
      error.code = 'ERR_INVALID_THIS';
      Error.captureStackTrace(error, method);
      throw error;
    }
    return native;
  }

  static #call(self, method, args) {
    return invoke(method, AuthorizationArgs.#self(self, method), nativeMethods[method.name], args);
  }

  /** The application id as a decimal string, or undefined. */
  clientId(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.clientId, args); }
  /** Decimal string or bigint in [0, 2^64-1]; undefined unsets. */
  setClientId(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.setClientId, args); }
  scopes(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.scopes, args); }
  setScopes(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.setScopes, args); }
  state(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.state, args); }
  setState(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.setState, args); }
  nonce(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.nonce, args); }
  setNonce(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.setNonce, args); }
  codeChallenge(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.codeChallenge, args); }
  setCodeChallenge(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.setCodeChallenge, args); }
  integrationType(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.integrationType, args); }
  setIntegrationType(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.setIntegrationType, args); }
  customSchemeParam(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.customSchemeParam, args); }
  setCustomSchemeParam(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.setCustomSchemeParam, args); }
  /** Sets a fresh random state if none is set; returns the state. */
  ensureState(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.ensureState, args); }
  /** Sets a fresh random nonce if none is set; returns the nonce. */
  ensureNonce(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.ensureNonce, args); }
  /** The SDK's boolean conversion: a non-zero client id and at least one scope. */
  isValid(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.isValid, args); }
  toJSON(...args) { return AuthorizationArgs.#call(this, AuthorizationArgs.prototype.toJSON, args); }

  /** A deep, independent copy. */
  clone(...args) {
    const copy = AuthorizationArgs.#call(this, AuthorizationArgs.prototype.clone, args);
    return new AuthorizationArgs(WRAP_NATIVE, copy);
  }

  get [Symbol.toStringTag]() {
    return 'AuthorizationArgs';
  }

  [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
    const fields = nativeOf(this) === undefined ? {} : this.toJSON();
    return `AuthorizationArgs ${inspect(fields, options)}`;
  }
}

/** Wraps a native free function so that its errors are mapped. */
function exportFunction(name, nativeName = name) {
  const fn = binding[nativeName];
  const wrapper = {
    [name](...args) {
      return invoke(wrapper, undefined, fn, args);
    },
  }[name];
  return wrapper;
}

const createAuthorizationCodeVerifier = exportFunction('createAuthorizationCodeVerifier');
const computeCodeChallenge = exportFunction('computeCodeChallenge');
const generateState = exportFunction('generateState', 'generateToken');
const generateNonce = exportFunction('generateNonce', 'generateToken');
const getDefaultCommunicationScopes = exportFunction('getDefaultCommunicationScopes');
const getDefaultPresenceScopes = exportFunction('getDefaultPresenceScopes');
const sha256Hex = exportFunction('sha256Hex');
const base64url = exportFunction('base64url');
const secureRandomBytes = exportFunction('secureRandomBytes');

/** buildAuthorizeUrl(args, { baseUrl, platform }) -> { url, state, redirectUri }. */
function buildAuthorizeUrl(...args) {
  if (args.length >= 1) {
    const native = nativeOf(args[0]);
    // Anything that is not a facade instance goes through as is: the native
    // side rejects it with a TypeError.
    if (native !== undefined) args[0] = native;
  }
  return invoke(buildAuthorizeUrl, undefined, binding.buildAuthorizeUrl, args);
}

/** SDK enum AuthorizationCodeChallengeMethod. */
const AuthorizationCodeChallengeMethod = Object.freeze({ S256: 0 });
/** SDK enum IntegrationType. */
const IntegrationType = Object.freeze({ GUILD_INSTALL: 0, USER_INSTALL: 1 });
/** The redirect URI used on desktop. */
const DESKTOP_REDIRECT_URI = 'http://127.0.0.1/callback';
/** The Node-API version the binary was built for. */
const napiVersion = binding.napiVersion;

module.exports = {
  AuthorizationArgs,
  AuthorizationCodeChallengeMethod,
  IntegrationType,
  DESKTOP_REDIRECT_URI,
  createAuthorizationCodeVerifier,
  computeCodeChallenge,
  generateState,
  generateNonce,
  getDefaultCommunicationScopes,
  getDefaultPresenceScopes,
  buildAuthorizeUrl,
  sha256Hex,
  base64url,
  secureRandomBytes,
  napiVersion,
  BINDING_PATH,
};
