/**
 * Who the client acts as. The host lists the world's people and mints a session token for
 * the chosen one; the client then opens its gateway session with that token, and READY
 * brings the person's guilds and DMs. Switching user starts over with a new token, so the
 * identity, the locale and everything the command picker shows follow the new person.
 * On a remote registry (the settings) the people are those of the kept tokens instead.
 * The choice of person is kept in the settings, so a restart acts as the same one.
 */
import type { ClientSettings } from '../../../shared/client-settings.js';
import type { HostApi, HostUser } from '../../../shared/host-contract.js';
import type { CurrentUser, ReadyPayload } from '../../api/wire-types.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps, GatewayHandle } from '../../store/deps.js';
import { routeDispatch } from '../gateway/route-dispatch.js';
import { remotePeople } from './remote-people.js';

export type ConnectionState = 'idle' | 'opening' | 'connecting' | 'ready' | 'failed';

/** How long to wait before reconnecting after the gateway dropped. */
export const RECONNECT_DELAY_MS = 1000;

/** The gateway's close code for a token it does not know. */
const AUTHENTICATION_FAILED = 4004;

export interface SessionSlice {
  people: HostUser[];
  actingUserId: string | null;
  token: string | null;
  me: CurrentUser | null;
  /** The client's locale: the settings' choice, else the acting person's own (`userLocale`). */
  locale: string;
  /** The acting person's own locale, from the world (then READY). */
  userLocale: string;
  /** The remote registry the client talks to, or null for the local one. */
  remoteRegistry: string | null;
  /** Why the remote registry cannot be used (unreachable, a refused token), for the banner that offers the way back. */
  registryError: string | null;
  connection: ConnectionState;
  connectionError: string | null;
  /**
   * Reads the settings, then acts as `preferredUserId` (the page's `?user=`), else the
   * person the settings keep, else the first: the world's people on the local registry,
   * the tokens' people on a remote one.
   */
  start(preferredUserId?: string | null): Promise<void>;
  /** Acts as another person and keeps the choice in the settings. */
  actAs(userId: string): Promise<void>;
  /** A fresh gateway session with the same token: a new READY, e.g. after the world changed. */
  reconnect(): void;
  /** Hides the remote registry's problem (some tokens may still work). */
  dismissRegistryError(): void;
  gatewayReady(ready: ReadyPayload): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends SessionSlice {}
}

