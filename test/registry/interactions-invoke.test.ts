/**
 * Invoking from the simulated client: the payload a bot receives for each kind of command,
 * and every refusal (stale version, permissions, options) with the reason the client hears.
 */
import { describe, expect, it } from 'vitest';
import { interactionHarness, slashInvocation } from '../helpers/interaction-harness.js';
import { SESSIONS_PER_USER } from '../../src/registry/store/session-store.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

const options = [
  { type: 3, name: 'text', description: 'What to say', required: true, name_localizations: { fr: 'texte' } },
  { type: 4, name: 'times', description: 'How often', min_value: 1, max_value: 5 },
  { type: 6, name: 'who', description: 'Someone' },
  { type: 8, name: 'role', description: 'A role' },
  { type: 7, name: 'where', description: 'A channel', channel_types: [0] },
];

describe('the payload a bot receives', () => {
  it('for a slash command: every field, default names, resolved users, members, roles and channels', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'echo', description: 'Echo', name_localizations: { fr: 'écho' }, options });
    const next = harness.gateway.nextInteraction();
    const response = await harness.invoke(slashInvocation(command, {
      options: [
        { name: 'text', type: 3, value: 'hello' }, { name: 'times', type: 4, value: 2 },
        { name: 'who', type: 6, value: IDS.member }, { name: 'role', type: 8, value: IDS.moderatorRole },
        { name: 'where', type: 7, value: IDS.general },
      ],
    }));
    expect(response.statusCode, response.body).toBe(204);
    const payload = await next;
    expect(payload).toMatchObject({
      application_id: IDS.app, type: 2, version: 1, guild_id: IDS.guild, channel_id: IDS.general,
      guild: { id: IDS.guild, features: [], locale: 'en-US' }, guild_locale: 'en-US', locale: 'en-US',
      channel: { id: IDS.general, type: 0, guild_id: IDS.guild }, entitlements: [], context: 0,
      authorizing_integration_owners: { 0: IDS.guild }, attachment_size_limit: 10 * 1024 * 1024,
      member: { user: { id: IDS.owner, username: 'owner' }, roles: [], flags: 0 },
      data: {
        id: command.id, name: 'echo', type: 1, guild_id: IDS.guild,
        options: [
          { name: 'text', type: 3, value: 'hello' }, { name: 'times', type: 4, value: 2 },
          { name: 'who', type: 6, value: IDS.member }, { name: 'role', type: 8, value: IDS.moderatorRole },
          { name: 'where', type: 7, value: IDS.general },
        ],
      },
    });
    expect(payload.id).toMatch(/^\d+$/);
    expect(typeof payload.token).toBe('string');
    expect(payload.member).toHaveProperty('joined_at');
    expect((payload.member as { permissions: string }).permissions).toMatch(/^\d+$/);
    expect(payload.app_permissions).toMatch(/^\d+$/);
    expect(payload).not.toHaveProperty('user');
    const resolved = (payload.data as { resolved: Record<string, Record<string, Record<string, unknown>>> }).resolved;
    expect(resolved.users?.[IDS.member]).toMatchObject({ id: IDS.member, username: 'member' });
    expect(resolved.members?.[IDS.member]).toMatchObject({ roles: [IDS.moderatorRole] });
    expect(resolved.members?.[IDS.member]).not.toHaveProperty('user');
    expect(resolved.roles?.[IDS.moderatorRole]).toMatchObject({ id: IDS.moderatorRole, name: 'Moderator' });
    expect(resolved.channels?.[IDS.general]).toMatchObject({ id: IDS.general, type: 0 });
    expect(await harness.event('INTERACTION_CREATE')).toMatchObject({ id: payload.id, nonce: 'n1' });
    expect(await harness.event('INTERACTION_DELIVERY')).toMatchObject({ method: 'gateway', payload });
  });

  it('nests subcommands and groups under their default names', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({
      name: 'config', description: 'Settings',
      options: [{ type: 2, name: 'group', description: 'g', options: [{ type: 1, name: 'set', description: 's', options: [{ type: 5, name: 'on', description: 'o', required: true }] }] }],
    });
    const next = harness.gateway.nextInteraction();
    await harness.invoke(slashInvocation(command, {
      options: [{ name: 'group', type: 2, options: [{ name: 'set', type: 1, options: [{ name: 'on', type: 5, value: true }] }] }],
    }));
    expect((await next).data).toMatchObject({
      options: [{ name: 'group', type: 2, options: [{ name: 'set', type: 1, options: [{ name: 'on', type: 5, value: true }] }] }],
    });
  });

  it('sends a subcommand given no options without an options key, as the service does', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({
      name: 'lamp', description: 'Lamp',
      options: [
        { type: 1, name: 'off', description: 'Off' },
        { type: 2, name: 'timer', description: 't', options: [{ type: 1, name: 'start', description: 's' }] },
      ],
    });
    for (const [sent, delivered] of [
      [{ name: 'off', type: 1, options: [] }, { name: 'off', type: 1 }],
      [{ name: 'timer', type: 2, options: [{ name: 'start', type: 1 }] }, { name: 'timer', type: 2, options: [{ name: 'start', type: 1 }] }],
    ] as const) {
      const next = harness.gateway.nextInteraction();
      await harness.invoke(slashInvocation(command, { options: [sent] }));
      expect(((await next).data as { options: unknown }).options).toStrictEqual([delivered]);
    }
  });

  it('for a user command: target_id with the user and member resolved', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'High Five', type: 2 });
    const next = harness.gateway.nextInteraction();
    expect((await harness.invoke(slashInvocation(command, { target_id: IDS.member }))).statusCode).toBe(204);
    const data = (await next).data as { target_id: string; resolved: Record<string, Record<string, unknown>> };
    expect(data).toMatchObject({ type: 2, name: 'High Five', target_id: IDS.member });
    expect(data.resolved.users?.[IDS.member]).toMatchObject({ username: 'member' });
    expect(data.resolved.members?.[IDS.member]).toMatchObject({ roles: [IDS.moderatorRole] });
  });

  it('for a message command: the message resolved', async () => {
    const harness = await interactionHarness();
    await harness.registry.store.messages.putMessage({
      id: '500000000000000001', channel_id: IDS.general, author_id: IDS.member, content: 'quote me',
      timestamp: new Date(0).toISOString(), edited_timestamp: null, type: 0, flags: 0, embeds: [], components: [], attachments: [],
      application_id: null, webhook_id: null, interaction_metadata: null,
    });
    const command = await harness.command({ name: 'Quote', type: 3 });
    const next = harness.gateway.nextInteraction();
    await harness.invoke(slashInvocation(command, { target_id: '500000000000000001' }));
    const data = (await next).data as { target_id: string; resolved: Record<string, Record<string, unknown>> };
    expect(data.target_id).toBe('500000000000000001');
    expect(data.resolved.messages?.['500000000000000001']).toMatchObject({ content: 'quote me', author: { id: IDS.member } });
    const missing = await harness.invoke(slashInvocation(command, { target_id: '500000000000000009' }));
    expect(missing.json()).toMatchObject({ code: 10008 });
  });

  it('for autocomplete: the options so far, focused, required ones possibly missing', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({
      name: 'find', description: 'Find',
      options: [{ type: 3, name: 'query', description: 'q', autocomplete: true, required: true }, { type: 4, name: 'limit', description: 'l', required: true }],
    });
    const next = harness.gateway.nextInteraction();
    const response = await harness.invoke(slashInvocation(command, { options: [{ name: 'query', type: 3, value: 'ap', focused: true }] }, 4));
    expect(response.statusCode, response.body).toBe(204);
    expect(await next).toMatchObject({ type: 4, data: { name: 'find', options: [{ name: 'query', type: 3, value: 'ap', focused: true }] } });
  });

  it('in a DM with the bot: a user, not a member, and context BOT_DM', async () => {
    const harness = await interactionHarness();
    await harness.registry.store.world.putChannel({ id: '600000000000000001', guild_id: null, name: null, type: 1, parent_id: null, nsfw: false, position: 0 });
    await harness.registry.store.world.setRecipients('600000000000000001', [IDS.owner, IDS.app]);
    const global = await harness.registry.bot({ method: 'POST', url: `/api/v10/applications/${IDS.app}/commands`, payload: { name: 'hi', description: 'Hi' } });
    const command = global.json();
    const next = harness.gateway.nextInteraction();
    const body: Record<string, unknown> = { ...slashInvocation(command), channel_id: '600000000000000001' };
    delete body.guild_id;
    expect((await harness.invoke(body)).statusCode).toBe(204);
    const payload = await next;
    expect(payload).toMatchObject({ context: 1, user: { id: IDS.owner }, authorizing_integration_owners: { 0: '0' }, channel: { id: '600000000000000001', type: 1 } });
    expect(payload).not.toHaveProperty('member');
    expect(payload).not.toHaveProperty('guild_id');
  });
});

