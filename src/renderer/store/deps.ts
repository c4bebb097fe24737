/**
 * What the store needs from the outside world, as interfaces: the host contract, the
 * registry's REST API, its gateway, a clock, timers and nonces. The browser build passes
 * real ones (api/browser-deps.ts); unit tests pass fakes, so no slice touches the DOM.
 */
import type { HostApi } from '../../shared/host-contract.js';
import type { CommandIndex, InvokeBody, ServiceErrorBody, WireMessage } from '../api/wire-types.js';

/** An HTTP answer: the body on success, the service's error body otherwise (status 0: no answer). */
export type RestAnswer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ServiceErrorBody };

/**
 * Who calls: the person's session token, and their locale, sent as `X-Discord-Locale` as
 * the real client does (the browser's Accept-Language would otherwise decide localization).
 */
export interface Caller {
  token: string;
  locale: string;
}

/** The registry's API as the client calls it. */
export interface RestApi {
  commandIndex(caller: Caller, channelId: string): Promise<RestAnswer<CommandIndex>>;
  messages(caller: Caller, channelId: string): Promise<RestAnswer<WireMessage[]>>;
  invoke(caller: Caller, body: InvokeBody): Promise<RestAnswer<null>>;
}

/** What a gateway connection tells the store. */
export interface GatewayListener {
  dispatch(event: string, data: unknown): void;
  /** The connection ended without the client asking (it reconnects on its own if it can). */
  closed(code: number, reason: string): void;
}

export interface GatewayHandle {
  close(): void;
}

export interface ClientDeps {
  host: HostApi;
  rest: RestApi;
  connectGateway(token: string, listener: GatewayListener): GatewayHandle;
  now(): number;
  /** Runs `run` after `ms`; answers a cancel. */
  schedule(run: () => void, ms: number): () => void;
  /** A fresh interaction nonce (at most 25 characters). */
  nonce(): string;
}
