// Types for @slashbench/native (index.cjs).

/** Error codes of the errors this module throws (the `code` property). */
export type NativeErrorCode =
  /** A value of the wrong type (TypeError). */
  | 'ERR_INVALID_ARG_TYPE'
  /** A value of the right type but out of range or malformed (TypeError). */
  | 'ERR_INVALID_ARG_VALUE'
  /** Too few arguments (TypeError). */
  | 'ERR_MISSING_ARGS'
  /** Too many arguments (TypeError). */
  | 'ERR_SLASHBENCH_TOO_MANY_ARGS'
  /** buildAuthorizeUrl got args that are not valid (TypeError). */
  | 'ERR_SLASHBENCH_INVALID_AUTHORIZATION_ARGS'
  /** An AuthorizationArgs method was called on another object (TypeError). */
  | 'ERR_INVALID_THIS'
  /** The operating system's secure random source failed (Error). */
  | 'ERR_SLASHBENCH_SECURE_RANDOM'
  /** build/Release/slashbench_native.node is missing (Error, thrown by require). */
  | 'ERR_SLASHBENCH_NATIVE_NOT_BUILT';

/** SDK enum AuthorizationCodeChallengeMethod (S256 = 0, the only method). */
export declare const AuthorizationCodeChallengeMethod: Readonly<{ S256: 0 }>;

/** SDK enum IntegrationType. */
export declare const IntegrationType: Readonly<{ GUILD_INSTALL: 0; USER_INSTALL: 1 }>;
export type IntegrationTypeValue = 0 | 1;

/** `http://127.0.0.1/callback`, the desktop redirect URI. */
export declare const DESKTOP_REDIRECT_URI: 'http://127.0.0.1/callback';

/** An S256 code challenge as returned by this module. */
export interface AuthorizationCodeChallenge {
  /** base64url(sha256(ascii(verifier))), 43 characters, no padding. */
  challenge: string;
  method: 'S256';
}

/** What setCodeChallenge accepts: the method as 'S256' or the enum value 0. */
export interface AuthorizationCodeChallengeInput {
  challenge: string;
  method: 'S256' | 0;
}

/** The SDK's AuthorizationCodeVerifier. */
export interface AuthorizationCodeVerifier {
  /** 43 characters of [A-Za-z0-9-_] (32 secure random bytes, base64url). */
  verifier: string;
  challenge: AuthorizationCodeChallenge;
}

/** AuthorizationArgs.toJSON(): every field, undefined when unset. */
export interface AuthorizationArgsJSON {
  clientId: string | undefined;
  scopes: string;
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: AuthorizationCodeChallenge | undefined;
  integrationType: IntegrationTypeValue | undefined;
  customSchemeParam: string | undefined;
}

/**
 * The Social SDK's AuthorizationArgs. Getters and setters are methods; each
 * takes exactly the arguments shown (other counts throw a TypeError). Optional
 * fields read undefined when unset, and passing undefined unsets them.
 */
export declare class AuthorizationArgs {
  /** Empty args, or a deep, independent copy of other. */
  constructor(other?: AuthorizationArgs);

  /** The application id as a decimal string (uint64), undefined when unset. */
  clientId(): string | undefined;
  /**
   * A canonical decimal string ("0" or no leading zero) or a bigint, from 0
   * to 2^64-1. Numbers are refused (they lose precision above 2^53).
   */
  setClientId(id: string | bigint | undefined): void;

  /** Space-separated scopes; '' when unset. */
  scopes(): string;
  /** Scope tokens separated by single spaces (RFC 6749 3.3), or ''. */
  setScopes(scopes: string): void;

  state(): string | undefined;
  /** Non-empty printable ASCII (RFC 6749 VSCHAR). Unset: buildAuthorizeUrl generates one. */
  setState(state: string | undefined): void;

  nonce(): string | undefined;
  /** Any non-empty string. Not generated when unset (see ensureNonce). */
  setNonce(nonce: string | undefined): void;

  codeChallenge(): AuthorizationCodeChallenge | undefined;
  /** The challenge must be 43 base64url characters (the shape of every S256 challenge). */
  setCodeChallenge(challenge: AuthorizationCodeChallengeInput | undefined): void;

  integrationType(): IntegrationTypeValue | undefined;
  setIntegrationType(type: IntegrationTypeValue | undefined): void;

  customSchemeParam(): string | undefined;
  /** A URI scheme (RFC 3986 3.1) for the mobile redirect `<scheme>:/authorize/callback`. */
  setCustomSchemeParam(scheme: string | undefined): void;

  /** Sets a fresh 43-character random state if none is set; returns the state. */
  ensureState(): string;
  /** Sets a fresh 43-character random nonce if none is set; returns the nonce. */
  ensureNonce(): string;

  /** The SDK's boolean conversion: a client id other than 0 and at least one scope. */
  isValid(): boolean;
  /** A deep, independent copy. */
  clone(): AuthorizationArgs;
  toJSON(): AuthorizationArgsJSON;
}

/** A new PKCE verifier from the OS secure random source, with its S256 challenge. */
export declare function createAuthorizationCodeVerifier(): AuthorizationCodeVerifier;

/** The S256 challenge of a verifier of 43-128 characters of [A-Za-z0-9-._~]. */
export declare function computeCodeChallenge(verifier: string): AuthorizationCodeChallenge;

/** A fresh state: 32 secure random bytes, base64url (43 characters). */
export declare function generateState(): string;
/** A fresh nonce: 32 secure random bytes, base64url (43 characters). */
export declare function generateNonce(): string;

/** "openid sdk.social_layer" */
export declare function getDefaultCommunicationScopes(): string;
/** "openid sdk.social_layer_presence" */
export declare function getDefaultPresenceScopes(): string;

export type Platform = 'desktop' | 'mobile';

export interface BuildAuthorizeUrlOptions {
  /** http(s) URL of the authorization server; trailing slashes are dropped. */
  baseUrl: string;
  /** Which redirect URI to use; 'desktop' when omitted. */
  platform?: Platform;
}

export interface AuthorizeUrl {
  url: string;
  /** The state in the URL: the args' own, or a generated one (args are not modified). */
  state: string;
  /** The redirect URI in the URL, unencoded. */
  redirectUri: string;
}

/**
 * `${baseUrl}/oauth2/authorize?response_type=code&client_id=..&scope=..&state=..&redirect_uri=..`
 * then `nonce`, `code_challenge` + `code_challenge_method=S256` and
 * `integration_type` when set. TypeError when the args are not valid.
 */
export declare function buildAuthorizeUrl(
  args: AuthorizationArgs,
  options: BuildAuthorizeUrlOptions,
): AuthorizeUrl;

/** SHA-256 (FIPS 180-4) as 64 lowercase hex digits; strings are hashed as UTF-8. */
export declare function sha256Hex(data: string | Uint8Array): string;
/** base64url (RFC 4648 section 5) without padding. */
export declare function base64url(data: Uint8Array): string;
/** length (0 to 65536) bytes from the OS secure random source. */
export declare function secureRandomBytes(length: number): Buffer;

/** The Node-API version the binary targets. */
export declare const napiVersion: number;
/** Absolute path of the loaded .node binary. */
export declare const BINDING_PATH: string;
