import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/registry/store/open-postgres.js';
import { POSTGRES_MIGRATIONS } from '../../src/registry/store/postgres-schema.js';
import { MIGRATIONS } from '../../src/registry/store/schema.js';
import { openStore } from '../../src/registry/store/store.js';
import { exportWorld } from '../../src/registry/world/export-world.js';
import { loadWorld, WorldError } from '../../src/registry/world/load-world.js';
import { parseWorldFile, type WorldFile } from '../../src/shared/world-file.js';
import { fixtureWorld } from '../helpers/test-registry.js';
import { freshDatabase, testPostgresServer } from '../helpers/test-store.js';
import { DM_MESSAGES, IDS, TEXT_MESSAGES, TOKENS, WORLD, WORLD_TOKENS, worldExtension, worldRegistry } from '../helpers/world-registry.js';

const context = { now: () => Date.UTC(2026, 0, 1), nextId: () => '1' };

/** The export with every app given a bot token again, as a new registry needs. */
function withTokens(world: WorldFile): WorldFile {
  return { ...world, applications: world.applications.map((app, index) => ({ ...app, bot_token: `app-token-${index}-again` })) };
}

describe('the world model', () => {
  it('holds user installs, DMs, group DMs with recipients, and messages dated by their ids', async () => {
    const { store } = await worldRegistry();
    expect(await store.world.userApplications(WORLD.stranger)).toEqual([IDS.otherApp]);
    expect(await store.world.recipients(WORLD.groupDm)).toEqual([IDS.owner, WORLD.reader, WORLD.stranger]);
    expect(await store.world.channel(WORLD.groupDm)).toMatchObject({ guild_id: null, type: 3, name: 'Weekend' });
    expect(await store.world.directMessageBetween(IDS.app, WORLD.reader)).toBe(WORLD.botDm);
    expect(await store.world.member(WORLD.lab, IDS.app)).toMatchObject({ roles: [] });
    const first = await store.messages.message(WORLD.text, TEXT_MESSAGES[0] as string);
    expect(first?.timestamp).toBe(new Date(Number((BigInt(TEXT_MESSAGES[0] as string) >> 22n) + 1_420_070_400_000n)).toISOString());
    expect((await store.messages.message(WORLD.botDm, DM_MESSAGES[0]))?.timestamp).toBe('2024-05-06T07:08:09.000Z');
    expect((await store.messages.message(WORLD.botDm, DM_MESSAGES[1]))?.embeds).toEqual([{ title: 'Hello' }]);
  });

  it('pages messages in snowflake order, whatever the length of the ids', async () => {
    const { store } = await worldRegistry({ extend: false });
    for (const id of ['9', '10', '100', '11']) {
      await store.messages.putMessage({
        id, channel_id: IDS.general, author_id: IDS.owner, content: id, timestamp: '2024-01-01T00:00:00.000Z', edited_timestamp: null,
        type: 0, flags: 0, embeds: [], components: [], attachments: [], application_id: null, webhook_id: null, interaction_metadata: null,
      });
    }
    const ids = async (page: Parameters<typeof store.messages.messages>[1]) => (await store.messages.messages(IDS.general, page)).map((message) => message.id);
    expect(await ids({ limit: 50 })).toEqual(['100', '11', '10', '9']);
    expect(await ids({ limit: 2, before: '100' })).toEqual(['11', '10']);
    expect(await ids({ limit: 2, after: '9' })).toEqual(['11', '10']);
    expect(await ids({ limit: 3, around: '10' })).toEqual(['11', '10', '9']);
  });

  it('adds the new tables to a data directory made before them', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'slashbench-world-'));
    try {
      const old = new Database(join(directory, 'slashbench.db'));
      old.exec(MIGRATIONS[0] as string);
      old.exec('PRAGMA user_version = 1');
      old.close();
      const store = openStore(directory);
      await loadWorld(store, fixtureWorld(), context);
      await loadWorld(store, worldExtension(), context);
      expect(await store.messages.messages(WORLD.text, { limit: 100 })).toHaveLength(10);
      await store.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('gives the apps of a database made before URL mappings none, and then keeps the ones written', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'slashbench-world-'));
    const before = MIGRATIONS.findIndex((migration) => migration.includes('url_mappings'));
    try {
      const old = new Database(join(directory, 'slashbench.db'));
      for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
      old.exec(`PRAGMA user_version = ${before}`);
      old.prepare(`INSERT INTO applications (id, name, flags, bot_token_hash, activity_url, public_key, private_key)
        VALUES ('200000000000000009', 'Old App', 131072, 'digest', 'http://127.0.0.1:5173/', 'public', 'private')`).run();
      old.close();
      const store = openStore(directory);
      const found = await store.world.application('200000000000000009');
      expect(found).toMatchObject({ name: 'Old App', activity_url: 'http://127.0.0.1:5173/', url_mappings: [] });
      if (!found) throw new Error('the old app is gone');
      const url_mappings = [{ prefix: '/api', target: '127.0.0.1:3001' }, { prefix: '/', target: '127.0.0.1:5173' }];
      await store.world.putApplication({ ...found, url_mappings }, null, null);
      expect((await store.world.application('200000000000000009'))?.url_mappings).toEqual(url_mappings);
      await store.close();
      const reopened = new Database(join(directory, 'slashbench.db'));
      expect(reopened.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: MIGRATIONS.length });
      reopened.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  // `npm run test:postgres` only: a team's database made before URL mappings.
  it.skipIf(testPostgresServer() === undefined)('gives the apps of a PostgreSQL database made before URL mappings none', async () => {
    const url = await freshDatabase(testPostgresServer() as string);
    const before = POSTGRES_MIGRATIONS.findIndex((migration) => migration.some((statement) => statement.includes('url_mappings')));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE slashbench_schema (version INTEGER NOT NULL)');
      await client.query('INSERT INTO slashbench_schema (version) VALUES ($1)', [before]);
      for (const migration of POSTGRES_MIGRATIONS.slice(0, before)) for (const statement of migration) await client.query(statement);
      await client.query(`INSERT INTO applications (id, name, flags, bot_token_hash, public_key, private_key)
        VALUES ('200000000000000009', 'Old App', 131072, 'digest', 'public', 'private')`);
    } finally {
      await client.end();
    }
    const store = await openPostgresStore(url, null);
    try {
      const found = await store.world.application('200000000000000009');
      expect(found).toMatchObject({ name: 'Old App', url_mappings: [] });
      if (!found) throw new Error('the old app is gone');
      await store.world.putApplication({ ...found, url_mappings: [{ prefix: '/', target: '127.0.0.1:5173' }] }, null, null);
      expect((await store.world.application('200000000000000009'))?.url_mappings).toEqual([{ prefix: '/', target: '127.0.0.1:5173' }]);
    } finally {
      await store.close();
    }
  });
});

