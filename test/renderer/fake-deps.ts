/**
 * The client's store with fake dependencies, for unit tests without a DOM: a host with the
 * example's people, a REST API answering from the test's tables (and recording every
 * invocation), a gateway the test dispatches on, a clock and timers the test moves.
 */
import type { HostUser } from '../../src/shared/host-contract.js';
import type { CommandIndex, InvokeBody, ReadyPayload, WireMessage } from '../../src/renderer/api/wire-types.js';
import { createAppStore, type AppStore } from '../../src/renderer/store/create-app-store.js';
import type { ClientDeps, GatewayListener, RestAnswer } from '../../src/renderer/store/deps.js';

export const PEOPLE: HostUser[] = [
  { id: '10', username: 'alice', global_name: 'Alice', locale: 'en-US' },
  { id: '11', username: 'bob', global_name: null, locale: 'fr' },
];

export const GUILD = '20';
export const GENERAL = '21';
export const APP = '30';

export function readyFor(userId: string, extra: Partial<ReadyPayload> = {}): ReadyPayload {
  const user = PEOPLE.find((person) => person.id === userId) ?? PEOPLE[0]!;
  return {
    user: { id: user.id, username: user.username, global_name: user.global_name, discriminator: '0', avatar: null, locale: user.locale ?? 'en-US' },
    guilds: [{
      id: GUILD, name: 'Guild', owner_id: '10', roles: [],
      channels: [
        { id: '22', type: 4, name: 'Text', position: 0 },
        { id: GENERAL, type: 0, name: 'general', parent_id: '22', position: 1 },
        { id: '23', type: 2, name: 'Lounge', position: 2 },
      ],
      threads: [{ id: '24', type: 11, name: 'plans', parent_id: GENERAL }],
      members: PEOPLE.map((person) => ({ user: { id: person.id, username: person.username, global_name: person.global_name, discriminator: '0', avatar: null }, roles: [] })),
    }],
    private_channels: [],
    session_id: 'session',
    ...extra,
  };
}

export interface Fake {
  store: AppStore;
  deps: ClientDeps;
  invocations: InvokeBody[];
  /** Answers of the next invocations, in order (204 when none is queued). */
  invokeAnswers: Array<RestAnswer<null>>;
  index: { current: CommandIndex };
  messages: { current: WireMessage[] };
  indexLoads: Array<{ channelId: string; locale: string }>;
  gateway: { listener: GatewayListener | null; token: string | null; closes: number };
  timers: Array<{ run: () => void; ms: number; cancelled: boolean }>;
  clock: { now: number };
  /** Runs the timers that are due (all of them: the tests move time in steps). */
  runTimers(): void;
  /** Lets every pending promise settle. */
  settle(): Promise<void>;
}

export function fakeClient(index: CommandIndex): Fake {
  const fake = {
    invocations: [] as InvokeBody[],
    invokeAnswers: [] as Array<RestAnswer<null>>,
    index: { current: index },
    messages: { current: [] as WireMessage[] },
    indexLoads: [] as Array<{ channelId: string; locale: string }>,
    gateway: { listener: null as GatewayListener | null, token: null as string | null, closes: 0 },
    timers: [] as Array<{ run: () => void; ms: number; cancelled: boolean }>,
    clock: { now: 1_000_000 },
  };
  let nonce = 0;
  const deps: ClientDeps = {
    host: {
      listUsers: async () => ({ ok: true, value: { users: PEOPLE } }),
      openSession: async ({ user_id: userId }) => {
        const user = PEOPLE.find((person) => person.id === userId);
        return user ? { ok: true, value: { token: `token-${userId}`, user } } : { ok: false, error: { code: 'unknown-user', message: 'no such person' } };
      },
    },
    rest: {
      commandIndex: async (caller, channelId) => {
        fake.indexLoads.push({ channelId, locale: caller.locale });
        return { ok: true, status: 200, body: fake.index.current };
      },
      messages: async () => ({ ok: true, status: 200, body: fake.messages.current }),
      invoke: async (_caller, body) => {
        fake.invocations.push(body);
        return fake.invokeAnswers.shift() ?? { ok: true, status: 204, body: null };
      },
    },
    connectGateway: (token, listener) => {
      fake.gateway.listener = listener;
      fake.gateway.token = token;
      return { close: () => { fake.gateway.closes += 1; } };
    },
    now: () => fake.clock.now,
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      fake.timers.push(timer);
      return () => { timer.cancelled = true; };
    },
    nonce: () => String(++nonce),
  };
  const store = createAppStore(deps);
  return {
    ...fake, store, deps,
    runTimers() {
      const due = fake.timers.splice(0);
      for (const timer of due) if (!timer.cancelled) timer.run();
    },
    async settle() {
      for (let round = 0; round < 10; round += 1) await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** Starts the client as `userId` and delivers READY: the client is then ready in #general. */
export async function startedClient(index: CommandIndex, userId = '10'): Promise<Fake> {
  const fake = fakeClient(index);
  await fake.store.getState().start(userId);
  fake.gateway.listener?.dispatch('READY', readyFor(userId));
  await fake.settle();
  return fake;
}
