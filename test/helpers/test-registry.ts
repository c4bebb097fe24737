/**
 * A registry built in memory for route tests: a small fixed world, a clock the test moves,
 * and `inject` helpers that send a token the way bots and clients do. No port is opened.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type RegistryOptions } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { EventBus } from '../../src/registry/events.js';
import type { InteractionRecord } from '../../src/registry/store/interaction-store.js';
import type { Store } from '../../src/registry/store/store.js';
import { testStore } from './test-store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';

export const IDS = {
  owner: '100000000000000001',
  member: '100000000000000002',
  app: '200000000000000001',
  otherApp: '200000000000000002',
  activityApp: '200000000000000003',
  guild: '300000000000000001',
  emptyGuild: '300000000000000002',
  moderatorRole: '300000000000000010',
  general: '300000000000000020',
} as const;

export const TOKENS = {
  bot: 'app-bot-token',
  otherBot: 'other-bot-token',
  activityBot: 'activity-bot-token',
  owner: 'user-token-owner',
  member: 'user-token-member',
} as const;

export function fixtureWorld(): WorldFile {
  return {
    users: [
      { id: IDS.owner, username: 'owner', locale: 'en-US', token: TOKENS.owner },
      { id: IDS.member, username: 'member', locale: 'fr', token: TOKENS.member },
    ],
    applications: [
      { id: IDS.app, name: 'Test Bot', owner_id: IDS.owner, bot_token: TOKENS.bot },
      { id: IDS.otherApp, name: 'Other Bot', bot_token: TOKENS.otherBot },
      { id: IDS.activityApp, name: 'Activity App', bot_token: TOKENS.activityBot, flags: 1 << 17, activity_url: 'http://127.0.0.1:9/activity' },
    ],
    guilds: [
      {
        id: IDS.guild, name: 'Guild', owner_id: IDS.owner,
        roles: [{ id: IDS.guild, name: '@everyone', permissions: '2147485696' }, { id: IDS.moderatorRole, name: 'Moderator', permissions: '32' }],
        channels: [{ id: IDS.general, name: 'general', type: 0 }],
        members: [{ user_id: IDS.owner, roles: [] }, { user_id: IDS.member, roles: [IDS.moderatorRole] }],
        applications: [IDS.app, IDS.activityApp],
      },
      { id: IDS.emptyGuild, name: 'Empty', owner_id: IDS.owner, roles: [], channels: [], members: [], applications: [] },
    ],
  };
}

export interface TestRegistry {
  app: FastifyInstance;
  store: Store;
  bus: EventBus;
  clock: { now: number };
  /** Sends a request as a bot (default: the fixture app's bot). */
  bot(options: InjectOptions, token?: string): Promise<LightMyRequestResponse>;
}

/** A fresh in-memory registry with the fixture world; `routeLimit` high unless a test lowers it. */
export async function testRegistry(
  options: { routeLimit?: number; dataDirectory?: string; app?: Partial<RegistryOptions> } = {},
): Promise<TestRegistry> {
  const clock = { now: Date.UTC(2026, 10, 21, 12) };
  const now = () => clock.now;
  const nextId = createSnowflakeGenerator(now);
  const store = await testStore(options.dataDirectory);
  await loadWorld(store, fixtureWorld(), { now, nextId });
  const bus = new EventBus();
  const app = buildApp({ store, bus, now, nextId, routeLimit: { limit: options.routeLimit ?? 1_000_000, windowMs: 1000 }, ...options.app });
  return {
    app, store, bus, clock,
    bot: (request, token = TOKENS.bot) =>
      app.inject({ ...request, headers: { authorization: `Bot ${token}`, ...request.headers } }),
  };
}

export const GLOBAL = `/api/v10/applications/${IDS.app}/commands`;
export const GUILD = `/api/v10/applications/${IDS.app}/guilds/${IDS.guild}/commands`;

/** A minimal valid chat input command. */
export function slash(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, description: `The ${name} command`, ...extra };
}

/** An unanswered interaction of the fixture world, as startInteraction makes one. */
export function unansweredInteraction(id: string): InteractionRecord {
  return {
    id, token: `token-${id}`, application_id: IDS.app, type: 2, user_id: IDS.owner, guild_id: IDS.guild, channel_id: IDS.general,
    nonce: null, name: 'ping', created_at: Date.now(), response_type: null, answering: false, expired: false, original_message_id: null,
    refusal: null, source_message_id: null, followups: 0, user_installed_only: false, authorizing_integration_owners: { 0: IDS.guild },
    payload: { id, type: 2 }, origin: 'http://127.0.0.1', metadata: { id, type: 2, user: { id: IDS.owner, username: 'owner', discriminator: '0', global_name: null, avatar: null }, authorizing_integration_owners: { 0: IDS.guild } },
  };
}