describe('refusals the client hears', () => {
  it('a stale version is refused, so the client reloads its index (read-repair)', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'ping', description: 'Ping' });
    await harness.registry.bot({ method: 'PATCH', url: `/api/v10/applications/${IDS.app}/guilds/${IDS.guild}/commands/${command.id}`, payload: { description: 'Pong' } });
    const response = await harness.invoke(slashInvocation(command));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.data.version._errors[0].code).toBe('INTERACTION_APPLICATION_COMMAND_INVALID_VERSION');
    expect(await harness.event('INTERACTION_FAILURE')).toMatchObject({ nonce: 'n1', reason: 'stale-version' });
    expect(harness.gateway.dispatches).toEqual([]);
  });

  it('a command the user may not use is refused with the failing rule', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'admin', description: 'Admins', default_member_permissions: '0' });
    const response = await harness.invoke(slashInvocation(command), TOKENS.member);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Missing Permissions', code: 50013 });
    expect((await harness.event('INTERACTION_FAILURE')).detail).toMatch(/^member permission: /);
  });

  it('a user command without SEND_MESSAGES fails with Permission Denied', async () => {
    const harness = await interactionHarness();
    await harness.registry.store.world.putRole({ id: IDS.guild, guild_id: IDS.guild, name: '@everyone', permissions: String(1n << 31n), position: 0 });
    const command = await harness.command({ name: 'Wave', type: 2 });
    const response = await harness.invoke(slashInvocation(command, { target_id: IDS.owner }), TOKENS.member);
    expect(response.statusCode).toBe(403);
    expect((await harness.event('INTERACTION_FAILURE')).detail).toMatch(/^Permission Denied/);
  });

  it('options that do not fit are refused under data, before anything is sent', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'echo', description: 'Echo', options });
    // Each refusal names the option's own place in the tree: the list for a missing one, the value of the second sent otherwise.
    const refused = (code: string, message: string) => ({ _errors: [{ code, message }] });
    for (const [bad, field, errors] of [
      [[], 'text', { data: { options: refused('INTERACTION_OPTION_REQUIRED', '`text` is required.') } }],
      [[{ name: 'text', type: 3, value: 'x' }, { name: 'times', type: 4, value: 9 }], 'times',
        { data: { options: { 1: { value: refused('INTERACTION_OPTION_TOO_LARGE', '`times` must be at most 5.') } } } }],
      [[{ name: 'text', type: 3, value: 'x' }, { name: 'where', type: 7, value: '399999999999999999' }], 'where',
        { data: { options: { 1: { value: refused('INTERACTION_CHANNEL_UNKNOWN', '`where` must be a channel; no channel has the id 399999999999999999.') } } } }],
    ] as const) {
      const response = await harness.invoke(slashInvocation(command, { options: bad }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toEqual({ message: 'Invalid Form Body', code: 50035, errors });
    }
    expect(harness.gateway.dispatches).toEqual([]);
  });

  it('refuses bots, unknown commands and bodies that are not an invocation', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'ping', description: 'Ping' });
    const asBot = await harness.registry.bot({ method: 'POST', url: '/api/v10/interactions', payload: slashInvocation(command) });
    expect(asBot.json()).toEqual({ message: 'Bots cannot use this endpoint', code: 20001 });
    expect((await harness.invoke(slashInvocation({ ...command, id: '123456789012345678' }))).json().code).toBe(10063);
    expect((await harness.invoke({ type: 9 })).json().errors.type._errors[0].code).toBe('BASE_TYPE_CHOICES');
    expect((await harness.invoke({ ...slashInvocation(command), channel_id: 'x' })).json().errors.channel_id._errors[0].code).toBe('NUMBER_TYPE_COERCE');
  });

  it('tells the client when no bot is connected and the app has no endpoint', async () => {
    const harness = await interactionHarness();
    harness.gateway.connected = false;
    const command = await harness.command({ name: 'ping', description: 'Ping' });
    expect((await harness.invoke(slashInvocation(command))).statusCode).toBe(204);
    expect(await harness.event('INTERACTION_FAILURE')).toMatchObject({ reason: 'no-bot' });
  });
});

