/**
 * Who the client acts as. The host lists the world's people and mints a session token for
 * the chosen one; the client then opens its gateway session with that token, and READY
 * brings the person's guilds and DMs. Switching user starts over with a new token, so the
 * identity, the locale and everything the command picker shows follow the new person.
 */
import type { HostUser } from '../../../shared/host-contract.js';
import type { CurrentUser, ReadyPayload } from '../../api/wire-types.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps, GatewayHandle } from '../../store/deps.js';
import { routeDispatch } from '../gateway/route-dispatch.js';

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
  locale: string;
  connection: ConnectionState;
  connectionError: string | null;
  /** Lists the people and acts as `preferredUserId` (or the first person). */
  start(preferredUserId?: string | null): Promise<void>;
  actAs(userId: string): Promise<void>;
  /** A fresh gateway session with the same token: a new READY, e.g. after the world changed. */
  reconnect(): void;
  gatewayReady(ready: ReadyPayload): void;
}

export function createSessionSlice(deps: ClientDeps): Slice<SessionSlice> {
  return (set, get) => {
    let handle: GatewayHandle | null = null;
    let generation = 0;

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
          set({ connection: 'failed', connectionError: `The gateway closed (${code}${reason ? `: ${reason}` : ''}); reconnecting.` });
          deps.schedule(() => {
            if (current !== generation || get().token !== token) return;
            // 4004: the token is no longer valid (a newer session replaced it); mint another.
            const userId = get().actingUserId;
            if (code === AUTHENTICATION_FAILED && userId !== null) void get().actAs(userId);
            else connect(token);
          }, RECONNECT_DELAY_MS);
        },
      });
    };

    return {
      people: [],
      actingUserId: null,
      token: null,
      me: null,
      locale: 'en-US',
      connection: 'idle',
      connectionError: null,

      async start(preferredUserId) {
        set({ connection: 'opening', connectionError: null });
        const listed = await deps.host.listUsers({});
        if (!listed.ok) {
          set({ connection: 'failed', connectionError: listed.error.message });
          return;
        }
        const people = listed.value.users;
        set({ people });
        const chosen = people.find((person) => person.id === preferredUserId) ?? people[0];
        if (!chosen) {
          set({ connection: 'failed', connectionError: 'The world has no people to act as.' });
          return;
        }
        await get().actAs(chosen.id);
      },

      async actAs(userId) {
        generation += 1;
        handle?.close();
        handle = null;
        const person = get().people.find((entry) => entry.id === userId);
        set({ actingUserId: userId, token: null, me: null, connection: 'opening', connectionError: null, locale: person?.locale ?? 'en-US' });
        get().resetWorld();
        get().resetMessages();
        get().resetIndex();
        get().resetComposer();
        const opened = await deps.host.openSession({ user_id: userId });
        if (get().actingUserId !== userId) return;
        if (!opened.ok) {
          set({ connection: 'failed', connectionError: opened.error.message });
          return;
        }
        set({ token: opened.value.token });
        connect(opened.value.token);
      },

      reconnect() {
        const token = get().token;
        if (token !== null) connect(token);
      },

      gatewayReady(ready) {
        set({ me: ready.user, locale: ready.user.locale ?? ready.user_settings?.locale ?? get().locale, connection: 'ready', connectionError: null });
        get().loadWorld(ready);
      },
    };
  };
}
