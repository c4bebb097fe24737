/**
 * Select menus on an app's message: the client sends the chosen ids only (`data.values`);
 * the registry checks them against the menu (count, options, what each id names here,
 * `channel_types`) and gives the app `data.resolved` with the users, members, roles and
 * channels, as the service does for command options.
 */
import { describe, expect, it } from 'vitest';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { IDS } from '../helpers/test-registry.js';

const ROWS = [
  { type: 1, components: [{ type: 5, custom_id: 'who', min_values: 1, max_values: 2, placeholder: 'Who?' }] },
  { type: 1, components: [{ type: 6, custom_id: 'role' }] },
  { type: 1, components: [{ type: 7, custom_id: 'any', max_values: 2 }] },
  { type: 1, components: [{ type: 8, custom_id: 'voice', channel_types: [2] }] },
  { type: 1, components: [{ type: 3, custom_id: 'fruit', options: [{ label: 'Apple', value: 'apple' }, { label: 'Pear', value: 'pear' }] }] },
];

/** Posts the app's message with every kind of select, and answers a function that uses one. */
async function selects(harness: Harness) {
  const command = await harness.command({ name: 'menu', description: 'Selects' });
  const next = harness.gateway.nextInteraction();
  await harness.invoke(slashInvocation(command));
  const interaction = await next;
  await harness.callback(interaction, { type: 4, data: { content: 'choose', components: ROWS } });
  const message = await harness.event('MESSAGE_CREATE');
  return async (customId: string, values: unknown) => {
    const received = harness.gateway.nextInteraction();
    const answer = await harness.invoke({
      type: 3, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, message_id: message.id,
      data: { component_type: 5, custom_id: customId, values },
    });
    return { answer, received: answer.statusCode === 204 ? await received : undefined };
  };
}

describe('select menus', () => {
  it('resolves the users of a user select, with their members', async () => {
    const choose = await selects(await interactionHarness());
    const { answer, received } = await choose('who', [IDS.owner, IDS.member]);
    expect(answer.statusCode, answer.body).toBe(204);
    const data = received?.data as { resolved: { users: Record<string, unknown>; members: Record<string, Record<string, unknown>> } };
    expect(data).toMatchObject({ custom_id: 'who', component_type: 5, values: [IDS.owner, IDS.member] });
    expect(Object.keys(data.resolved.users)).toEqual([IDS.owner, IDS.member]);
    expect(data.resolved.users[IDS.member]).toMatchObject({ id: IDS.member, username: 'member' });
    expect(data.resolved.members[IDS.member]).toMatchObject({ roles: [IDS.moderatorRole] });
    expect(data.resolved.members[IDS.member]).not.toHaveProperty('user');
  });

  it('resolves roles, mentionables as users or roles, and channels of the allowed types', async () => {
    const harness = await interactionHarness();
    const choose = await selects(harness);
    const role = await choose('role', [IDS.moderatorRole]);
    expect(role.received?.data).toMatchObject({ values: [IDS.moderatorRole], resolved: { roles: { [IDS.moderatorRole]: { name: 'Moderator' } } } });
    const any = await choose('any', [IDS.member, IDS.moderatorRole]);
    expect(any.received?.data).toMatchObject({ resolved: { users: { [IDS.member]: { id: IDS.member } }, roles: { [IDS.moderatorRole]: { id: IDS.moderatorRole } } } });
    const text = await choose('voice', [IDS.general]);
    expect(text.answer.statusCode).toBe(400);
    expect(text.answer.json().errors.data.values['0']._errors[0]).toMatchObject({ code: 'INTERACTION_CHANNEL_TYPE_INVALID', message: '`voice` must be a voice channel.' });
  });

  it('passes a string select\'s values without resolved, and refuses values that are not options', async () => {
    const choose = await selects(await interactionHarness());
    const picked = await choose('fruit', ['pear']);
    expect(picked.received?.data).toEqual({ custom_id: 'fruit', component_type: 3, values: ['pear'] });
    const wrong = await choose('fruit', ['plum']);
    expect(wrong.answer.json().errors.data.values['0']._errors[0]).toEqual({ code: 'BASE_TYPE_CHOICES', message: "Value must be one of {'apple', 'pear'}." });
  });

  it('refuses too few or too many values, unknown ids, duplicates and values for a button', async () => {
    const harness = await interactionHarness();
    const choose = await selects(harness);
    const errorOf = async (customId: string, values: unknown) => (await choose(customId, values)).answer.json().errors.data.values;
    expect((await errorOf('who', []))._errors[0]).toEqual({ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 2 in length.' });
    expect((await errorOf('who', [IDS.owner, IDS.member, IDS.owner]))._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await errorOf('who', [IDS.owner, IDS.owner]))._errors[0].code).toBe('INTERACTION_COMPONENT_VALUES_DUPLICATE');
    expect((await errorOf('who', ['999999999999999999']))['0']._errors[0].code).toBe('INTERACTION_USER_UNKNOWN');
    expect((await errorOf('role', [IDS.guild.replace(/1$/, '9')]))['0']._errors[0].code).toBe('INTERACTION_ROLE_UNKNOWN');
    expect((await errorOf('who', undefined))._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    expect((await errorOf('who', [1]))._errors[0].code).toBe('LIST_TYPE_CONVERT');
    expect(harness.gateway.dispatches.filter((dispatch) => (dispatch.data.type as number) === 3)).toEqual([]);
  });
});