describe('one invocation after another', () => {
  // What the checks and the payload read is kept between invocations (interactions/standing.ts):
  // each must still see the world as it is when it comes.
  it('sees the member, the channel\'s last message and the permissions as they are now', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'Wave', type: 2 });
    const invoke = async () => {
      const next = harness.gateway.nextInteraction();
      const response = await harness.invoke(slashInvocation(command, { target_id: IDS.owner }), TOKENS.member);
      return response.statusCode === 204 ? await next : response;
    };
    const first = await invoke() as Record<string, { nick?: unknown; last_message_id?: unknown }>;
    expect(first.member?.nick).toBeNull();

    const member = await harness.registry.store.world.member(IDS.guild, IDS.member);
    await harness.registry.store.world.putMember({ ...member!, nick: 'Renamed' });
    await harness.registry.store.messages.putMessage({
      id: '500000000000000002', channel_id: IDS.general, author_id: IDS.owner, content: 'since',
      timestamp: new Date(0).toISOString(), edited_timestamp: null, type: 0, flags: 0, embeds: [], components: [], attachments: [],
      application_id: null, webhook_id: null, interaction_metadata: null,
    });
    const second = await invoke() as Record<string, { nick?: unknown; last_message_id?: unknown }>;
    expect(second.member?.nick).toBe('Renamed');
    expect(first.channel?.last_message_id).toBeNull();
    expect(second.channel?.last_message_id).toBe('500000000000000002');

    await harness.registry.store.world.putRole({ id: IDS.guild, guild_id: IDS.guild, name: '@everyone', permissions: String(1n << 31n), position: 0 });
    expect((await invoke() as { statusCode: number }).statusCode).toBe(403);
  });

  it('checks options that name no id by the command as it is now: the same body again, then the edited command\'s rules', async () => {
    const harness = await interactionHarness();
    const text = (extra: Record<string, unknown> = {}) => [{ type: 3, name: 'text', description: 'What to say', required: true, ...extra }];
    const said = { options: [{ name: 'text', type: 3, value: 'hi' }] };
    const first = await harness.command({ name: 'say', description: 'Say', options: text() });
    for (let round = 0; round < 2; round++) {
      const next = harness.gateway.nextInteraction();
      expect((await harness.invoke(slashInvocation(first, said))).statusCode).toBe(204);
      expect((await next).data).toEqual({ id: first.id, name: 'say', type: 1, guild_id: IDS.guild, options: said.options });
    }
    // Its rules change with it (a new version): the same options no longer fit.
    const edited = await harness.command({ name: 'say', description: 'Say', options: text({ max_length: 1 }) });
    expect(edited.version).not.toBe(first.version);
    const refused = await harness.invoke(slashInvocation(edited, said));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 50035, errors: { data: { options: { 0: { value: {} } } } } });
    const fitting = { options: [{ name: 'text', type: 3, value: 'h' }] };
    for (let round = 0; round < 2; round++) expect((await harness.invoke(slashInvocation(edited, fitting))).statusCode).toBe(204);
    expect((await harness.invoke(slashInvocation(edited, said))).statusCode).toBe(400);
  });

  it('refuses a session token once newer sessions have pushed it out', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'ping', description: 'Ping' });
    const { sessions } = harness.registry.store;
    await sessions.put('first-session', IDS.member, 1);
    expect((await harness.invoke(slashInvocation(command), 'first-session')).statusCode).toBe(204);
    for (let index = 0; index < SESSIONS_PER_USER; index++) await sessions.put(`newer-session-${index}`, IDS.member, 2 + index);
    expect((await harness.invoke(slashInvocation(command), 'first-session')).statusCode).toBe(401);
  });
});

