/**
 * One accepted and one refused invocation (at least) for every invocation rule: each
 * refusal checked for the exact set of (path, code) it answers with, each acceptance for the
 * whole normalized invocation (path, options, focused, references, target).
 */
import { describe, expect, it } from 'vitest';
import type { CommandDefinition } from '../../../src/shared/command-rules/index.js';
import {
  describeChannelType,
  describeOptionType,
  formatCommandPath,
  INVOCATION_MESSAGES,
  invocablePaths,
  leafOptions,
  phraseOptionType,
  validateInvocation,
  type Invocation,
  type InvocationKind,
  type InvocationOption,
} from '../../../src/shared/invocation/index.js';
import {
  BARE,
  contextOf,
  define,
  ENTRY_POINT,
  FLAT,
  leaves,
  MESSAGE_COMMAND,
  messages,
  NESTED,
  USER_COMMAND,
} from './fixtures.js';
import { rulesMissingACase } from '../../helpers/rule-properties.js';

interface Case {
  /** The rule of the brief the case belongs to (each rule needs an accepted and a refused case). */
  rule: string;
  title: string;
  definition?: CommandDefinition;
  kind?: InvocationKind;
  data: unknown;
  /** Exact set of [path, code] the refusal answers with. */
  refused?: Array<[string, string]>;
  /** The first message of the refusal, as the client shows it. */
  message?: string;
  /** For acceptances: the whole normalized invocation. */
  accepted?: Invocation;
}

const TEXT = { name: 'text', type: 3, value: 'hi' };
const given = (...options: unknown[]) => ({ name: 'ping', type: 1, options: [TEXT, ...options] });
const only = (...options: unknown[]) => ({ name: 'ping', type: 1, options });
const sub = (name: string, options?: unknown[]) => ({ name, type: 1, ...(options ? { options } : {}) });
const group = (name: string, options?: unknown[]) => ({ name, type: 2, ...(options ? { options } : {}) });
const admin = (...options: unknown[]) => ({ name: 'admin', type: 1, options });

function invocation(fields: Partial<Invocation> & { options: InvocationOption[] }): Invocation {
  const { references, ...rest } = fields;
  return { path: [], ...rest, references: { users: [], roles: [], channels: [], attachments: [], ...references } };
}
const leaf = (name: string, type: number, value: string | number | boolean): InvocationOption => ({ name, type, value });
const focus = (name: string, type: number, value: string): InvocationOption => ({ name, type, value, focused: true });
const withText = (...options: InvocationOption[]) => [leaf('text', 3, 'hi'), ...options];

