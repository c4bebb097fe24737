/**
 * The message rules case by case: each limit of message-facts.md accepted at its bound and
 * refused just beyond it, at the exact path with the exact code and words.
 */
import { describe, expect, it } from 'vitest';
import { errorLines } from '../../src/shared/command-rules/error-tree.js';
import { validateMessage } from '../../src/shared/message-rules/index.js';
import { rulesMissingACase } from '../helpers/rule-properties.js';

const V2 = 1 << 15;
const button = (custom_id: string, extra: Record<string, unknown> = {}) => ({ type: 2, style: 1, label: 'Go', custom_id, ...extra });
const row = (...components: unknown[]) => ({ type: 1, components });
const text = (content: string) => ({ type: 10, content });
const select = (custom_id: string, extra: Record<string, unknown> = {}) => ({ type: 3, custom_id, options: [{ label: 'A', value: 'a' }], ...extra });
const x = (length: number) => 'x'.repeat(length);

interface Case {
  rule: string;
  input: Record<string, unknown>;
  /** [dotted path, code, message] of every error, in tree order; absent: accepted. */
  refused?: Array<[string, string, string]>;
  partial?: boolean;
  existingFlags?: number;
}

const CASES: Case[] = [
  { rule: 'content 2000', input: { content: x(2000) } },
  { rule: 'content 2000', input: { content: x(2001) }, refused: [['content', 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.']] },
  { rule: 'content counts code points', input: { content: '😀'.repeat(2000) } },
  { rule: 'embeds 10', input: { embeds: Array.from({ length: 10 }, () => ({ title: 't' })) } },
  { rule: 'embeds 10', input: { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, refused: [['embeds', 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.']] },
  { rule: 'embed title 256', input: { embeds: [{ title: x(256) }] } },
  { rule: 'embed title 256', input: { embeds: [{ title: x(257) }] }, refused: [['embeds.0.title', 'BASE_TYPE_MAX_LENGTH', 'Must be 256 or fewer in length.']] },
  { rule: 'embed description 4096', input: { embeds: [{ description: x(4096) }] } },
  { rule: 'embed description 4096', input: { embeds: [{ description: x(4097) }] }, refused: [['embeds.0.description', 'BASE_TYPE_MAX_LENGTH', 'Must be 4096 or fewer in length.']] },
  { rule: 'embed fields 25', input: { embeds: [{ fields: Array.from({ length: 25 }, () => ({ name: 'n', value: 'v' })) }] } },
  { rule: 'embed fields 25', input: { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, refused: [['embeds.0.fields', 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.']] },
  { rule: 'field name 256, value 1024', input: { embeds: [{ fields: [{ name: x(256), value: x(1024), inline: true }] }] } },
  {
    rule: 'field name 256, value 1024', input: { embeds: [{ fields: [{ name: x(257), value: x(1025) }] }] },
    refused: [['embeds.0.fields.0.name', 'BASE_TYPE_MAX_LENGTH', 'Must be 256 or fewer in length.'], ['embeds.0.fields.0.value', 'BASE_TYPE_MAX_LENGTH', 'Must be 1024 or fewer in length.']],
  },
  { rule: 'field name and value required', input: { embeds: [{ fields: [{ name: 'n', value: 'v' }] }] } },
  { rule: 'field name and value required', input: { embeds: [{ fields: [{ name: '', value: 'v' }] }] }, refused: [['embeds.0.fields.0.name', 'BASE_TYPE_REQUIRED', 'This field is required']] },
  { rule: 'footer text 2048', input: { embeds: [{ footer: { text: x(2048), icon_url: 'https://a.b/c.png' } }] } },
  { rule: 'footer text 2048', input: { embeds: [{ footer: { text: x(2049) } }] }, refused: [['embeds.0.footer.text', 'BASE_TYPE_MAX_LENGTH', 'Must be 2048 or fewer in length.']] },
  { rule: 'author name 256', input: { embeds: [{ author: { name: x(256), url: 'https://a.b' } }] } },
  { rule: 'author name 256', input: { embeds: [{ author: { name: x(257) } }] }, refused: [['embeds.0.author.name', 'BASE_TYPE_MAX_LENGTH', 'Must be 256 or fewer in length.']] },
  { rule: 'embeds total 6000', input: { embeds: [{ description: x(4000) }, { description: x(2000) }] } },
  {
    rule: 'embeds total 6000', input: { embeds: [{ description: x(4000) }, { description: x(1000), title: x(200), footer: { text: x(801) } }] },
    refused: [['embeds', 'MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000']],
  },
  { rule: 'allowed_mentions', input: { content: 'hi', allowed_mentions: { parse: ['roles'], users: ['1'], replied_user: false } } },
  { rule: 'allowed_mentions', input: { allowed_mentions: { parse: ['users', 'all'] } }, refused: [['allowed_mentions.parse.1', 'BASE_TYPE_CHOICES', "Value must be one of {'everyone', 'roles', 'users'}."]] },
  {
    rule: 'allowed_mentions parse exclusive', input: { allowed_mentions: { parse: ['users'], users: ['1'] } },
    refused: [['allowed_mentions', 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', 'parse:["users"] and users: [ids] are mutually exclusive.']],
  },
  { rule: 'allowed_mentions parse exclusive', input: { allowed_mentions: { parse: ['users'], users: [] } } },
  { rule: 'allowed_mentions 100 ids', input: { allowed_mentions: { roles: Array.from({ length: 100 }, (_, i) => String(i + 1)) } } },
  { rule: 'allowed_mentions 100 ids', input: { allowed_mentions: { roles: Array.from({ length: 101 }, (_, i) => String(i + 1)) } }, refused: [['allowed_mentions.roles', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.']] },
  { rule: 'flags', input: { content: 'x', flags: 4 | 64 | 4096 } },
  { rule: 'flags', input: { content: 'x', flags: 1 }, refused: [['flags', 'MESSAGE_FLAGS_INVALID', 'Only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2 can be set.']] },
  { rule: 'V2 refuses legacy fields', input: { flags: V2, content: '', embeds: [], components: [text('hi')] } },
  {
    rule: 'V2 refuses legacy fields', input: { flags: V2, content: 'hi', embeds: [{ title: 't' }], poll: { question: { text: 'q' } }, components: [text('hi')] },
    refused: [
      ['content', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"],
      ['embeds', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"],
      ['poll', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', "The 'poll' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"],
    ],
  },
  { rule: 'an edit keeps V2', input: { components: [text('new')] }, partial: true, existingFlags: V2 },
  {
    rule: 'an edit keeps V2', input: { flags: 0, content: 'x' }, partial: true, existingFlags: V2,
    refused: [
      ['flags', 'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG', 'The IS_COMPONENTS_V2 flag cannot be removed from a message'],
      ['content', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"],
    ],
  },
  { rule: 'legacy rows 5', input: { components: Array.from({ length: 5 }, (_, i) => row(button(`b${i}`))) } },
  { rule: 'legacy rows 5', input: { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) }, refused: [['components', 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.']] },
  { rule: 'legacy top level is action rows', input: { components: [row(button('b'))] } },
  { rule: 'legacy top level is action rows', input: { components: [text('hi')] }, refused: [['components.0', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).']] },
  { rule: 'row of 1-5 buttons', input: { components: [row(...Array.from({ length: 5 }, (_, i) => button(`b${i}`)))] } },
  { rule: 'row of 1-5 buttons', input: { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] }, refused: [['components.0.components', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.']] },
  { rule: 'row of 1-5 buttons', input: { components: [row()] }, refused: [['components.0.components', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.']] },
  { rule: 'a select fills its row', input: { components: [row(select('s'))] } },
  { rule: 'a select fills its row', input: { components: [row(button('b'), select('s'))] }, refused: [['components.0.components.1', 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width']] },
  { rule: 'button label 80', input: { components: [row(button('b', { label: x(80) }))] } },
  { rule: 'button label 80', input: { components: [row(button('b', { label: x(81) }))] }, refused: [['components.0.components.0.label', 'BASE_TYPE_MAX_LENGTH', 'Must be 80 or fewer in length.']] },
  { rule: 'custom_id 1-100', input: { components: [row(button(x(100)))] } },
  { rule: 'custom_id 1-100', input: { components: [row(button(x(101)))] }, refused: [['components.0.components.0.custom_id', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.']] },
  { rule: 'custom_id unique', input: { components: [row(button('a'), button('b'))] } },
  { rule: 'custom_id unique', input: { components: [row(button('a')), row(button('a'))] }, refused: [['components.1.components.0.custom_id', 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated']] },
  { rule: 'button custom_id required', input: { components: [row({ type: 2, style: 2, label: 'Id', custom_id: 'id' })] } },
  { rule: 'button custom_id required', input: { components: [row({ type: 2, style: 2, label: 'No id' })] }, refused: [['components.0.components.0.custom_id', 'BUTTON_COMPONENT_CUSTOM_ID_REQUIRED', 'A custom id is required']] },
  { rule: 'link button', input: { components: [row({ type: 2, style: 5, label: 'Docs', url: 'https://discord.com' })] } },
  {
    rule: 'link button', input: { components: [row({ type: 2, style: 5, label: 'Docs', custom_id: 'c' })] },
    refused: [['components.0.components.0.custom_id', 'BUTTON_COMPONENT_INVALID_FIELD', "The 'custom_id' field cannot be used on a link button"], ['components.0.components.0.url', 'BUTTON_COMPONENT_URL_REQUIRED', 'A url is required']],
  },
  { rule: 'premium button', input: { components: [row({ type: 2, style: 6, sku_id: '123' })] } },
  {
    rule: 'premium button', input: { components: [row({ type: 2, style: 6, label: 'Buy' })] },
    refused: [['components.0.components.0.label', 'BUTTON_COMPONENT_INVALID_FIELD', "The 'label' field cannot be used on a premium button"], ['components.0.components.0.sku_id', 'BUTTON_COMPONENT_SKU_ID_REQUIRED', 'A sku id is required']],
  },
  { rule: 'button style', input: { components: [row(button('b', { style: 4 }))] } },
  { rule: 'button style', input: { components: [row(button('b', { style: 7 }))] }, refused: [['components.0.components.0.style', 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.']] },
  { rule: 'select options 1-25', input: { components: [row(select('s', { options: Array.from({ length: 25 }, (_, i) => ({ label: 'l', value: `v${i}` })) }))] } },
  { rule: 'select options 1-25', input: { components: [row(select('s', { options: Array.from({ length: 26 }, (_, i) => ({ label: 'l', value: `v${i}` })) }))] }, refused: [['components.0.components.0.options', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.']] },
  { rule: 'select option texts 100', input: { components: [row(select('s', { options: [{ label: x(100), value: x(100), description: x(100) }] }))] } },
  { rule: 'select option texts 100', input: { components: [row(select('s', { options: [{ label: 'l', value: 'v', description: x(101) }] }))] }, refused: [['components.0.components.0.options.0.description', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.']] },
  { rule: 'select placeholder 150', input: { components: [row(select('s', { placeholder: x(150) }))] } },
  { rule: 'select placeholder 150', input: { components: [row(select('s', { placeholder: x(151) }))] }, refused: [['components.0.components.0.placeholder', 'BASE_TYPE_MAX_LENGTH', 'Must be 150 or fewer in length.']] },
  { rule: 'select values 0-25 / 1-25', input: { components: [row({ type: 5, custom_id: 'u', min_values: 0, max_values: 25, default_values: [{ id: '1', type: 'user' }] })] } },
  {
    rule: 'select values 0-25 / 1-25', input: { components: [row({ type: 6, custom_id: 'r', min_values: 26, max_values: 0 })] },
    refused: [['components.0.components.0.min_values', 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 25.'], ['components.0.components.0.max_values', 'NUMBER_TYPE_MIN', 'int value should be greater than or equal to 1.']],
  },
  { rule: 'channel select types', input: { components: [row({ type: 8, custom_id: 'c', channel_types: [0, 2] })] } },
  { rule: 'channel select types', input: { components: [row({ type: 8, custom_id: 'c', channel_types: [99] })] }, refused: [['components.0.components.0.channel_types.0', 'BASE_TYPE_CHOICES', 'Value must be one of {0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16}.']] },
  { rule: 'text input not in messages', input: { components: [row(select('s'))] } },
  { rule: 'text input not in messages', input: { components: [row({ type: 4, custom_id: 't', style: 1, label: 'L' })] }, refused: [['components.0.components.0', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).']] },
  { rule: 'component id unique', input: { components: [row(button('a', { id: 7 }), button('b', { id: 8 }))] } },
  { rule: 'component id unique', input: { components: [row(button('a', { id: 7 }), button('b', { id: 7 }))] }, refused: [['components.0.components.1.id', 'COMPONENT_ID_DUPLICATED', 'Component id cannot be duplicated']] },
];

function lines(result: ReturnType<typeof validateMessage>): Array<[string, string, string]> | undefined {
  return result.ok ? undefined : errorLines(result.errors).map((line) => [line.path, line.code, line.message]);
}

describe('message rules, case by case', () => {
  it.each(CASES.map((entry) => [entry.rule, entry] as const))('%s', (_rule, entry) => {
    const result = validateMessage(entry.input, [], { partial: entry.partial ?? false, ...(entry.existingFlags === undefined ? {} : { existingFlags: entry.existingFlags }) });
    expect(lines(result)).toEqual(entry.refused);
  });

  it('has an accepted and a refused case for every rule', () => {
    expect(rulesMissingACase(CASES.filter((entry) => entry.rule !== 'content counts code points'))).toEqual([]);
  });

  it('puts callback errors under data. and numbers components in order, keeping given ids', () => {
    const refused = validateMessage({ embeds: [{ title: x(257) }] }, ['data'], { partial: false });
    expect(refused.ok ? [] : errorLines(refused.errors)).toEqual([{ path: 'data.embeds.0.title', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' }]);
    const input = { components: [row(button('a'), button('b', { id: 2 }))] };
    const accepted = validateMessage(input, [], { partial: false });
    expect(accepted.ok && accepted.value.components).toEqual([{ ...row({ ...button('a'), id: 3 }, button('b', { id: 2 })), id: 1 }]);
    expect(input.components[0]).toEqual(row(button('a'), button('b', { id: 2 })));
  });
});