export function createSessionSlice(deps: ClientDeps): Slice<SessionSlice> {
  return (set, get) => {
    let handle: GatewayHandle | null = null;
    let generation = 0;
    // On a remote registry: each person's token, from the settings (the host cannot mint them there).
    let remoteTokens = new Map<string, string>();

    /** Not connected, and why; a remote registry's problem goes to the banner, which offers the way back. */
    const fail = (message: string, remote: boolean) => set(remote
      ? { connection: 'failed', connectionError: 'Not connected: the remote registry cannot be used.', registryError: message }
      : { connection: 'failed', connectionError: message });

    const connect = (token: string) => {
      handle?.close();
      const current = ++generation;
      set({ connection: 'connecting', connectionError: null });
      handle = deps.connectGateway(token, {
        dispatch: (event, data) => {
          if (current === generation) routeDispatch(get(), event, data);
        },
        closed: (code, reason) => {
          if (current !== generation) return;
          const remote = get().remoteRegistry;
          if (code === AUTHENTICATION_FAILED && remote !== null) {
            // A remote token cannot be replaced from here: say so, and stop.
            fail(`The remote registry at ${remote} refused the token of this person (gateway ${code}${reason ? `: ${reason}` : ''}).`, true);
            return;
          }
          set({ connection: 'failed', connectionError: `The gateway closed (${code}${reason ? `: ${reason}` : ''}); reconnecting.` });
          deps.schedule(() => {
            if (current !== generation || get().token !== token) return;
            // 4004: the token is no longer valid (a newer session replaced it); mint another.
            const userId = get().actingUserId;
            if (code === AUTHENTICATION_FAILED && userId !== null) void openAs(userId);
            else connect(token);
          }, RECONNECT_DELAY_MS);
        },
      });
    };

    /**
     * Forgets the current person's session and world, and opens one for `userId` (`opening`:
     * the host's answer for that person, when it was asked already).
     */
    const openAs = async (userId: string, opening?: ReturnType<HostApi['openSession']>) => {
      generation += 1;
      handle?.close();
      handle = null;
      // The open Activity is the old person's: leave it with their token while it is still here.
      get().closeActivity();
      const person = get().people.find((entry) => entry.id === userId);
      const userLocale = person?.locale ?? 'en-US';
      set({
        actingUserId: userId, token: null, me: null, connection: 'opening', connectionError: null,
        userLocale, locale: get().settings.locale ?? userLocale,
      });
      get().resetWorld();
      get().resetMessages();
      get().resetIndex();
      get().resetComposer();
      // An explanation answers for the person who asked: the next person sees their own.
      get().closeExplanation();
      if (get().remoteRegistry !== null) {
        const token = remoteTokens.get(userId);
        if (token === undefined) {
          fail(`No token of the remote registry belongs to the person ${userId}.`, true);
          return;
        }
        set({ token });
        connect(token);
        return;
      }
      const opened = await (opening ?? deps.host.openSession({ user_id: userId }));
      if (get().actingUserId !== userId) return;
      if (!opened.ok) {
        fail(opened.error.message, false);
        return;
      }
      set({ token: opened.value.token });
      connect(opened.value.token);
    };

    /** Lists the people the client may act as: the local world's, or the remote tokens'. */
    const listPeople = async (settings: ClientSettings): Promise<HostUser[] | null> => {
      const remote = settings.registry === 'remote' ? settings.remote : null;
      deps.useRegistry(remote?.url ?? null);
      set({ remoteRegistry: remote?.url ?? null, registryError: null });
      if (remote === null) {
        const listed = await deps.host.listUsers({});
        if (!listed.ok) {
          fail(listed.error.message, false);
          return null;
        }
        return listed.value.users;
      }
      const answers = await Promise.all(remote.tokens.map((token) => deps.rest.currentUser({ token, locale: get().locale })));
      const found = remotePeople(remote.url, remote.tokens, answers);
      remoteTokens = found.tokens;
      if (found.problem !== null) set({ registryError: found.problem });
      if (found.people.length === 0) {
        fail(found.problem ?? `The remote registry at ${remote.url} has no person for these tokens.`, true);
        return null;
      }
      return found.people;
    };

    return {
      people: [],
      actingUserId: null,
      token: null,
      me: null,
      locale: 'en-US',
      userLocale: 'en-US',
      remoteRegistry: null,
      registryError: null,
      connection: 'idle',
      connectionError: null,

      async start(preferredUserId) {
        set({ connection: 'opening', connectionError: null });
        const settings = await get().loadSettings();
        const kept = settings.registry === 'remote' ? settings.remote?.acting_user_id : settings.acting_user_id;
        // On the local registry, the session of the person the page names (else the one the
        // settings keep) is asked with the people, not after them: the host opens one only for
        // a person of the world, who is then the one chosen, so its answer is used exactly when
        // this request would have been made next, and a refusal changes nothing.
        const local = (settings.registry === 'remote' ? settings.remote : null) === null;
        const candidate = local ? (preferredUserId || kept || null) : null;
        const opening = candidate === null ? null : { userId: candidate, answer: deps.host.openSession({ user_id: candidate }) };
        const people = await listPeople(settings);
        if (people === null) return;
        set({ people });
        const chosen = people.find((person) => person.id === preferredUserId)
          ?? people.find((person) => person.id === kept)
          ?? people[0];
        if (!chosen) {
          fail('The world has no people to act as.', false);
          return;
        }
        await openAs(chosen.id, opening?.userId === chosen.id ? opening.answer : undefined);
      },

      async actAs(userId) {
        const { settings, remoteRegistry } = get();
        // Kept first: the choice stands even if this session does not open.
        const kept = remoteRegistry !== null && settings.remote !== null
          ? get().saveSettings({ remote: { ...settings.remote, acting_user_id: userId } })
          : get().saveSettings({ acting_user_id: userId });
        await Promise.all([kept, openAs(userId)]);
      },

      reconnect() {
        const token = get().token;
        if (token !== null) connect(token);
      },

      dismissRegistryError() {
        set({ registryError: null });
      },

      gatewayReady(ready) {
        const userLocale = ready.user.locale ?? ready.user_settings?.locale ?? get().userLocale;
        set({ me: ready.user, userLocale, locale: get().settings.locale ?? userLocale, connection: 'ready', connectionError: null });
        get().loadWorld(ready);
        for (const running of ready.embedded_activities ?? []) get().instanceHeard(running.channel_id, running.application_id, running.instance_id, running.participants);
      },
    };
  };
}