const CASES: Case[] = [
  // --- The shape of data -------------------------------------------------------------------
  {
    rule: 'data shape',
    title: 'full data',
    data: { id: '1', name: 'ping', type: 1, version: '2', options: [TEXT] },
    accepted: invocation({ options: withText() }),
  },
  { rule: 'data shape', title: 'name and type may be left out', data: { options: [TEXT] }, accepted: invocation({ options: withText() }) },
  { rule: 'data shape', title: 'a string', data: 'ping', refused: [['', 'INTERACTION_DATA_INVALID']], message: 'The command data must be an object.' },
  { rule: 'data shape', title: 'null', data: null, refused: [['', 'INTERACTION_DATA_INVALID']] },
  { rule: 'data shape', title: 'an array', data: [TEXT], refused: [['', 'INTERACTION_DATA_INVALID']] },
  { rule: 'data shape', title: 'options an object', data: { options: { 0: TEXT } }, refused: [['options', 'INTERACTION_OPTIONS_INVALID']], message: 'Options must be a list.' },
  { rule: 'data shape', title: 'options null reads as none', definition: BARE, data: { name: 'hello', options: null }, accepted: invocation({ options: [] }) },
  { rule: 'data shape', title: 'a hole in a sparse list', data: { options: Object.assign(new Array<unknown>(2), { 1: TEXT }) }, refused: [['options.0', 'INTERACTION_OPTION_INVALID']] },
  { rule: 'data shape', title: 'option a string', data: given('count'), refused: [['options.1', 'INTERACTION_OPTION_INVALID']] },
  { rule: 'data shape', title: 'option name a number', data: given({ name: 4, type: 4, value: 1 }), refused: [['options.1.name', 'INTERACTION_OPTION_NAME_INVALID']] },
  { rule: 'data shape', title: 'option type a string', data: given({ name: 'count', type: '4', value: 1 }), refused: [['options.1.type', 'INTERACTION_OPTION_TYPE_INVALID']] },
  { rule: 'data shape', title: 'option type 4.5', data: given({ name: 'count', type: 4.5, value: 1 }), refused: [['options.1.type', 'INTERACTION_OPTION_TYPE_INVALID']] },
  { rule: 'data shape', title: 'option type missing', data: given({ name: 'count', value: 1 }), refused: [['options.1.type', 'INTERACTION_OPTION_TYPE_INVALID']] },
  {
    rule: 'data shape',
    title: 'focused not a boolean',
    data: given({ name: 'count', type: 4, value: 1, focused: 'yes' }),
    refused: [['options.1.focused', 'INTERACTION_OPTION_FOCUSED_INVALID']],
  },
  { rule: 'command identity', title: 'name of another command', data: { ...given(), name: 'pong' }, refused: [['name', 'INTERACTION_COMMAND_MISMATCH']], message: '`name` must be `ping`, as in this command.' },
  { rule: 'command identity', title: 'type of another command', data: { ...given(), type: 2 }, refused: [['type', 'INTERACTION_COMMAND_MISMATCH']], message: '`type` must be 1 (chat input), as in this command.' },
  { rule: 'command identity', title: 'id not a snowflake', data: { ...given(), id: 'abc' }, refused: [['id', 'INTERACTION_SNOWFLAKE_INVALID']], message: '`id` must be an id: a string of digits.' },
  { rule: 'command identity', title: 'version a number', data: { ...given(), version: 5 }, refused: [['version', 'INTERACTION_SNOWFLAKE_INVALID']] },
  { rule: 'command identity', title: 'matching name, type, id and version', data: { ...given(), id: '10', version: '11' }, accepted: invocation({ options: withText() }) },

  // --- Choosing a subcommand -----------------------------------------------------------------
  { rule: 'one subcommand', title: 'a subcommand without options', definition: NESTED, data: admin(sub('ping')), accepted: invocation({ path: ['ping'], options: [] }) },
  {
    rule: 'one subcommand',
    title: 'a subcommand in a group',
    definition: NESTED,
    data: admin(group('config', [sub('set', [{ name: 'key', type: 3, value: 'a' }, { name: 'value', type: 4, value: 7 }])])),
    accepted: invocation({ path: ['config', 'set'], options: [leaf('key', 3, 'a'), leaf('value', 4, 7)] }),
  },
  { rule: 'one subcommand', title: 'the base command alone', definition: NESTED, data: { name: 'admin' }, refused: [['options', 'INTERACTION_SUBCOMMAND_REQUIRED']], message: 'Choose a subcommand.' },
  { rule: 'one subcommand', title: 'an empty list', definition: NESTED, data: admin(), refused: [['options', 'INTERACTION_SUBCOMMAND_REQUIRED']] },
  {
    rule: 'one subcommand',
    title: 'two subcommands',
    definition: NESTED,
    data: admin(sub('ping'), sub('ban', [{ name: 'user', type: 6, value: '100' }])),
    refused: [['options.1', 'INTERACTION_SUBCOMMAND_MULTIPLE']],
    message: 'Choose only one subcommand.',
  },
  {
    rule: 'one subcommand',
    title: 'a plain option instead of a subcommand',
    definition: NESTED,
    data: admin({ name: 'user', type: 6, value: '100' }),
    refused: [['options.0.name', 'INTERACTION_SUBCOMMAND_UNKNOWN']],
    message: '`/admin` has no subcommand `user`.',
  },
  { rule: 'one subcommand', title: 'a group with no subcommand chosen', definition: NESTED, data: admin(group('config')), refused: [['options.0.options', 'INTERACTION_SUBCOMMAND_REQUIRED']] },
  {
    rule: 'one subcommand',
    title: 'a group with two subcommands',
    definition: NESTED,
    data: admin(group('config', [sub('show'), sub('show')])),
    refused: [['options.0.options.1', 'INTERACTION_SUBCOMMAND_MULTIPLE']],
  },
  { rule: 'empty group', title: 'an empty group', definition: NESTED, data: admin(group('empty')), refused: [['options.0', 'INTERACTION_GROUP_EMPTY']], message: '`/admin empty` has no subcommands to choose.' },
  { rule: 'empty group', title: 'a group with subcommands', definition: NESTED, data: admin(group('config', [sub('show')])), accepted: invocation({ path: ['config', 'show'], options: [] }) },
  {
    rule: 'known names',
    title: 'unknown subcommand',
    definition: NESTED,
    data: admin(sub('kick')),
    refused: [['options.0.name', 'INTERACTION_SUBCOMMAND_UNKNOWN']],
    message: '`/admin` has no subcommand `kick`.',
  },
  {
    rule: 'known names',
    title: 'unknown subcommand in a group',
    definition: NESTED,
    data: admin(group('config', [sub('drop')])),
    refused: [['options.0.options.0.name', 'INTERACTION_SUBCOMMAND_UNKNOWN']],
    message: '`/admin config` has no subcommand `drop`.',
  },
  { rule: 'known names', title: 'every name known', data: given({ name: 'color', type: 3, value: 'red' }), accepted: invocation({ options: withText(leaf('color', 3, 'red')) }) },
  { rule: 'known names', title: 'unknown option', data: given({ name: 'colour', type: 3, value: 'red' }), refused: [['options.1.name', 'INTERACTION_OPTION_UNKNOWN']], message: '`/ping` has no option `colour`.' },
  { rule: 'known names', title: 'a subcommand of a command without any', data: given(sub('go')), refused: [['options.1.name', 'INTERACTION_OPTION_UNKNOWN']] },
  { rule: 'known names', title: 'an inherited name', data: given({ name: 'constructor', type: 3, value: 'x' }), refused: [['options.1.name', 'INTERACTION_OPTION_UNKNOWN']] },
  {
    rule: 'known names',
    title: 'unknown option in a subcommand',
    definition: NESTED,
    data: admin(sub('ban', [{ name: 'user', type: 6, value: '100' }, { name: 'days', type: 4, value: 1 }])),
    refused: [['options.0.options.1.name', 'INTERACTION_OPTION_UNKNOWN']],
    message: '`/admin ban` has no option `days`.',
  },
  {
    rule: 'matching types',
    title: 'a subcommand sent as a group',
    definition: NESTED,
    data: admin(group('ping')),
    refused: [['options.0.type', 'INTERACTION_OPTION_TYPE_MISMATCH']],
    message: '`ping` is a subcommand (type 1), not a subcommand group (type 2).',
  },
  { rule: 'matching types', title: 'a group sent as a subcommand', definition: NESTED, data: admin(sub('config')), refused: [['options.0.type', 'INTERACTION_OPTION_TYPE_MISMATCH']] },
  {
    rule: 'matching types',
    title: 'an integer sent as a string',
    data: given({ name: 'count', type: 3, value: '3' }),
    refused: [['options.1.type', 'INTERACTION_OPTION_TYPE_MISMATCH']],
    message: '`count` is an integer option (type 4), not a string option (type 3).',
  },
  { rule: 'matching types', title: 'an integer as an integer', data: given({ name: 'count', type: 4, value: 3 }), accepted: invocation({ options: withText(leaf('count', 4, 3)) }) },
  { rule: 'no duplicates', title: 'an option twice', data: given(TEXT), refused: [['options.1.name', 'INTERACTION_OPTION_DUPLICATE']], message: '`text` is given more than once.' },
  {
    rule: 'no duplicates',
    title: 'distinct options in the order given',
    data: only({ name: 'flag', type: 5, value: true }, TEXT),
    accepted: invocation({ options: [leaf('flag', 5, true), leaf('text', 3, 'hi')] }),
  },
  { rule: 'branch fields', title: 'a subcommand with a value', definition: NESTED, data: admin({ ...sub('ping'), value: 'x' }), refused: [['options.0.value', 'INTERACTION_OPTION_VALUE_UNEXPECTED']] },
  { rule: 'branch fields', title: 'a subcommand with value null', definition: NESTED, data: admin({ ...sub('ping'), value: null }), accepted: invocation({ path: ['ping'], options: [] }) },
  { rule: 'leaf fields', title: 'nested options under a leaf', data: given({ name: 'flag', type: 5, value: true, options: [TEXT] }), refused: [['options.1.options', 'INTERACTION_OPTIONS_UNEXPECTED']] },
  { rule: 'leaf fields', title: 'an empty options list under a leaf', data: given({ name: 'flag', type: 5, value: true, options: [] }), accepted: invocation({ options: withText(leaf('flag', 5, true)) }) },
  { rule: 'leaf fields', title: 'an option without a value', data: given({ name: 'count', type: 4 }), refused: [['options.1.value', 'INTERACTION_OPTION_VALUE_REQUIRED']], message: 'Enter a value for `count`.' },

  // --- Required options ----------------------------------------------------------------------
  { rule: 'required options', title: 'missing in a command', data: only({ name: 'flag', type: 5, value: true }), refused: [['options', 'INTERACTION_OPTION_REQUIRED']], message: '`text` is required.' },
  { rule: 'required options', title: 'no options at all', data: { name: 'ping' }, refused: [['options', 'INTERACTION_OPTION_REQUIRED']] },
  { rule: 'required options', title: 'missing in a subcommand', definition: NESTED, data: admin(sub('ban')), refused: [['options.0.options', 'INTERACTION_OPTION_REQUIRED']] },
  { rule: 'required options', title: 'a command without options', definition: BARE, data: { name: 'hello' }, accepted: invocation({ options: [] }) },
  {
    rule: 'required options',
    title: 'missing in autocomplete',
    kind: 'autocomplete',
    data: only({ name: 'query', type: 3, value: 'pa', focused: true }),
    accepted: invocation({ options: [focus('query', 3, 'pa')], focused: focus('query', 3, 'pa') }),
  },

  // --- Values: STRING ------------------------------------------------------------------------
  { rule: 'string values', title: 'five emoji are five characters', data: only({ name: 'text', type: 3, value: '😀😀😀😀😀' }), accepted: invocation({ options: [leaf('text', 3, '😀😀😀😀😀')] }) },
  { rule: 'string values', title: 'shorter than min_length', data: only({ name: 'text', type: 3, value: 'a' }), refused: [['options.0.value', 'INTERACTION_OPTION_TOO_SHORT']], message: '`text` must be at least 2 characters long.' },
  { rule: 'string values', title: 'longer than max_length', data: only({ name: 'text', type: 3, value: 'abcdef' }), refused: [['options.0.value', 'INTERACTION_OPTION_TOO_LONG']], message: '`text` must be at most 5 characters long.' },
  { rule: 'string values', title: 'six emoji are too many', data: only({ name: 'text', type: 3, value: '😀'.repeat(6) }), refused: [['options.0.value', 'INTERACTION_OPTION_TOO_LONG']] },
  { rule: 'string values', title: 'a number', data: only({ name: 'text', type: 3, value: 42 }), refused: [['options.0.value', 'INTERACTION_OPTION_STRING_INVALID']], message: '`text` must be text.' },
  { rule: 'string values', title: 'beyond 6000 without max_length', data: given({ name: 'query', type: 3, value: 'q'.repeat(6001) }), refused: [['options.1.value', 'INTERACTION_OPTION_TOO_LONG']], message: '`query` must be at most 6000 characters long.' },
  { rule: 'string values', title: '6000 without max_length', data: given({ name: 'query', type: 3, value: 'q'.repeat(6000) }), accepted: invocation({ options: withText(leaf('query', 3, 'q'.repeat(6000))) }) },
  { rule: 'choices', title: 'a string choice value', data: given({ name: 'color', type: 3, value: 'red' }), accepted: invocation({ options: withText(leaf('color', 3, 'red')) }) },
  { rule: 'choices', title: 'a string choice name', data: given({ name: 'color', type: 3, value: 'Red' }), refused: [['options.1.value', 'INTERACTION_OPTION_CHOICE_INVALID']], message: '`color` must be one of the choices: Red or Green.' },
  { rule: 'choices', title: 'an integer choice', data: given({ name: 'size', type: 4, value: 2 }), accepted: invocation({ options: withText(leaf('size', 4, 2)) }) },
  { rule: 'choices', title: 'an integer not a choice', data: given({ name: 'size', type: 4, value: 3 }), refused: [['options.1.value', 'INTERACTION_OPTION_CHOICE_INVALID']] },

  // --- Values: INTEGER, NUMBER, BOOLEAN --------------------------------------------------
  { rule: 'integer values', title: 'below min_value', data: given({ name: 'count', type: 4, value: 0 }), refused: [['options.1.value', 'INTERACTION_OPTION_TOO_SMALL']], message: '`count` must be at least 1.' },
  { rule: 'integer values', title: 'above max_value', data: given({ name: 'count', type: 4, value: 11 }), refused: [['options.1.value', 'INTERACTION_OPTION_TOO_LARGE']], message: '`count` must be at most 10.' },
  { rule: 'integer values', title: 'a fraction', data: given({ name: 'count', type: 4, value: 2.5 }), refused: [['options.1.value', 'INTERACTION_OPTION_INTEGER_INVALID']], message: '`count` must be a whole number.' },
  { rule: 'integer values', title: 'digits in a string', data: given({ name: 'count', type: 4, value: '3' }), refused: [['options.1.value', 'INTERACTION_OPTION_INTEGER_INVALID']] },
  { rule: 'integer values', title: 'the largest safe integer', data: given({ name: 'big', type: 4, value: Number.MAX_SAFE_INTEGER }), accepted: invocation({ options: withText(leaf('big', 4, Number.MAX_SAFE_INTEGER)) }) },
  { rule: 'integer values', title: 'the smallest safe integer', data: given({ name: 'big', type: 4, value: -Number.MAX_SAFE_INTEGER }), accepted: invocation({ options: withText(leaf('big', 4, -Number.MAX_SAFE_INTEGER)) }) },
  { rule: 'integer values', title: '2^53', data: given({ name: 'big', type: 4, value: 2 ** 53 }), refused: [['options.1.value', 'INTERACTION_OPTION_TOO_LARGE']], message: '`big` must be at most 9007199254740991.' },
  { rule: 'integer values', title: '-2^53', data: given({ name: 'big', type: 4, value: -(2 ** 53) }), refused: [['options.1.value', 'INTERACTION_OPTION_TOO_SMALL']] },
  { rule: 'number values', title: 'within range', data: given({ name: 'ratio', type: 10, value: 0.5 }), accepted: invocation({ options: withText(leaf('ratio', 10, 0.5)) }) },
  { rule: 'number values', title: '-0 reads as 0', data: given({ name: 'ratio', type: 10, value: -0 }), accepted: invocation({ options: withText(leaf('ratio', 10, 0)) }) },
  { rule: 'number values', title: 'above max_value', data: given({ name: 'ratio', type: 10, value: 1.5 }), refused: [['options.1.value', 'INTERACTION_OPTION_TOO_LARGE']], message: '`ratio` must be at most 1.' },
  { rule: 'number values', title: 'NaN', data: given({ name: 'ratio', type: 10, value: Number.NaN }), refused: [['options.1.value', 'INTERACTION_OPTION_NUMBER_INVALID']], message: '`ratio` must be a number.' },
  { rule: 'number values', title: 'Infinity', data: given({ name: 'ratio', type: 10, value: Infinity }), refused: [['options.1.value', 'INTERACTION_OPTION_NUMBER_INVALID']] },
  { rule: 'number values', title: 'a string', data: given({ name: 'ratio', type: 10, value: '0.5' }), refused: [['options.1.value', 'INTERACTION_OPTION_NUMBER_INVALID']] },
  { rule: 'boolean values', title: 'false', data: given({ name: 'flag', type: 5, value: false }), accepted: invocation({ options: withText(leaf('flag', 5, false)) }) },
  { rule: 'boolean values', title: 'a string', data: given({ name: 'flag', type: 5, value: 'true' }), refused: [['options.1.value', 'INTERACTION_OPTION_BOOLEAN_INVALID']], message: '`flag` must be true or false.' },

  // --- Values: ids ------------------------------------------------------------------------
  { rule: 'user values', title: 'a known user', data: given({ name: 'who', type: 6, value: '100' }), accepted: invocation({ options: withText(leaf('who', 6, '100')), references: { users: ['100'], roles: [], channels: [], attachments: [] } }) },
  { rule: 'user values', title: 'leading zeros are dropped', data: given({ name: 'who', type: 6, value: '0100' }), accepted: invocation({ options: withText(leaf('who', 6, '100')), references: { users: ['100'], roles: [], channels: [], attachments: [] } }) },
  { rule: 'user values', title: 'an unknown user', data: given({ name: 'who', type: 6, value: '999' }), refused: [['options.1.value', 'INTERACTION_USER_UNKNOWN']], message: '`who` must be a user; no user has the id 999.' },
  { rule: 'user values', title: 'a number', data: given({ name: 'who', type: 6, value: 100 }), refused: [['options.1.value', 'INTERACTION_SNOWFLAKE_INVALID']], message: '`who` must be an id: a string of digits.' },
  { rule: 'user values', title: 'beyond 64 bits', data: given({ name: 'who', type: 6, value: '18446744073709551616' }), refused: [['options.1.value', 'INTERACTION_SNOWFLAKE_INVALID']] },
  { rule: 'channel values', title: 'a text channel', data: given({ name: 'where', type: 7, value: '300' }), accepted: invocation({ options: withText(leaf('where', 7, '300')), references: { users: [], roles: [], channels: ['300'], attachments: [] } }) },
  { rule: 'channel values', title: 'an announcement channel', data: given({ name: 'where', type: 7, value: '302' }), accepted: invocation({ options: withText(leaf('where', 7, '302')), references: { users: [], roles: [], channels: ['302'], attachments: [] } }) },
  {
    rule: 'channel values',
    title: 'a voice channel where text is asked',
    data: given({ name: 'where', type: 7, value: '301' }),
    refused: [['options.1.value', 'INTERACTION_CHANNEL_TYPE_INVALID']],
    message: '`where` must be a text channel or an announcement channel.',
  },
  { rule: 'channel values', title: 'any channel type without channel_types', data: given({ name: 'anywhere', type: 7, value: '301' }), accepted: invocation({ options: withText(leaf('anywhere', 7, '301')), references: { users: [], roles: [], channels: ['301'], attachments: [] } }) },
  { rule: 'channel values', title: 'an unknown channel', data: given({ name: 'anywhere', type: 7, value: '399' }), refused: [['options.1.value', 'INTERACTION_CHANNEL_UNKNOWN']], message: '`anywhere` must be a channel; no channel has the id 399.' },
  { rule: 'role values', title: 'a known role', data: given({ name: 'role', type: 8, value: '201' }), accepted: invocation({ options: withText(leaf('role', 8, '201')), references: { users: [], roles: ['201'], channels: [], attachments: [] } }) },
  { rule: 'role values', title: 'a user id', data: given({ name: 'role', type: 8, value: '100' }), refused: [['options.1.value', 'INTERACTION_ROLE_UNKNOWN']], message: '`role` must be a role; no role has the id 100.' },
  { rule: 'mentionable values', title: 'a user', data: given({ name: 'target', type: 9, value: '101' }), accepted: invocation({ options: withText(leaf('target', 9, '101')), references: { users: ['101'], roles: [], channels: [], attachments: [] } }) },
  { rule: 'mentionable values', title: 'a role', data: given({ name: 'target', type: 9, value: '200' }), accepted: invocation({ options: withText(leaf('target', 9, '200')), references: { users: [], roles: ['200'], channels: [], attachments: [] } }) },
  { rule: 'mentionable values', title: 'a channel', data: given({ name: 'target', type: 9, value: '300' }), refused: [['options.1.value', 'INTERACTION_MENTIONABLE_UNKNOWN']], message: '`target` must be a user or a role; none has the id 300.' },
  { rule: 'attachment values', title: 'an upload', data: given({ name: 'file', type: 11, value: '400' }), accepted: invocation({ options: withText(leaf('file', 11, '400')), references: { users: [], roles: [], channels: [], attachments: ['400'] } }) },
  { rule: 'attachment values', title: 'an unknown upload', data: given({ name: 'file', type: 11, value: '401' }), refused: [['options.1.value', 'INTERACTION_ATTACHMENT_UNKNOWN']], message: '`file` must be an uploaded file; no upload has the id 401.' },
  {
    rule: 'references',
    title: 'every kind, each id once',
    data: given(
      { name: 'who', type: 6, value: '100' },
      { name: 'target', type: 9, value: '100' },
      { name: 'role', type: 8, value: '201' },
      { name: 'anywhere', type: 7, value: '300' },
      { name: 'file', type: 11, value: '400' },
    ),
    accepted: invocation({
      options: withText(leaf('who', 6, '100'), leaf('target', 9, '100'), leaf('role', 8, '201'), leaf('anywhere', 7, '300'), leaf('file', 11, '400')),
      references: { users: ['100'], roles: ['201'], channels: ['300'], attachments: ['400'] },
    }),
  },
  {
    rule: 'references',
    title: 'a refused id is not referenced',
    data: given({ name: 'who', type: 6, value: '100' }, { name: 'target', type: 9, value: '999' }),
    refused: [['options.2.value', 'INTERACTION_MENTIONABLE_UNKNOWN']],
  },

  // --- Autocomplete -----------------------------------------------------------------------
  {
    rule: 'autocomplete focus',
    title: 'one focused option among others',
    kind: 'autocomplete',
    data: given({ name: 'who', type: 6, value: '100' }, { name: 'query', type: 3, value: 'pa', focused: true }),
    accepted: invocation({
      options: withText(leaf('who', 6, '100'), focus('query', 3, 'pa')),
      focused: focus('query', 3, 'pa'),
      references: { users: ['100'], roles: [], channels: [], attachments: [] },
    }),
  },
  { rule: 'autocomplete focus', title: 'none focused', kind: 'autocomplete', data: given(), refused: [['options', 'INTERACTION_FOCUSED_REQUIRED']] },
  {
    rule: 'autocomplete focus',
    title: 'two focused',
    kind: 'autocomplete',
    data: only({ name: 'query', type: 3, value: 'a', focused: true }, { name: 'amount', type: 4, value: '1', focused: true }),
    refused: [['options.1.focused', 'INTERACTION_FOCUSED_MULTIPLE']],
    message: 'Only one option can be focused.',
  },
  {
    rule: 'autocomplete focus',
    title: 'focused without autocomplete',
    kind: 'autocomplete',
    data: only({ name: 'text', type: 3, value: 'hi', focused: true }),
    refused: [['options.0.focused', 'INTERACTION_FOCUSED_NOT_AUTOCOMPLETE']],
    message: '`text` has no autocomplete.',
  },
  {
    rule: 'autocomplete focus',
    title: 'a focused subcommand',
    kind: 'autocomplete',
    definition: NESTED,
    data: admin({ ...sub('ban', [{ name: 'reason', type: 3, value: 'x' }]), focused: true }),
    refused: [['options.0.focused', 'INTERACTION_FOCUSED_UNEXPECTED'], ['options.0.options', 'INTERACTION_FOCUSED_REQUIRED']],
  },
  {
    rule: 'autocomplete focus',
    title: 'inside a subcommand, required ones absent',
    kind: 'autocomplete',
    definition: NESTED,
    data: admin(sub('ban', [{ name: 'reason', type: 3, value: 'sp', focused: true }])),
    accepted: invocation({ path: ['ban'], options: [focus('reason', 3, 'sp')], focused: focus('reason', 3, 'sp') }),
  },
  { rule: 'autocomplete focus', title: 'the base of a command with subcommands', kind: 'autocomplete', definition: NESTED, data: admin(), refused: [['options', 'INTERACTION_SUBCOMMAND_REQUIRED']] },
  {
    rule: 'focus in commands',
    title: 'focused true in a command',
    data: given({ name: 'query', type: 3, value: 'pa', focused: true }),
    refused: [['options.1.focused', 'INTERACTION_FOCUSED_UNEXPECTED']],
    message: 'Only an autocomplete request marks an option as focused.',
  },
  { rule: 'focus in commands', title: 'focused false is dropped', data: only({ ...TEXT, focused: false }), accepted: invocation({ options: withText() }) },
  {
    rule: 'partial strings',
    title: 'breaks min_length while typing',
    kind: 'autocomplete',
    data: only({ name: 'query', type: 3, value: '', focused: true }),
    accepted: invocation({ options: [focus('query', 3, '')], focused: focus('query', 3, '') }),
  },
  { rule: 'partial strings', title: 'not a string', kind: 'autocomplete', data: only({ name: 'query', type: 3, value: 5, focused: true }), refused: [['options.0.value', 'INTERACTION_OPTION_STRING_INVALID']] },
  {
    rule: 'partial numbers',
    title: 'an integer below min_value while typing',
    kind: 'autocomplete',
    data: only({ name: 'amount', type: 4, value: '1', focused: true }),
    accepted: invocation({ options: [focus('amount', 4, '1')], focused: focus('amount', 4, '1') }),
  },
  {
    rule: 'partial numbers',
    title: 'an integer sent as a number is given as text',
    kind: 'autocomplete',
    data: only({ name: 'amount', type: 4, value: 150, focused: true }),
    accepted: invocation({ options: [focus('amount', 4, '150')], focused: focus('amount', 4, '150') }),
  },
  {
    rule: 'partial numbers',
    title: 'nothing typed yet',
    kind: 'autocomplete',
    data: only({ name: 'amount', type: 4, value: '', focused: true }),
    accepted: invocation({ options: [focus('amount', 4, '')], focused: focus('amount', 4, '') }),
  },
  {
    rule: 'partial numbers',
    title: 'a number above max_value, half typed',
    kind: 'autocomplete',
    data: only({ name: 'weight', type: 10, value: '5.', focused: true }),
    accepted: invocation({ options: [focus('weight', 10, '5.')], focused: focus('weight', 10, '5.') }),
  },
  { rule: 'partial numbers', title: 'letters in an integer', kind: 'autocomplete', data: only({ name: 'amount', type: 4, value: '12a', focused: true }), refused: [['options.0.value', 'INTERACTION_OPTION_INTEGER_INVALID']] },
  { rule: 'partial numbers', title: 'a fraction in an integer', kind: 'autocomplete', data: only({ name: 'amount', type: 4, value: '1.5', focused: true }), refused: [['options.0.value', 'INTERACTION_OPTION_INTEGER_INVALID']] },
  {
    rule: 'partial numbers',
    title: 'beyond the safe integers',
    kind: 'autocomplete',
    data: only({ name: 'amount', type: 4, value: '9007199254740993', focused: true }),
    refused: [['options.0.value', 'INTERACTION_OPTION_TOO_LARGE']],
  },
  { rule: 'partial numbers', title: 'a lone minus sign', kind: 'autocomplete', data: only({ name: 'weight', type: 10, value: '-', focused: true }), refused: [['options.0.value', 'INTERACTION_OPTION_NUMBER_INVALID']] },
  { rule: 'partial numbers', title: 'Infinity as text', kind: 'autocomplete', data: only({ name: 'weight', type: 10, value: 'Infinity', focused: true }), refused: [['options.0.value', 'INTERACTION_OPTION_NUMBER_INVALID']] },
  { rule: 'partial numbers', title: 'a boolean', kind: 'autocomplete', data: only({ name: 'weight', type: 10, value: true, focused: true }), refused: [['options.0.value', 'INTERACTION_OPTION_NUMBER_INVALID']] },
  {
    rule: 'autocomplete: others as in a command',
    title: 'an out-of-range option beside the focused one',
    kind: 'autocomplete',
    data: only({ name: 'count', type: 4, value: 0 }, { name: 'query', type: 3, value: 'p', focused: true }),
    refused: [['options.0.value', 'INTERACTION_OPTION_TOO_SMALL']],
  },
  {
    rule: 'autocomplete: others as in a command',
    title: 'a valid option beside the focused one',
    kind: 'autocomplete',
    data: only({ name: 'count', type: 4, value: 3 }, { name: 'amount', type: 4, value: '12', focused: true }),
    accepted: invocation({ options: [leaf('count', 4, 3), focus('amount', 4, '12')], focused: focus('amount', 4, '12') }),
  },
  { rule: 'autocomplete: others as in a command', title: 'an unfocused autocomplete option is checked fully', kind: 'autocomplete', data: only({ name: 'amount', type: 4, value: 1 }, { name: 'query', type: 3, value: '', focused: true }), refused: [['options.0.value', 'INTERACTION_OPTION_TOO_SMALL']] },

  // --- USER, MESSAGE and PRIMARY_ENTRY_POINT commands ---------------------------------------
  {
    rule: 'user commands',
    title: 'a known target',
    definition: USER_COMMAND,
    data: { name: 'Profile', type: 2, target_id: '101' },
    accepted: { path: [], options: [], references: { users: ['101'], roles: [], channels: [], attachments: [] }, target: '101' },
  },
  { rule: 'user commands', title: 'no target', definition: USER_COMMAND, data: { name: 'Profile', type: 2 }, refused: [['target_id', 'INTERACTION_TARGET_REQUIRED']], message: 'Choose a user.' },
  { rule: 'user commands', title: 'an unknown target', definition: USER_COMMAND, data: { target_id: '999' }, refused: [['target_id', 'INTERACTION_USER_UNKNOWN']] },
  { rule: 'user commands', title: 'a numeric target', definition: USER_COMMAND, data: { target_id: 101 }, refused: [['target_id', 'INTERACTION_SNOWFLAKE_INVALID']] },
  {
    rule: 'user commands',
    title: 'with options',
    definition: USER_COMMAND,
    data: { target_id: '101', options: [TEXT] },
    refused: [['options', 'INTERACTION_OPTIONS_UNEXPECTED']],
    message: '`Profile` takes no options.',
  },
  { rule: 'message commands', title: 'a target', definition: MESSAGE_COMMAND, data: { name: 'Quote', type: 3, target_id: '555', options: [] }, accepted: { path: [], options: [], references: { users: [], roles: [], channels: [], attachments: [] }, target: '555' } },
  { rule: 'message commands', title: 'no target', definition: MESSAGE_COMMAND, data: { name: 'Quote', type: 3 }, refused: [['target_id', 'INTERACTION_TARGET_REQUIRED']], message: 'Choose a message.' },
  { rule: 'message commands', title: 'autocomplete', kind: 'autocomplete', definition: MESSAGE_COMMAND, data: { target_id: '555' }, refused: [['', 'INTERACTION_AUTOCOMPLETE_UNSUPPORTED']], message: '`Quote` has no options to autocomplete.' },
  { rule: 'entry points', title: 'no options', definition: ENTRY_POINT, data: { name: 'Launch', type: 4 }, accepted: invocation({ options: [] }) },
  { rule: 'entry points', title: 'with options', definition: ENTRY_POINT, data: { options: [TEXT] }, refused: [['options', 'INTERACTION_OPTIONS_UNEXPECTED']] },
  { rule: 'entry points', title: 'with a target', definition: ENTRY_POINT, data: { target_id: '101' }, refused: [['target_id', 'INTERACTION_TARGET_UNEXPECTED']], message: '`Launch` takes no target: only user and message commands do.' },
  { rule: 'targets', title: 'a target on a chat input command', data: { ...given(), target_id: '101' }, refused: [['target_id', 'INTERACTION_TARGET_UNEXPECTED']] },
  { rule: 'targets', title: 'target_id null reads as absent', data: { ...given(), target_id: null }, accepted: invocation({ options: withText() }) },

  // --- Every refusal at once ------------------------------------------------------------
  {
    rule: 'all refusals reported',
    title: 'one per broken option, and the missing required one',
    data: only({ name: 'count', type: 4, value: 99 }, { name: 'who', type: 6, value: 'me' }, { name: 'nope', type: 3, value: 'x' }),
    refused: [
      ['options', 'INTERACTION_OPTION_REQUIRED'],
      ['options.0.value', 'INTERACTION_OPTION_TOO_LARGE'],
      ['options.1.value', 'INTERACTION_SNOWFLAKE_INVALID'],
      ['options.2.name', 'INTERACTION_OPTION_UNKNOWN'],
    ],
  },
  {
    rule: 'all refusals reported',
    title: 'nested paths',
    definition: NESTED,
    data: admin(group('config', [sub('set', [{ name: 'key', type: 3, value: 'k' }, { name: 'value', type: 4, value: 'seven' }])])),
    refused: [['options.0.options.0.options.1.value', 'INTERACTION_OPTION_INTEGER_INVALID']],
  },
  {
    rule: 'all refusals reported',
    title: 'a valid nested invocation',
    definition: NESTED,
    data: admin(sub('ban', [{ name: 'reason', type: 3, value: 'spam' }, { name: 'user', type: 6, value: '100' }])),
    accepted: invocation({ path: ['ban'], options: [leaf('reason', 3, 'spam'), leaf('user', 6, '100')], references: { users: ['100'], roles: [], channels: [], attachments: [] } }),
  },
];

