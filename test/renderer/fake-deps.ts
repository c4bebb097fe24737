/**
 * The client's store with fake dependencies, for unit tests without a DOM: a host with the
 * example's people, a REST API answering from the test's tables (and recording every
 * invocation), a gateway the test dispatches on, a clock and timers the test moves.
 */
import { DEFAULT_SETTINGS, type ClientSettings } from '../../src/shared/client-settings.js';
import type { HostUser } from '../../src/shared/host-contract.js';
import type { CommandIndex, CurrentUser, Explanation, InvokeBody, ReadyPayload, WireAttachment, WireChannel, WireMessage } from '../../src/renderer/api/wire-types.js';
import { createAppStore, type AppStore } from '../../src/renderer/store/create-app-store.js';
import type { ClientDeps, GatewayListener, ManagementCall, OutgoingMessage, RestAnswer, UploadFile } from '../../src/renderer/store/deps.js';
import { NO_AUTHORIZE_API, NO_AUTHORIZE_HOST } from './no-authorize.js';

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
  /** Every upload, with its channel; answered from `uploadAnswers` in order (else accepted with the next id). */
  uploads: Array<{ channelId: string; file: UploadFile }>;
  posted: Array<{ channelId: string; body: OutgoingMessage }>;
  /** Poll votes sent, in order; answered from `voteAnswers` in order (else 204). */
  votes: Array<{ channelId: string; messageId: string; answerIds: number[] }>;
  voteAnswers: Array<RestAnswer<null>>;
  postAnswers: Array<RestAnswer<WireMessage>>;
  openedDirectMessages: unknown[];
  directMessageAnswers: Array<RestAnswer<WireChannel>>;
  uploadAnswers: Array<RestAnswer<WireAttachment>>;
  /** The files the registry serves, by URL (`attachmentFile`; others get 404). */
  files: Map<string, Uint8Array>;
  /** `/_slashbench/explain` answers by command id. */
  explanations: Record<string, RestAnswer<Explanation>>;
  /** Activity instances left, in order. */
  activityLeaves: string[];
  gateway: { listener: GatewayListener | null; token: string | null; closes: number };
  /** The host's kept settings and every write in order; `refuse` makes writes fail with that message. */
  settings: { current: ClientSettings; warning: string | null; writes: ClientSettings[]; refuse: string | null };
  /** A remote registry: who each token is (`GET /users/@me`; others get 401), and where REST points (null: local). */
  remote: { users: Record<string, CurrentUser>; reachable: boolean; origin: string | null };
  /** Management API requests in order, each answered by `answer` (200 with no body unless a test says otherwise). */
  management: { calls: ManagementCall[]; answer: (call: ManagementCall) => RestAnswer<unknown> };
  timers: Array<{ run: () => void; ms: number; cancelled: boolean }>;
  clock: { now: number };
  /** The inspector's journal: what the page saved, read back by the next client made with these deps. */
  journal: { saved: unknown[]; load(): unknown[]; save(entries: readonly unknown[]): void };
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
    uploads: [] as Array<{ channelId: string; file: UploadFile }>,
    posted: [] as Array<{ channelId: string; body: OutgoingMessage }>,
    votes: [] as Array<{ channelId: string; messageId: string; answerIds: number[] }>,
    voteAnswers: [] as Array<RestAnswer<null>>,
    postAnswers: [] as Array<RestAnswer<WireMessage>>,
    openedDirectMessages: [] as unknown[],
    directMessageAnswers: [] as Array<RestAnswer<WireChannel>>,
    uploadAnswers: [] as Array<RestAnswer<WireAttachment>>,
    files: new Map<string, Uint8Array>(),
    explanations: {} as Record<string, RestAnswer<Explanation>>,
    activityLeaves: [] as string[],
    gateway: { listener: null as GatewayListener | null, token: null as string | null, closes: 0 },
    settings: { current: DEFAULT_SETTINGS, warning: null as string | null, writes: [] as ClientSettings[], refuse: null as string | null },
    remote: { users: {} as Record<string, CurrentUser>, reachable: true, origin: null as string | null },
    management: { calls: [] as ManagementCall[], answer: (_call: ManagementCall): RestAnswer<unknown> => ({ ok: true, status: 200, body: null }) },
    timers: [] as Array<{ run: () => void; ms: number; cancelled: boolean }>,
    clock: { now: 1_000_000 },
    journal: { saved: [] as unknown[], load() { return this.saved; }, save(entries: readonly unknown[]) { this.saved = [...entries]; } },
  };
  let nonce = 0;
  const deps: ClientDeps = {
    host: {
      listUsers: async () => ({ ok: true, value: { users: PEOPLE } }),
      openSession: async ({ user_id: userId }) => {
        const user = PEOPLE.find((person) => person.id === userId);
        return user ? { ok: true, value: { token: `token-${userId}`, user } } : { ok: false, error: { code: 'unknown-user', message: 'no such person' } };
      },
      readSettings: async () => ({ ok: true, value: { settings: fake.settings.current, warning: fake.settings.warning } }),
      writeSettings: async ({ settings }) => {
        if (fake.settings.refuse !== null) return { ok: false, error: { code: 'unavailable', message: fake.settings.refuse } };
        fake.settings.writes.push(settings);
        fake.settings.current = settings;
        return { ok: true, value: { settings } };
      },
      ...NO_AUTHORIZE_HOST,
    },
    authorize: NO_AUTHORIZE_API,
    followRedirect: () => undefined,
    rest: {
      commandIndex: async (caller, channelId) => {
        fake.indexLoads.push({ channelId, locale: caller.locale });
        return { ok: true, status: 200, body: fake.index.current };
      },
      messages: async () => ({ ok: true, status: 200, body: fake.messages.current }),
      postMessage: async (_caller, channelId, body) => {
        fake.posted.push({ channelId, body });
        return fake.postAnswers.shift() ?? {
          ok: true, status: 200,
          body: { id: String(950 + fake.posted.length), channel_id: channelId, content: body.content, timestamp: new Date(0).toISOString(), author: { id: '10', username: 'alice', global_name: 'Alice', discriminator: '0', avatar: null } } as never,
        };
      },
      votePoll: async (_caller, channelId, messageId, answerIds) => {
        fake.votes.push({ channelId, messageId, answerIds });
        return fake.voteAnswers.shift() ?? { ok: true, status: 204, body: null };
      },
      openDirectMessage: async (_caller, body) => {
        fake.openedDirectMessages.push(body);
        return fake.directMessageAnswers.shift() ?? { ok: false, status: 404, error: { code: 10013, message: 'Unknown User' } };
      },
      invoke: async (_caller, body) => {
        fake.invocations.push(body);
        return fake.invokeAnswers.shift() ?? { ok: true, status: 204, body: null };
      },
      uploadAttachment: async (_caller, channelId, file) => {
        fake.uploads.push({ channelId, file });
        const id = String(900 + fake.uploads.length);
        return fake.uploadAnswers.shift() ?? {
          ok: true, status: 200,
          body: { id, filename: file.filename, size: file.bytes.size, url: `http://registry/attachments/${channelId}/${id}/${file.filename}` },
        };
      },
      attachmentFile: async (url) => {
        const bytes = fake.files.get(url);
        return bytes === undefined ? { ok: false, status: 404, error: { code: 0, message: '404: Not Found' } } : { ok: true, status: 200, body: new Blob([bytes]) };
      },
      explain: async (_caller, commandId) =>
        fake.explanations[commandId] ?? { ok: false, status: 404, error: { code: 10063, message: 'Unknown application command' } },
      leaveActivity: async (_caller, instanceId) => {
        fake.activityLeaves.push(instanceId);
        return { ok: true, status: 204, body: null };
      },
      currentUser: async (caller) => {
        if (!fake.remote.reachable) return { ok: false, status: 0, error: { code: 0, message: 'The registry could not be reached (TypeError: Failed to fetch).' } };
        const user = fake.remote.users[caller.token];
        return user ? { ok: true, status: 200, body: user } : { ok: false, status: 401, error: { code: 0, message: '401: Unauthorized' } };
      },
      manage: async (_caller, call) => {
        fake.management.calls.push(call);
        return fake.management.answer(call);
      },
    },
    useRegistry: (origin) => {
      fake.remote.origin = origin;
    },
    connectGateway: (token, listener) => {
      fake.gateway.listener = listener;
      fake.gateway.token = token;
      return { close: () => { fake.gateway.closes += 1; } };
    },
    now: () => fake.clock.now,
    inspectorJournal: fake.journal,
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