describe('export and import', () => {
  it('exports no token or secret', async () => {
    const text = JSON.stringify(await exportWorld((await worldRegistry()).store));
    for (const secret of [...Object.values(TOKENS), ...Object.values(WORLD_TOKENS)]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(token|bot_token|client_secret|private_key|public_key)"/);
  });

  it('round-trips through a new registry, and parses as a world file', async () => {
    const registry = await worldRegistry();
    await registry.load({
      users: [], guilds: [],
      applications: [{ id: IDS.activityApp, name: 'Activity App', url_mappings: [{ prefix: '/api', target: 'localhost:3001' }, { prefix: '/', target: '127.0.0.1:5173' }] }],
    });
    const exported = await exportWorld(registry.store);
    expect(exported.applications.find((app) => app.id === IDS.activityApp)?.url_mappings).toEqual([
      { prefix: '/api', target: 'localhost:3001' }, { prefix: '/', target: '127.0.0.1:5173' },
    ]);
    expect(exported.applications.find((app) => app.id === IDS.app)?.url_mappings).toEqual([]);
    const parsed = parseWorldFile(JSON.parse(JSON.stringify(withTokens(exported))));
    expect(parsed.ok).toBe(true);
    const fresh = openStore(':memory:');
    await loadWorld(fresh, parsed.ok ? parsed.world : exported, context);
    expect(await exportWorld(fresh)).toEqual(exported);
  });

  it('loads examples/world.json with its DM, group DM, user install and messages', async () => {
    const parsed = parseWorldFile(JSON.parse(readFileSync(new URL('../../examples/world.json', import.meta.url), 'utf8')));
    if (!parsed.ok) throw new Error(parsed.message);
    const store = openStore(':memory:');
    await loadWorld(store, parsed.world, context);
    const exported = await exportWorld(store);
    expect(exported.channels?.map((channel) => channel.type)).toEqual([1, 3]);
    expect(exported.messages?.length).toBe(parsed.world.messages?.length);
    expect(exported.users.some((user) => (user.applications ?? []).length > 0)).toBe(true);
    await loadWorld(store, parsed.world, context);
    expect(await exportWorld(store)).toEqual(exported);
  });

  it('loads idempotently: the same file twice, or an export back into its registry, changes nothing', async () => {
    const registry = await worldRegistry();
    const before = await exportWorld(registry.store);
    registry.clock.now += 86_400_000;
    await registry.load(fixtureWorld());
    await registry.load(worldExtension());
    expect(await exportWorld(registry.store)).toEqual(before);
    await registry.load(before);
    expect(await exportWorld(registry.store)).toEqual(before);
    expect((await registry.store.world.member(IDS.guild, IDS.owner))?.joined_at).toBe(new Date(Date.UTC(2026, 10, 21, 12)).toISOString());
  });

  it("replaces a guild's contents with the file's: removed channels take their messages, removed roles leave their members", async () => {
    const registry = await worldRegistry();
    const world = worldExtension();
    const lab = world.guilds[0] as WorldFile['guilds'][number];
    lab.channels = lab.channels.filter((channel) => ![WORLD.text, WORLD.thread, WORLD.privateThread].includes(channel.id as never));
    lab.roles = lab.roles.filter((role) => role.id !== WORLD.labHelper);
    lab.members = lab.members.map((member) => ({ ...member, roles: [] }));
    await registry.load({ ...world, messages: world.messages?.filter((message) => message.channel_id !== WORLD.text) ?? [] });
    expect(await registry.store.world.channel(WORLD.text)).toBeUndefined();
    expect(await registry.store.world.channel(WORLD.thread)).toBeUndefined();
    expect(await registry.store.messages.messageById(TEXT_MESSAGES[0] as string)).toBeUndefined();
    expect(await registry.store.world.role(WORLD.labHelper)).toBeUndefined();
    expect((await registry.store.world.member(WORLD.lab, WORLD.reader))?.roles).toEqual([]);
  });
});

describe('refusals name the field, and nothing is written', () => {
  type Edit = (world: WorldFile) => void;
  const lab = (world: WorldFile) => world.guilds[0] as WorldFile['guilds'][number];
  const cases: Array<[string, Edit, string]> = [
    ['an unknown user-installed app', (w) => { (w.users[0] as { applications?: string[] }).applications = ['299999999999999999']; }, 'users[0].applications[0]: unknown application "299999999999999999"'],
    ['a thread without a parent', (w) => { delete (lab(w).channels[2] as { parent_id?: string | null }).parent_id; }, 'guilds[0].channels[2].parent_id: a thread needs a parent channel'],
    ['a parent in no guild channel', (w) => { (lab(w).channels[1] as { parent_id?: string }).parent_id = WORLD.darkText; }, `guilds[0].channels[1].parent_id: unknown channel "${WORLD.darkText}" in this guild`],
    ['a text channel inside a text channel', (w) => { (lab(w).channels[4] as { parent_id?: string }).parent_id = WORLD.text; }, 'guilds[0].channels[4].parent_id: a channel sits only in a category'],
    ['a group DM with a guild channel id', (w) => { (lab(w).channels[7] as { id: string }).id = WORLD.groupDm; }, `channels[2].id: already a channel of guild "${WORLD.lab}"`],
    ['a member with a role of no guild', (w) => { (lab(w).members[0] as { roles: string[] }).roles = ['1']; }, 'guilds[0].members[0].roles[0]: unknown role "1"'],
    ['a recipient who does not exist', (w) => { (w.channels?.[2] as { recipients: string[] }).recipients = [IDS.owner, '123']; }, 'channels[2].recipients[1]: unknown user "123"'],
    ['a bot in a group DM', (w) => { (w.channels?.[2] as { recipients: string[] }).recipients = [IDS.owner, IDS.app]; }, 'channels[2].recipients[1]: a group DM cannot include a bot'],
    ['a second DM between two people', (w) => { (w.channels?.[1] as { recipients: string[] }).recipients = [WORLD.reader, IDS.app]; }, `channels[1].recipients: a DM between these users already exists ("${WORLD.botDm}")`],
    ['a message in an unknown channel', (w) => { (w.messages?.[0] as { channel_id: string }).channel_id = '42'; }, 'messages[0].channel_id: unknown channel "42"'],
    ['a message in a category', (w) => { (w.messages?.[0] as { channel_id: string }).channel_id = WORLD.category; }, `messages[0].channel_id: channel "${WORLD.category}" (type 4) holds no messages`],
    ['a message by someone outside the DM', (w) => { (w.messages?.[10] as { author_id: string }).author_id = WORLD.stranger; }, `messages[10].author_id: user "${WORLD.stranger}" is not a recipient of channel "${WORLD.botDm}"`],
    ['a user with an application id', (w) => { (w.users[1] as { id: string }).id = IDS.app; }, 'users[1].id: already the id of an application (its bot user)'],
    ['a token of another user', (w) => { (w.users[1] as { token?: string }).token = TOKENS.owner; }, 'users[1].token: already the token of another user'],
  ];

  for (const [name, edit, message] of cases) {
    it(name, async () => {
      const registry = await worldRegistry({ extend: false });
      const before = await exportWorld(registry.store);
      const world = worldExtension();
      edit(world);
      await expect(registry.load(world)).rejects.toThrow(WorldError);
      await expect(registry.load(world)).rejects.toThrow(message);
      expect(await exportWorld(registry.store)).toEqual(before);
    });
  }

  it('takes a message by someone no longer in the guild: people leave, their messages stay', async () => {
    const registry = await worldRegistry({ extend: false });
    const world = worldExtension();
    (world.messages?.[0] as { author_id: string }).author_id = WORLD.stranger;
    await registry.load(world);
    expect(await registry.store.world.member(WORLD.lab, WORLD.stranger)).toBeUndefined();
    expect((await registry.store.messages.messageById((world.messages?.[0] as { id: string }).id))?.author_id).toBe(WORLD.stranger);
  });

  it('refuses a DM that is not between two, a named DM, and a guild channel typed as a DM, in the schema', () => {
    const world = JSON.parse(JSON.stringify(worldExtension())) as WorldFile;
    (world.channels?.[0] as { recipients: string[] }).recipients = [WORLD.reader];
    (world.channels?.[1] as { name?: string }).name = 'named';
    (world.guilds[0]?.channels[0] as { type: number }).type = 1;
    const parsed = parseWorldFile(world);
    expect(parsed).toEqual({
      ok: false,
      message: 'guilds[0].channels[0].type: must be a guild channel type (0, 2, 4, 5, 10, 11, 12, 13, 14, 15, 16); '
        + 'channels[0].recipients: a DM has exactly two recipients; channels[1].name: a DM has no name',
    });
  });
});

describe('bot tokens in world files', () => {
  it('refuses a new application without one', async () => {
    const registry = await worldRegistry({ extend: false });
    await expect(registry.load({ users: [], guilds: [], applications: [{ id: '299999999999999999', name: 'New' }] }))
      .rejects.toThrow('applications[0].bot_token: required for a new application');
    expect(await registry.store.world.application('299999999999999999')).toBeUndefined();
  });

  it('keeps the token of an existing application loaded without one, and replaces it when given', async () => {
    const registry = await worldRegistry({ extend: false });
    await registry.load({ users: [], guilds: [], applications: [{ id: IDS.app, name: 'Renamed' }] });
    expect(await registry.store.world.applicationByBotToken(TOKENS.bot)).toMatchObject({ id: IDS.app, name: 'Renamed' });
    await registry.load({ users: [], guilds: [], applications: [{ id: IDS.app, name: 'Renamed', bot_token: 'new-app-token' }] });
    expect(await registry.store.world.applicationByBotToken(TOKENS.bot)).toBeUndefined();
    expect((await registry.store.world.applicationByBotToken('new-app-token'))?.id).toBe(IDS.app);
  });

  it("refuses another application's token", async () => {
    const registry = await worldRegistry({ extend: false });
    await expect(registry.load({ users: [], guilds: [], applications: [{ id: IDS.app, name: 'Test Bot', bot_token: TOKENS.otherBot }] }))
      .rejects.toThrow('applications[0].bot_token: already the token of another application');
  });
});