describe('invocation rules', () => {
  it.each(CASES.map((entry) => [`${entry.rule}: ${entry.title}`, entry] as const))('%s', (_, entry) => {
    const result = validateInvocation(entry.definition ?? FLAT, entry.data, contextOf(entry.kind ?? 'command'));
    if (entry.refused) {
      expect(result.ok, 'expected a refusal').toBe(false);
      if (result.ok) return;
      expect(leaves(result.errors).sort()).toEqual([...entry.refused].sort());
      if (entry.message !== undefined) expect(messages(result.errors)[0]).toBe(entry.message);
      return;
    }
    expect(result.ok ? 'accepted' : JSON.stringify(result.errors)).toBe('accepted');
    if (!result.ok) return;
    expect(result.value).toEqual(entry.accepted);
    if (result.value.focused) expect(result.value.options).toContain(result.value.focused);
  });

  it('has an accepted and a refused case for every rule', () => {
    expect(rulesMissingACase(CASES)).toEqual([]);
  });

  it('answers every code of the message table in some case', () => {
    const answered = new Set(CASES.flatMap((entry) => (entry.refused ?? []).map(([, code]) => code)));
    const codes = new Set(Object.values(INVOCATION_MESSAGES).map((row) => row.code));
    expect([...codes].filter((code) => !answered.has(code))).toEqual([]);
    for (const code of codes) expect(code).toMatch(/^INTERACTION_[A-Z_]+$/);
  });

  it('keeps -0 out of normalized numbers', () => {
    const result = validateInvocation(FLAT, given({ name: 'ratio', type: 10, value: -0 }), contextOf('command'));
    expect(result.ok && Object.is(result.value.options[1]?.value, 0)).toBe(true);
  });

  it('answers the service body shape, with a message the client shows as is', () => {
    const result = validateInvocation(FLAT, given({ name: 'count', type: 4, value: 0 }), contextOf('command'));
    expect(result).toEqual({
      ok: false,
      errors: { options: { 1: { value: { _errors: [{ code: 'INTERACTION_OPTION_TOO_SMALL', message: '`count` must be at least 1.' }] } } } },
    });
  });

  it('never treats "__proto__" as anything but a name', () => {
    const data = JSON.parse('{"options":[{"name":"text","type":3,"value":"hi"},{"name":"__proto__","type":3,"value":"x"}]}') as unknown;
    const result = validateInvocation(FLAT, data, contextOf('command'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(leaves(result.errors)).toEqual([['options.1.name', 'INTERACTION_OPTION_UNKNOWN']]);
  });
});

describe('picker helpers', () => {
  it('lists the invocable paths in definition order, skipping the empty group', () => {
    expect(invocablePaths(NESTED)).toEqual([['ping'], ['ban'], ['config', 'set'], ['config', 'show']]);
    expect(invocablePaths(NESTED).map((path) => formatCommandPath(NESTED, path))).toEqual([
      '/admin ping',
      '/admin ban',
      '/admin config set',
      '/admin config show',
    ]);
  });

  it('offers the base command when there are no subcommands', () => {
    expect(invocablePaths(FLAT)).toEqual([[]]);
    expect(invocablePaths(BARE)).toEqual([[]]);
    expect(invocablePaths(USER_COMMAND)).toEqual([[]]);
    expect(formatCommandPath(FLAT, [])).toBe('/ping');
    expect(formatCommandPath(USER_COMMAND, [])).toBe('Profile');
  });

  it('offers nothing for a command whose only group is empty', () => {
    const hollow = define({ name: 'hollow', description: 'd', options: [{ type: 2, name: 'empty', description: 'd' }] });
    expect(invocablePaths(hollow)).toEqual([]);
    expect(validateInvocation(hollow, { options: [group('empty')] }, contextOf('command')).ok).toBe(false);
  });

  it('finds the options at a chosen path', () => {
    expect(leafOptions(NESTED, ['ban'])?.map((option) => option.name)).toEqual(['user', 'reason']);
    expect(leafOptions(NESTED, ['config', 'set'])?.map((option) => option.name)).toEqual(['key', 'value']);
    expect(leafOptions(NESTED, ['config', 'show'])).toEqual([]);
    expect(leafOptions(NESTED, ['ping'])).toEqual([]);
    expect(leafOptions(FLAT, [])).toBe(FLAT.options);
    expect(leafOptions(USER_COMMAND, [])).toEqual([]);
  });

  it('answers undefined for paths that cannot be invoked', () => {
    for (const path of [[], ['config'], ['empty'], ['kick'], ['ban', 'user'], ['config', 'set', 'key'], ['config', 'drop']]) {
      expect(leafOptions(NESTED, path), path.join(' ')).toBeUndefined();
    }
    expect(leafOptions(FLAT, ['text'])).toBeUndefined();
    expect(leafOptions(USER_COMMAND, ['x'])).toBeUndefined();
  });

  it('every invocable path has its options', () => {
    for (const path of invocablePaths(NESTED)) {
      expect(leafOptions(NESTED, path)).toBeDefined();
    }
  });

  it('names types and channels in words', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(describeOptionType)).toEqual([
      'subcommand', 'subcommand group', 'string', 'integer', 'boolean', 'user', 'channel', 'role', 'mentionable', 'number', 'attachment', 'type 12',
    ]);
    expect(phraseOptionType(4)).toBe('an integer option (type 4)');
    expect(phraseOptionType(2)).toBe('a subcommand group (type 2)');
    expect(phraseOptionType(99)).toBe('an option of type 99');
    expect(describeChannelType(0)).toBe('a text channel');
    expect(describeChannelType(5)).toBe('an announcement channel');
    expect(describeChannelType(99)).toBe('a channel of type 99');
  });
});
