/**
 * What the store needs from the outside world, as interfaces: the host contract, the
 * registry's REST API, its gateway, a clock, timers and nonces. The browser build passes
 * real ones (api/browser-deps.ts); unit tests pass fakes, so no slice touches the DOM.
 */
import type { HostApi } from '../../shared/host-contract.js';
import type { AuthorizeApi } from '../api/authorize-http.js';
import type { CommandIndex, CurrentUser, Explanation, InvokeBody, ServiceErrorBody, WireAttachment, WireChannel, WireMessage } from '../api/wire-types.js';

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

/** A file picked for an ATTACHMENT option: its bytes and how to name them. */
export interface UploadFile {
  filename: string;
  /** The media type the browser gave, or '' when it knows none. */
  contentType: string;
  bytes: Blob;
}

/** The registry's API as the client calls it. */
export interface RestApi {
  /** The index with the commands hidden here listed apart (`include_hidden=true`). */
  commandIndex(caller: Caller, channelId: string): Promise<RestAnswer<CommandIndex>>;
  messages(caller: Caller, channelId: string): Promise<RestAnswer<WireMessage[]>>;
  invoke(caller: Caller, body: InvokeBody): Promise<RestAnswer<null>>;
  /** Uploads a file for an ATTACHMENT option to the channel, before the invocation names it. */
  uploadAttachment(caller: Caller, channelId: string, file: UploadFile): Promise<RestAnswer<WireAttachment>>;
  /**
   * The bytes of a file the registry serves (an ATTACHMENT option's upload), from its URL's
   * path on this registry: no token, the URL's key is the credential. For a scenario's files.
   */
  attachmentFile(url: string): Promise<RestAnswer<Blob>>;
  /** Why a command is or is not shown in the channel: every check with its verdict. */
  explain(caller: Caller, commandId: string, channelId: string): Promise<RestAnswer<Explanation>>;
  /** Leaves an Activity instance (its panel was closed). */
  leaveActivity(caller: Caller, instanceId: string): Promise<RestAnswer<null>>;
  /** The token's person (`GET /users/@me`): who a remote registry's token acts as. */
  currentUser(caller: Caller): Promise<RestAnswer<CurrentUser>>;
  /** A message the person writes (`POST /channels/{id}/messages`), a reply when it names one. */
  postMessage(caller: Caller, channelId: string, body: OutgoingMessage): Promise<RestAnswer<WireMessage>>;
  /** The person's vote in a poll (`PUT /channels/{c}/polls/{m}/answers/@me`); an empty list removes it. */
  votePoll(caller: Caller, channelId: string, messageId: string, answerIds: number[]): Promise<RestAnswer<null>>;
  /** Opens the DM with one person, or a group DM with several (`POST /users/@me/channels`). */
  openDirectMessage(caller: Caller, body: { recipient_id: string } | { recipients: string[] }): Promise<RestAnswer<WireChannel>>;
  /** A request of the management API (`/_slashbench/*`): the world editor's reads and edits. */
  manage(caller: Caller, request: ManagementCall): Promise<RestAnswer<unknown>>;
}

/**
 * Where the inspector's record is kept across reloads; `load` answers what a previous page
 * of this tab saved, unchecked (the inspector keeps only what has an entry's shape).
 */
export interface InspectorJournal {
  load(): unknown[];
  save(entries: readonly unknown[]): void;
}

/** What the composer sends as a plain message. */
export interface OutgoingMessage {
  content: string;
  message_reference?: { message_id: string };
}

/** One management API request: `path` is under `/_slashbench`, `body` is sent as JSON. */
export interface ManagementCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
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
  /** The Authorize flow's calls (authorize API, token endpoint, JWKS, command permissions). */
  authorize: AuthorizeApi;
  /** The browser follows an authorize redirect (a new window; in the desktop app, the system's handler). */
  followRedirect(url: string): void;
  /**
   * Points `rest` and `connectGateway` at a remote registry's origin, or back at the local
   * one (null): the registry that served the page, or the desktop app's own.
   */
  useRegistry(origin: string | null): void;
  now(): number;
  /** Where the inspector's record survives a reload of the page. */
  inspectorJournal: InspectorJournal;
  /** Runs `run` after `ms`; answers a cancel. */
  schedule(run: () => void, ms: number): () => void;
  /** A fresh interaction nonce (at most 25 characters). */
  nonce(): string;
}
