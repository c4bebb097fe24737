/**
 * The route-test registry's fixture world plus a richer part for the world tests: a guild
 * with channels of every type, a guild whose @everyone cannot view channels, DMs, a group
 * DM, a user install and messages. Loaded on top of `fixtureWorld()`, whose ids and
 * tokens stay as they are. The bus is exposed so tests can hear `worldChanged`.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { EventBus } from '../../src/registry/events.js';
import type { Store } from '../../src/registry/store/store.js';
import { testStore } from './test-store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import { fixtureWorld, IDS, TOKENS } from './test-registry.js';

export const WORLD = {
  stranger: '400000000000000001',
  reader: '400000000000000002',
  lab: '500000000000000001',
  dark: '500000000000000002',
  labHelper: '500000000000000003',
  category: '510000000000000001',
  text: '510000000000000002',
  thread: '510000000000000003',
  voice: '510000000000000004',
  announcement: '510000000000000005',
  announcementThread: '510000000000000006',
  forum: '510000000000000007',
  stage: '510000000000000008',
  directory: '510000000000000009',
  media: '510000000000000010',
  privateThread: '510000000000000011',
  darkText: '520000000000000001',
  botDm: '600000000000000001',
  peopleDm: '600000000000000002',
  groupDm: '600000000000000003',
} as const;

export const WORLD_TOKENS = { stranger: 'user-token-stranger', reader: 'user-token-reader' } as const;

/** Ids of the ten messages in the lab's text channel, oldest first. */
export const TEXT_MESSAGES = Array.from({ length: 10 }, (_, index) => `70000000000000${String(index + 1).padStart(4, '0')}`);
export const DM_MESSAGES = ['710000000000000001', '710000000000000002'] as const;

/** VIEW_CHANNEL | SEND_MESSAGES | USE_APPLICATION_COMMANDS. */
const EVERYONE = ((1n << 10n) | (1n << 11n) | (1n << 31n)).toString();

export function worldExtension(): WorldFile {
  const channel = (id: string, name: string, type: number, parent_id?: string) => ({ id, name, type, ...(parent_id ? { parent_id } : {}) });
  return {
    users: [
      { id: WORLD.stranger, username: 'stranger', locale: 'de', token: WORLD_TOKENS.stranger, applications: [IDS.otherApp] },
      { id: WORLD.reader, username: 'reader', global_name: 'Reader', token: WORLD_TOKENS.reader },
    ],
    applications: [],
    guilds: [
      {
        id: WORLD.lab, name: 'Lab', owner_id: IDS.owner, locale: 'ja',
        roles: [{ id: WORLD.lab, name: '@everyone', permissions: EVERYONE }, { id: WORLD.labHelper, name: 'Helper', permissions: '0' }],
        channels: [
          channel(WORLD.category, 'Text', 4),
          channel(WORLD.text, 'general', 0, WORLD.category),
          channel(WORLD.thread, 'plans', 11, WORLD.text),
          channel(WORLD.voice, 'Lounge', 2, WORLD.category),
          channel(WORLD.announcement, 'news', 5),
          channel(WORLD.announcementThread, 'launch', 10, WORLD.announcement),
          channel(WORLD.forum, 'help', 15),
          channel(WORLD.stage, 'Stage', 13),
          channel(WORLD.directory, 'directory', 14),
          channel(WORLD.media, 'gallery', 16),
          channel(WORLD.privateThread, 'secret', 12, WORLD.text),
        ].map((entry) => (entry.id === WORLD.text ? { ...entry, nsfw: true } : entry)),
        members: [
          { user_id: IDS.owner, roles: [] },
          { user_id: WORLD.reader, roles: [WORLD.labHelper], nick: 'Rea', joined_at: '2024-01-02T03:04:05.000Z' },
        ],
        applications: [IDS.app],
      },
      {
        id: WORLD.dark, name: 'Dark', owner_id: IDS.owner,
        roles: [{ id: WORLD.dark, name: '@everyone', permissions: '2048' }],
        channels: [{ id: WORLD.darkText, name: 'hidden', type: 0 }],
        members: [{ user_id: IDS.owner, roles: [] }, { user_id: WORLD.reader, roles: [] }],
        applications: [IDS.app],
      },
    ],
    channels: [
      { id: WORLD.botDm, type: 1, recipients: [WORLD.reader, IDS.app] },
      { id: WORLD.peopleDm, type: 1, recipients: [IDS.owner, WORLD.reader] },
      { id: WORLD.groupDm, type: 3, recipients: [IDS.owner, WORLD.reader, WORLD.stranger], name: 'Weekend' },
    ],
    messages: [
      ...TEXT_MESSAGES.map((id, index) => ({
        id, channel_id: WORLD.text, author_id: index % 2 === 0 ? IDS.owner : WORLD.reader, content: `message ${index + 1}`,
      })),
      { id: DM_MESSAGES[0], channel_id: WORLD.botDm, author_id: WORLD.reader, content: 'hi bot', timestamp: '2024-05-06T07:08:09.000Z' },
      { id: DM_MESSAGES[1], channel_id: WORLD.botDm, author_id: IDS.app, content: 'hello', embeds: [{ title: 'Hello' }] },
    ],
  };
}

export interface WorldRegistry {
  app: FastifyInstance;
  store: Store;
  bus: EventBus;
  clock: { now: number };
  load(world: WorldFile): Promise<void>;
  /** Sends a request with `authorization` exactly as given (`Bot x`, `Bearer x`, or a bare user token). */
  as(authorization: string | undefined, request: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A fresh in-memory registry with the fixture world and the extension (`extend: false` leaves it out). */
export async function worldRegistry(options: { extend?: boolean } = {}): Promise<WorldRegistry> {
  const clock = { now: Date.UTC(2026, 10, 21, 12) };
  const now = () => clock.now;
  const nextId = createSnowflakeGenerator(now);
  const store = await testStore();
  const bus = new EventBus();
  const load = async (world: WorldFile) => await loadWorld(store, world, { now, nextId });
  await load(fixtureWorld());
  if (options.extend !== false) await load(worldExtension());
  const app = buildApp({ store, now, nextId, bus, routeLimit: { limit: 1_000_000, windowMs: 1000 } });
  return {
    app, store, bus, clock, load,
    as: (authorization, request) =>
      app.inject({ ...request, headers: { ...(authorization === undefined ? {} : { authorization }), ...request.headers } }),
  };
}

export { IDS, TOKENS };
