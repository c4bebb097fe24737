import { describe, expect, it } from 'vitest';
import { DM_MESSAGES, IDS, TEXT_MESSAGES, TOKENS, WORLD, WORLD_TOKENS, worldRegistry } from '../helpers/world-registry.js';

const BOT = `Bot ${TOKENS.bot}`;
const OTHER_BOT = `Bot ${TOKENS.otherBot}`;
const OWNER = TOKENS.owner;
const READER = WORLD_TOKENS.reader;
const STRANGER = WORLD_TOKENS.stranger;
const MISSING_ACCESS = { message: 'Missing Access', code: 50001 };

const registry = await worldRegistry();
const get = async (authorization: string | undefined, path: string) => {
  const response = await registry.as(authorization, { method: 'GET', url: `/api/v10${path}` });
  return { status: response.statusCode, body: response.json() as unknown };
};
const ids = (body: unknown) => (body as Array<{ id: string }>).map((entry) => entry.id);

describe('GET /users/@me', () => {
  it('answers the bot user to a bot token, the person with their locale to a user token', async () => {
    expect(await get(BOT, '/users/@me')).toMatchObject({ status: 200, body: { id: IDS.app, username: 'Test Bot', bot: true, discriminator: '0' } });
    const person = await get(WORLD_TOKENS.stranger, '/users/@me');
    expect(person).toMatchObject({ status: 200, body: { id: WORLD.stranger, username: 'stranger', locale: 'de', global_name: null } });
    expect(person.body).not.toHaveProperty('bot');
  });

  it('answers a Bearer token with identify, refuses one without, and 401 without a token', async () => {
    const expires = registry.clock.now + 3_600_000;
    await registry.store.tokens.put('bearer-identify', { application_id: IDS.app, user_id: IDS.member, scopes: ['identify'], expires_at: expires });
    await registry.store.tokens.put('bearer-guilds', { application_id: IDS.app, user_id: IDS.member, scopes: ['guilds'], expires_at: expires });
    expect(await get('Bearer bearer-identify', '/users/@me')).toMatchObject({ status: 200, body: { id: IDS.member, locale: 'fr' } });
    expect(await get('Bearer bearer-guilds', '/users/@me')).toEqual({ status: 403, body: { message: 'Missing required OAuth2 scope', code: 50026 } });
    expect(await get(undefined, '/users/@me')).toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
    expect(await get('Bearer bearer-identify', `/guilds/${WORLD.lab}`)).toMatchObject({ status: 401 });
  });
});

describe('GET /users/{id}', () => {
  it('answers any user of the world to a bot token, without what only its owner sees', async () => {
    const stranger = await get(OTHER_BOT, `/users/${WORLD.stranger}`);
    expect(stranger).toMatchObject({ status: 200, body: { id: WORLD.stranger, username: 'stranger', global_name: null, discriminator: '0' } });
    expect(stranger.body).not.toHaveProperty('locale');
    expect(await get(BOT, `/users/${IDS.app}`)).toMatchObject({ status: 200, body: { id: IDS.app, bot: true } });
  });

  it('answers 10013 for an unknown user, 50035 for a bad id, and 401 to a person', async () => {
    expect(await get(BOT, '/users/1')).toEqual({ status: 404, body: { message: 'Unknown User', code: 10013 } });
    expect(await get(BOT, '/users/nobody')).toMatchObject({ status: 400, body: { code: 50035, errors: { user_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } } } });
    expect(await get(STRANGER, `/users/${WORLD.stranger}`)).toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
  });
});