describe('a fault while delivering', () => {
  it('ends the interaction with internal-error instead of reaching the process as an unhandled rejection', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'boom', description: 'Delivery fails' });
    harness.gateway.dispatchToBot = () => {
      throw new Error('the socket went away');
    };
    const response = await harness.invoke(slashInvocation(command, {}, 2));
    expect(response.statusCode, response.body).toBe(204);
    expect(await harness.event('INTERACTION_FAILURE')).toMatchObject({
      nonce: 'n1', reason: 'internal-error', detail: 'Slashbench failed while delivering: the socket went away',
    });
    // The registry goes on serving.
    expect((await harness.registry.bot({ method: 'GET', url: `/api/v10/applications/${IDS.app}/commands` })).statusCode).toBe(200);
  });
});

describe('storing the interaction', () => {
  it('stores it by the time the bot has it, so an answer at once finds it', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'quick', description: 'Answered at once' });
    // The bot answers the moment the frame is handed to it, before the invoking route goes on.
    let answered: Promise<{ statusCode: number }> | undefined;
    const dispatch = harness.gateway.dispatchToBot.bind(harness.gateway);
    harness.gateway.dispatchToBot = (...args: Parameters<typeof dispatch>) => {
      const delivered = dispatch(...args);
      answered = harness.callback(args[2] as Record<string, unknown>, { type: 4, data: { content: 'at once' } });
      return delivered;
    };
    expect((await harness.invoke(slashInvocation(command, {}, 2))).statusCode).toBe(204);
    expect((await answered)?.statusCode).toBe(204);
  });

  it('a disk that fills as it is stored: the client is answered 507, and the token finds nothing', async () => {
    const harness = await interactionHarness();
    const command = await harness.command({ name: 'full', description: 'The disk fills' });
    const interactions = harness.registry.store.interactions;
    interactions.add = () => Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    const response = await harness.invoke(slashInvocation(command, {}, 2));
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json()).toMatchObject({ code: 0 });
    expect(harness.events.map((event) => event.type)).not.toContain('INTERACTION_CREATE');
    if (harness.registry.store.sql.dialect === 'sqlite') {
      // There the row follows the app's copy out (deliver.ts): the app has it, and its answer is refused as for any unknown interaction.
      // The app must have been handed it, so the answer below names its real id and token.
      expect(harness.gateway.dispatches).toHaveLength(1);
      const [dispatch] = harness.gateway.dispatches;
      expect(dispatch!.data).toMatchObject({ id: expect.stringMatching(/^\d+$/), token: expect.any(String) });
      const refused = await harness.callback(dispatch!.data, { type: 4, data: { content: 'late' } });
      expect(refused.json()).toMatchObject({ code: 10062 });
    } else {
      // A team's database is written first: the app never hears of it.
      expect(harness.gateway.dispatches).toEqual([]);
    }
  });
});
