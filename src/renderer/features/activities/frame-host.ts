/**
 * What the frame protocol asks of the client: who is signed in, the channels and people it
 * knows, and the two steps that reach the registry (the consent screen for `authorize()`,
 * the token's grant for `authenticate()`). The activities slice provides it from the store;
 * protocol tests give a small one of their own.
 */
import type { APIUser } from 'discord-api-types/v10';
import type { WireChannel } from '../../api/wire-types.js';
import type { ActivityPlatform, LayoutMode, LockChange, Orientation } from './activity-display.js';
import type { SdkParticipant } from './sdk-views.js';

/** What the person answered the consent screen: a code, or why there is none. */
export type AuthorizeOutcome = { ok: true; code: string } | { ok: false; message: string };

/** An access token's grant, as `GET /oauth2/@me` answers it. */
export interface TokenGrant {
  application: { id: string; name: string; description?: string; icon?: string | null };
  scopes: string[];
  expires: string;
  user?: APIUser;
}

/** A token's grant, or why the registry does not take the token. */
export type GrantOutcome = { ok: true; grant: TokenGrant } | { ok: false; message: string };

/** How the frame is shown now: the events ORIENTATION_UPDATE and ACTIVITY_LAYOUT_MODE_UPDATE tell it. */
export interface FrameDisplay {
  platform: ActivityPlatform;
  orientation: Orientation;
  layout: LayoutMode;
}

/** The client, as one Activity's frame may know it. */
export interface FrameHost {
  /** The Activity's app: the client id its handshake and `authorize()` must name. */
  applicationId: string;
  applicationName: string;
  /** The person using the client. */
  me(): APIUser | null;
  locale(): string;
  /** The registry's host (`127.0.0.1:8484`), where READY says the API is. */
  registryHost(): string;
  /** A channel this client knows, with its guild (null for a DM). */
  channel(id: string): { channel: WireChannel; guildId: string | null } | undefined;
  /** Someone this client knows. */
  user(id: string): APIUser | undefined;
  /** The people in the Activity now. */
  participants(): SdkParticipant[];
  /** Asks the person through the consent screen; `query` is the authorize request's. */
  authorize(query: URLSearchParams): Promise<AuthorizeOutcome>;
  /** What an access token grants (the registry's `GET /oauth2/@me`). */
  tokenGrant(accessToken: string): Promise<GrantOutcome>;
  /** Opens a web page outside the client (a new window; the desktop app's system browser). */
  openExternalLink(url: string): void;
  display(): FrameDisplay;
  /** Calls `listener` after the display may have changed; answers how to stop. */
  watchDisplay(listener: () => void): () => void;
  /** The Activity's `setOrientationLockState`. */
  lockOrientation(change: LockChange): void;
}