describe('guilds', () => {
  it('shows a guild with its roles to its app bot and its members', async () => {
    for (const token of [BOT, READER]) {
      const { status, body } = await get(token, `/guilds/${WORLD.lab}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: WORLD.lab, name: 'Lab', owner_id: IDS.owner, preferred_locale: 'ja', features: [], emojis: [] });
      expect((body as { roles: unknown[] }).roles).toEqual([
        expect.objectContaining({ id: WORLD.lab, name: '@everyone', permissions: '2147486720', position: 0, managed: false }),
        expect.objectContaining({ id: WORLD.labHelper, name: 'Helper', permissions: '0', position: 1 }),
      ]);
    }
  });

  it('refuses a guild to a bot whose app is not in it and to a person who is not a member; 404 for none', async () => {
    expect(await get(OTHER_BOT, `/guilds/${WORLD.lab}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(STRANGER, `/guilds/${WORLD.lab}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(BOT, '/guilds/599999999999999999')).toEqual({ status: 404, body: { message: 'Unknown Guild', code: 10004 } });
    expect(await get(BOT, '/guilds/599999999999999999/roles')).toMatchObject({ status: 404 });
  });

  it('answers 50035 for a path value that is not a snowflake', async () => {
    expect(await get(BOT, '/guilds/lab')).toEqual({
      status: 400,
      body: { message: 'Invalid Form Body', code: 50035, errors: { guild_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "lab" is not snowflake.' }] } } },
    });
    expect((await get(BOT, `/guilds/${WORLD.lab}/members/me`)).body).toMatchObject({ errors: { user_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } } });
  });

  it('lists roles, and the channels the caller can view without threads', async () => {
    expect(ids((await get(READER, `/guilds/${WORLD.lab}/roles`)).body)).toEqual([WORLD.lab, WORLD.labHelper]);
    const channels = await get(BOT, `/guilds/${WORLD.lab}/channels`);
    expect(channels.status).toBe(200);
    expect(ids(channels.body).sort()).toEqual([
      WORLD.category, WORLD.text, WORLD.voice, WORLD.announcement, WORLD.forum, WORLD.stage, WORLD.directory, WORLD.media,
    ].sort());
    // In Dark, @everyone cannot view channels; the owner can view everything.
    expect(await get(READER, `/guilds/${WORLD.dark}/channels`)).toEqual({ status: 200, body: [] });
    expect(ids((await get(OWNER, `/guilds/${WORLD.dark}/channels`)).body)).toEqual([WORLD.darkText]);
  });

  it('shows a member with user, roles without @everyone, nick and joined_at', async () => {
    for (const token of [BOT, OWNER]) {
      expect(await get(token, `/guilds/${WORLD.lab}/members/${WORLD.reader}`)).toEqual({
        status: 200,
        body: {
          user: { id: WORLD.reader, username: 'reader', global_name: 'Reader', discriminator: '0', avatar: null, public_flags: 0, flags: 0, primary_guild: null },
          nick: 'Rea', avatar: null, banner: null, roles: [WORLD.labHelper], joined_at: '2024-01-02T03:04:05.000Z',
          premium_since: null, deaf: false, mute: false, flags: 0, pending: false, communication_disabled_until: null,
        },
      });
    }
    expect((await get(READER, `/guilds/${WORLD.lab}/members/${IDS.app}`)).body).toMatchObject({ user: { id: IDS.app, bot: true }, roles: [] });
    expect(await get(BOT, `/guilds/${WORLD.lab}/members/${WORLD.stranger}`)).toEqual({ status: 404, body: { message: 'Unknown Member', code: 10007 } });
    expect(await get(BOT, `/guilds/${WORLD.lab}/members/499999999999999999`)).toEqual({ status: 404, body: { message: 'Unknown User', code: 10013 } });
    expect(await get(STRANGER, `/guilds/${WORLD.lab}/members/${WORLD.reader}`)).toEqual({ status: 403, body: MISSING_ACCESS });
  });
});

describe('channels', () => {
  it('shows guild channels of each type in its shape', async () => {
    expect((await get(BOT, `/channels/${WORLD.text}`)).body).toMatchObject({
      id: WORLD.text, type: 0, guild_id: WORLD.lab, name: 'general', parent_id: WORLD.category, nsfw: true,
      permission_overwrites: [], last_message_id: TEXT_MESSAGES[9], topic: null,
    });
    expect((await get(READER, `/channels/${WORLD.voice}`)).body).toMatchObject({ type: 2, bitrate: 64000, user_limit: 0, parent_id: WORLD.category });
    expect((await get(READER, `/channels/${WORLD.category}`)).body).toMatchObject({ type: 4, parent_id: null });
    const thread = await get(BOT, `/channels/${WORLD.thread}`);
    expect(thread.body).toMatchObject({ type: 11, parent_id: WORLD.text, thread_metadata: { archived: false, locked: false } });
    expect((await get(BOT, `/channels/${WORLD.forum}`)).body).toMatchObject({ type: 15, available_tags: [] });
  });

  it('needs VIEW_CHANNEL in a guild channel, for threads as for their parent', async () => {
    expect(await get(READER, `/channels/${WORLD.darkText}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(BOT, `/channels/${WORLD.darkText}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect((await get(OWNER, `/channels/${WORLD.darkText}`)).status).toBe(200);
    // The fixture guild's @everyone has no VIEW_CHANNEL either.
    expect(await get(BOT, `/channels/${IDS.general}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(STRANGER, `/channels/${WORLD.thread}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(BOT, '/channels/599999999999999999')).toEqual({ status: 404, body: { message: 'Unknown Channel', code: 10003 } });
  });

  it('shows a DM to its recipients, bot or person, with the others as recipients', async () => {
    const forBot = await get(BOT, `/channels/${WORLD.botDm}`);
    expect(forBot.body).toMatchObject({ id: WORLD.botDm, type: 1, last_message_id: DM_MESSAGES[1] });
    expect(ids((forBot.body as { recipients: unknown }).recipients)).toEqual([WORLD.reader]);
    expect(ids(((await get(READER, `/channels/${WORLD.botDm}`)).body as { recipients: unknown }).recipients)).toEqual([IDS.app]);
    expect(await get(OTHER_BOT, `/channels/${WORLD.botDm}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(OWNER, `/channels/${WORLD.botDm}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(BOT, `/channels/${WORLD.peopleDm}`)).toEqual({ status: 403, body: MISSING_ACCESS });
  });

  it('shows a group DM to its recipients only', async () => {
    const group = await get(STRANGER, `/channels/${WORLD.groupDm}`);
    expect(group.body).toMatchObject({ type: 3, name: 'Weekend', owner_id: IDS.owner });
    expect(ids((group.body as { recipients: unknown }).recipients)).toEqual([IDS.owner, WORLD.reader]);
    expect(await get(BOT, `/channels/${WORLD.groupDm}`)).toEqual({ status: 403, body: MISSING_ACCESS });
  });
});

describe('messages', () => {
  const newestFirst = [...TEXT_MESSAGES].reverse();
  const page = async (query: string, token = BOT) => ids((await get(token, `/channels/${WORLD.text}/messages${query}`)).body);

  it('pages newest first: limit, before, after, around', async () => {
    expect(await page('')).toEqual(newestFirst);
    expect(await page('?limit=3', READER)).toEqual(newestFirst.slice(0, 3));
    expect(await page(`?before=${TEXT_MESSAGES[5]}&limit=2`)).toEqual([TEXT_MESSAGES[4], TEXT_MESSAGES[3]]);
    expect(await page(`?after=${TEXT_MESSAGES[1]}&limit=3`)).toEqual([TEXT_MESSAGES[4], TEXT_MESSAGES[3], TEXT_MESSAGES[2]]);
    expect(await page(`?around=${TEXT_MESSAGES[5]}&limit=4`)).toEqual([TEXT_MESSAGES[7], TEXT_MESSAGES[6], TEXT_MESSAGES[5], TEXT_MESSAGES[4]]);
    expect(await page(`?after=${TEXT_MESSAGES[9]}`)).toEqual([]);
  });

  it('refuses a limit outside 1-100 and page ids that are not snowflakes', async () => {
    const errors = async (query: string) => ((await get(BOT, `/channels/${WORLD.text}/messages${query}`)).body as { errors: unknown }).errors;
    expect(await errors('?limit=0')).toEqual({ limit: { _errors: [{ code: 'NUMBER_TYPE_MIN', message: 'int value should be greater than or equal to 1.' }] } });
    expect(await errors('?limit=101')).toEqual({ limit: { _errors: [{ code: 'NUMBER_TYPE_MAX', message: 'int value should be less than or equal to 100.' }] } });
    expect(await errors('?limit=many')).toEqual({ limit: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "many" is not int.' }] } });
    expect(await errors('?before=yesterday')).toEqual({ before: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "yesterday" is not snowflake.' }] } });
  });

  it('answers one message in the APIMessage shape, and 404 10008 for none in that channel', async () => {
    const { status, body } = await get(READER, `/channels/${WORLD.botDm}/messages/${DM_MESSAGES[1]}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: DM_MESSAGES[1], channel_id: WORLD.botDm, content: 'hello',
      author: { id: IDS.app, username: 'Test Bot', global_name: null, discriminator: '0', avatar: null, public_flags: 0, flags: 0, bot: true, primary_guild: null },
      timestamp: expect.any(String), edited_timestamp: null, tts: false, mention_everyone: false, mentions: [], mention_roles: [],
      attachments: [], embeds: [{ type: 'rich', title: 'Hello' }], components: [], pinned: false, type: 0, flags: 0,
    });
    expect(await get(BOT, `/channels/${WORLD.text}/messages/${DM_MESSAGES[1]}`)).toEqual({ status: 404, body: { message: 'Unknown Message', code: 10008 } });
  });

  it('keeps the messages of unseen channels out of reach', async () => {
    expect(await get(OTHER_BOT, `/channels/${WORLD.botDm}/messages`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(STRANGER, `/channels/${WORLD.text}/messages/${TEXT_MESSAGES[0]}`)).toEqual({ status: 403, body: MISSING_ACCESS });
    expect(await get(undefined, `/channels/${WORLD.text}/messages`)).toMatchObject({ status: 401 });
  });
});
