/**
 * The client's side of the open Activity's frame: the protocol's view of the client
 * (frame-host.ts) read from the store (how the frame is shown included, watched through the
 * store's subscription), the consent screen an Activity's `authorize()` opens
 * (the same authorize API the Authorize flow uses, with the person's session token, and no
 * redirect_uri, so the code is the app's first registered redirect URI's and is exchanged
 * without one), and every frame message recorded in the launch's inspector entry.
 */
import type { HttpExchange } from '../../api/authorize-http.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { readConsent, type ConsentView } from '../authorize/consent-view.js';
import { errorLine } from '../authorize/flow-steps.js';
import type { AuthorizeOutcome, FrameHost, GrantOutcome, TokenGrant } from './frame-host.js';
import { activityParticipants, knownChannel, knownUser } from './frame-people.js';
import { inspectable } from './frame-record.js';
import type { FrameRecord } from './frame-session.js';

/** The consent screen an Activity opened, while the person answers. */
export interface ActivityConsent {
  view: ConsentView;
  /** The authorize request's query, which the answer repeats. */
  query: string;
  /** Why the last answer was refused; the screen stays open. */
  error: string | null;
}

/** The client's state and actions for the open Activity's frame. */
export interface ActivityFrameSlice {
  activityConsent: ActivityConsent | null;
  /** The protocol's view of the client for the open Activity; null when none is open. */
  activityFrameHost(): FrameHost | null;
  answerActivityConsent(authorize: boolean, guildId: string | null): Promise<void>;
  /** Ends a consent screen no one will answer (the Activity closed): its `authorize()` fails. */
  dismissActivityConsent(reason: string): void;
  /**
   * One frame message, for the launch's inspector entry: gathered and added a few times a
   * second at most, as an Activity may log (CAPTURE_LOG) on every frame it draws.
   */
  recordFrameMessage(record: FrameRecord): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends ActivityFrameSlice {}
}

/** How long frame messages gather before the inspector takes them. */
export const FRAME_RECORD_DELAY_MS = 100;

function readGrant(body: unknown): TokenGrant | undefined {
  const grant = body as Partial<TokenGrant> | null;
  const application = grant?.application;
  if (!grant || typeof application?.id !== 'string' || !Array.isArray(grant.scopes) || typeof grant.expires !== 'string') return undefined;
  return { application: { ...application, name: String(application.name ?? application.id) }, scopes: grant.scopes.map(String), expires: grant.expires, ...(grant.user ? { user: grant.user } : {}) };
}

/** Where the consent's redirect sends the browser: its code, or the OAuth error in words. */
function outcomeOf(location: string): AuthorizeOutcome {
  const query = new URL(location).searchParams;
  const code = query.get('code');
  if (code) return { ok: true, code };
  return { ok: false, message: `${query.get('error') ?? 'access_denied'}: ${query.get('error_description') ?? 'the app was not authorized.'}` };
}

/** The slice; its consent waits for one person's answer at a time. */
export function createActivityFrameSlice(deps: ClientDeps): Slice<ActivityFrameSlice> {
  return (set, get, store) => {
    /** Frame messages the inspector has not taken yet, by launch. */
    let gathered: Array<{ launchNonce: string; data: Record<string, unknown> }> = [];
    const handOver = () => {
      const taken = gathered;
      gathered = [];
      for (const launchNonce of new Set(taken.map((entry) => entry.launchNonce))) {
        get().activityFrameEvents(launchNonce, taken.filter((entry) => entry.launchNonce === launchNonce).map((entry) => entry.data));
      }
    };
    /** The `authorize()` waiting for the person's answer. */
    let waiting: ((outcome: AuthorizeOutcome) => void) | null = null;
    const finish = (outcome: AuthorizeOutcome) => {
      const resolve = waiting;
      waiting = null;
      set({ activityConsent: null });
      resolve?.(outcome);
    };

    const authorize = async (query: URLSearchParams): Promise<AuthorizeOutcome> => {
      const token = get().token;
      if (token === null) return { ok: false, message: 'Nobody is signed in to the client.' };
      if (waiting) return { ok: false, message: 'Another authorize() is waiting for the person\'s answer.' };
      const answer: HttpExchange = await deps.authorize.consent(token, query.toString());
      const view = answer.response?.status === 200 ? readConsent(answer.response.body) : undefined;
      if (!view) return { ok: false, message: `The authorize request was refused: ${errorLine(answer)}` };
      return new Promise((resolve) => {
        waiting = resolve;
        // The code goes back to the Activity, not through a redirect: the screen names none.
        set({ activityConsent: { view: { ...view, redirectUri: null }, query: query.toString(), error: null } });
      });
    };

    const tokenGrant = async (accessToken: string): Promise<GrantOutcome> => {
      const answer = await deps.authorize.tokenGrant(accessToken);
      const grant = answer.response?.status === 200 ? readGrant(answer.response.body) : undefined;
      return grant ? { ok: true, grant } : { ok: false, message: `The registry does not take this access token: ${errorLine(answer)}` };
    };

    return {
      activityConsent: null,

      activityFrameHost() {
        const activity = get().activity;
        if (activity === null) return null;
        return {
          applicationId: activity.applicationId,
          applicationName: activity.applicationName,
          me: () => get().me,
          locale: () => get().locale,
          registryHost: () => new URL(deps.authorize.baseUrl()).host,
          channel: (id) => knownChannel(get(), id),
          user: (id) => knownUser(get(), id),
          participants: () => activityParticipants(get()),
          authorize,
          tokenGrant,
          // The same new window (the desktop app: the system browser) the Authorize flow's redirects open in.
          openExternalLink: (url) => deps.followRedirect(url),
          display: () => {
            const { orientation, layout } = get().activityDisplay;
            return { platform: get().activity?.platform ?? activity.platform, orientation, layout };
          },
          watchDisplay: (listener) => store.subscribe((state, previous) => {
            if (state.activityDisplay !== previous.activityDisplay) listener();
          }),
          lockOrientation: (change) => get().lockActivityOrientation(change),
        };
      },

      async answerActivityConsent(authorizeIt, guildId) {
        const consent = get().activityConsent;
        const token = get().token;
        if (consent === null || token === null || !waiting) return;
        const answer = await deps.authorize.decide(token, consent.query, { authorize: authorizeIt, ...(guildId ? { guild_id: guildId } : {}) });
        const location = (answer.response?.body as { location?: unknown } | null)?.location;
        if (answer.response?.status !== 200 || typeof location !== 'string') {
          if (get().activityConsent === consent) set({ activityConsent: { ...consent, error: errorLine(answer) } });
          return;
        }
        finish(outcomeOf(location));
      },

      dismissActivityConsent(reason) {
        if (waiting) finish({ ok: false, message: reason });
      },

      recordFrameMessage(record) {
        const launchNonce = get().activity?.launchNonce;
        if (!launchNonce) return;
        if (gathered.length === 0) deps.schedule(handOver, FRAME_RECORD_DELAY_MS);
        gathered.push({
          launchNonce,
          data: { direction: record.direction, message: inspectable(record.message), ...(record.note === undefined ? {} : { note: record.note }) },
        });
      },
    };
  };
}
