/**
 * One accepted and one refused definition (at least) for every command-definition rule,
 * each refusal checked for the exact set of (path, code) it answers with, each acceptance
 * for the normalized shape the registry stores.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  commandSize,
  commandWarnings,
  isSnowflake,
  KNOWN_PERMISSION_BITS,
  MESSAGES,
  snowflakeError,
  validateCommand,
  validateCommandEdit,
  validateCommandList,
  type CommandDefinition,
  type ErrorTree,
  type RuleContext,
  type RuleResult,
} from '../../../src/shared/command-rules/index.js';
import { rulesMissingACase } from '../../helpers/rule-properties.js';

const GLOBAL: RuleContext = { scope: 'global', applicationFlags: 1 << 17 };
const GLOBAL_PLAIN: RuleContext = { scope: 'global', applicationFlags: 0 };
const GUILD: RuleContext = { scope: 'guild', applicationFlags: 1 << 17 };

/** Every (path, code) leaf of an error tree, paths joined with dots ('' for request-level). */
function leaves(tree: ErrorTree, prefix: string[] = []): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [key, branch] of Object.entries(tree)) {
    if (branch === undefined) continue;
    if (Array.isArray(branch)) {
      for (const error of branch) found.push([prefix.join('.'), error.code]);
    } else {
      found.push(...leaves(branch, [...prefix, key]));
    }
  }
  return found;
}

function firstMessage(tree: ErrorTree): string | undefined {
  for (const [key, branch] of Object.entries(tree)) {
    if (branch === undefined) continue;
    if (key === '_errors' && Array.isArray(branch)) return branch[0]?.message;
    if (!Array.isArray(branch)) {
      const message = firstMessage(branch);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

const text = (length: number, character = 'a') => character.repeat(length);
const cmd = (fields: Record<string, unknown> = {}) => ({ name: 'ping', description: 'Replies with pong', ...fields });
const opt = (fields: Record<string, unknown> = {}) => ({ type: 3, name: 'text', description: 'Some text', ...fields });
const sub = (name: string, options: unknown[] = []) => ({ type: 1, name, description: 'A subcommand', options });
const group = (name: string, options: unknown[] = []) => ({ type: 2, name, description: 'A group', options });
const withOptions = (...options: unknown[]) => cmd({ options });

const STORED: CommandDefinition = {
  type: 1,
  name: 'ping',
  name_localizations: { de: 'pingen' },
  description: 'Replies with pong',
  description_localizations: null,
  options: [{ type: 3, name: 'text', name_localizations: null, description: 'Some text', description_localizations: null }],
  default_member_permissions: '8',
  dm_permission: null,
  default_permission: true,
  nsfw: false,
  integration_types: [0],
  contexts: null,
};

interface Case {
  /** The rule of the brief the case belongs to (each rule needs an accepted and a refused case). */
  rule: string;
  title: string;
  entry?: 'create' | 'edit' | 'list';
  context?: RuleContext;
  existing?: CommandDefinition;
  input: unknown;
  /** Exact set of [path, code] the refusal answers with. */
  refused?: Array<[string, string]>;
  message?: string;
  /** For acceptances: exactly the [path, code] warnings of the stored command (create and edit). */
  warned?: Array<[string, string]>;
  /** For acceptances: a subset the normalized value must match. */
  normalized?: unknown;
  check?: (value: unknown) => void;
}

function run(entry: Case): RuleResult<unknown> {
  const context = entry.context ?? GLOBAL;
  if (entry.entry === 'edit') return validateCommandEdit(entry.existing ?? STORED, entry.input, context);
  if (entry.entry === 'list') return validateCommandList(entry.input, context);
  return validateCommand(entry.input, context);
}

// 14 choices of 200 + one of 96 + 25 of 200 + texts: exactly 8000 (see size cases).
const choice200 = (index: number) => ({ name: text(99) + String.fromCharCode(97 + (index % 26)), value: text(100) });
const sizedCommand = (extraLocalization: boolean) =>
  cmd({
    name: 'size',
    description: text(96),
    options: [
      opt({ name: 'o', description: 'x', choices: Array.from({ length: 25 }, (_, index) => choice200(index)) }),
      opt({
        name: 'p',
        description: 'x',
        choices: [
          ...Array.from({ length: 14 }, (_, index) => choice200(index)),
          { name: text(96, 'b'), value: '', ...(extraLocalization ? { name_localizations: { de: text(97, 'c') } } : {}) },
        ],
      }),
    ],
  });

const unknownBit = (() => {
  for (let bit = 0n; bit < 53n; bit += 1n) if ((KNOWN_PERMISSION_BITS & (1n << bit)) === 0n) return (1n << bit).toString();
  return (1n << 53n).toString();
})();

const CASES: Case[] = [
  // --- Structure -------------------------------------------------------------------------
  { rule: 'body object', title: 'plain create body', input: cmd(), normalized: { type: 1, name: 'ping', options: [] } },
  { rule: 'body object', title: 'array body', input: [cmd()], refused: [['', 'MODEL_TYPE_CONVERT']] },
  {
    rule: 'unknown fields dropped',
    title: 'unknown fields and id are dropped',
    input: cmd({ id: '1', version: '2', color: 'red', options: [opt({ focused: true })] }),
    check: (value) => {
      expect(value).not.toHaveProperty('id');
      expect(value).not.toHaveProperty('color');
      expect((value as CommandDefinition).options[0]).not.toHaveProperty('focused');
    },
  },
  { rule: 'unknown fields dropped', title: 'a known field still checked', input: cmd({ color: 'red', nsfw: 'yes' }), refused: [['nsfw', 'BOOLEAN_TYPE_CONVERT']] },
  { rule: 'name required', title: 'name given', input: cmd(), normalized: { name: 'ping' } },
  { rule: 'name required', title: 'name missing', input: { description: 'd' }, refused: [['name', 'BASE_TYPE_REQUIRED']], message: 'This field is required' },
  { rule: 'name required', title: 'name null', input: cmd({ name: null }), refused: [['name', 'BASE_TYPE_REQUIRED']] },
  { rule: 'field types: string', title: 'name a number', input: cmd({ name: 42 }), refused: [['name', 'STRING_TYPE_CONVERT']] },
  { rule: 'field types: string', title: 'description a string', input: cmd({ description: 'ok' }), normalized: { description: 'ok' } },
  { rule: 'field types: boolean', title: 'nsfw true', input: cmd({ nsfw: true }), normalized: { nsfw: true } },
  { rule: 'field types: boolean', title: 'nsfw a string', input: cmd({ nsfw: 'true' }), refused: [['nsfw', 'BOOLEAN_TYPE_CONVERT']] },
  { rule: 'field types: array', title: 'options an object', input: cmd({ options: { 0: opt() } }), refused: [['options', 'LIST_TYPE_CONVERT']] },
  { rule: 'field types: array', title: 'options an array', input: withOptions(opt()), normalized: { options: [{ name: 'text' }] } },
  { rule: 'field types: object', title: 'option a string', input: withOptions('text'), refused: [['options.0', 'MODEL_TYPE_CONVERT']] },
  { rule: 'field types: object', title: 'localizations a list', input: cmd({ name_localizations: ['de'] }), refused: [['name_localizations', 'DICT_TYPE_CONVERT']] },
  { rule: 'field types: object', title: 'localizations an object', input: cmd({ name_localizations: { fr: 'sonder' } }), normalized: { name_localizations: { fr: 'sonder' } } },
  { rule: 'field types: integer', title: 'type a string', input: cmd({ type: '1' }), refused: [['type', 'NUMBER_TYPE_COERCE']], message: 'Value "1" is not int.' },
  { rule: 'field types: integer', title: 'type 1.0 is 1', input: cmd({ type: 1.0 }), normalized: { type: 1 } },
  { rule: 'description required (CHAT_INPUT)', title: 'missing', input: { name: 'ping' }, refused: [['description', 'BASE_TYPE_REQUIRED']] },
  { rule: 'description required (CHAT_INPUT)', title: 'present', input: cmd(), normalized: { description: 'Replies with pong' } },
  { rule: 'type 1..4', title: 'type 5', input: cmd({ type: 5 }), refused: [['type', 'BASE_TYPE_CHOICES']], message: 'Value must be one of {1, 2, 3, 4}.' },
  { rule: 'type 1..4', title: 'type 0', input: cmd({ type: 0 }), refused: [['type', 'BASE_TYPE_CHOICES']] },
  { rule: 'type 1..4', title: 'type absent reads 1', input: cmd(), normalized: { type: 1 } },
  { rule: 'type 1..4', title: 'type 3', input: { type: 3, name: 'Quote' }, normalized: { type: 3 } },
  { rule: 'lengths', title: 'name of 33', input: cmd({ name: text(33) }), refused: [['name', 'BASE_TYPE_BAD_LENGTH']], message: 'Must be between 1 and 32 in length.' },
  { rule: 'lengths', title: 'empty name', input: cmd({ name: '' }), refused: [['name', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'lengths', title: 'name of 32', input: cmd({ name: text(32) }), normalized: { name: text(32) } },
  { rule: 'lengths', title: 'description of 101', input: cmd({ description: text(101) }), refused: [['description', 'BASE_TYPE_BAD_LENGTH']], message: 'Must be between 1 and 100 in length.' },
  { rule: 'lengths', title: 'description of 100', input: cmd({ description: text(100) }), normalized: { description: text(100) } },
  // Lengths count code points: 32 astral lowercase letters (64 UTF-16 units) fit, 33 do not.
  { rule: 'lengths', title: '32 astral letters', input: cmd({ name: '𐐨'.repeat(32) }), normalized: { name: '𐐨'.repeat(32) } },
  { rule: 'lengths', title: '33 astral letters', input: cmd({ name: '𐐨'.repeat(33) }), refused: [['name', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'option type 1..11', title: 'type 12', input: withOptions(opt({ type: 12 })), refused: [['options.0.type', 'BASE_TYPE_CHOICES']] },
  { rule: 'option type 1..11', title: 'type missing', input: withOptions(opt({ type: undefined })), refused: [['options.0.type', 'BASE_TYPE_REQUIRED']] },
  { rule: 'option type 1..11', title: 'type 11', input: withOptions(opt({ type: 11 })), normalized: { options: [{ type: 11 }] } },

  // --- Names ------------------------------------------------------------------------------
  { rule: 'chat input names', title: 'uppercase', input: cmd({ name: 'Ping' }), refused: [['name', 'APPLICATION_COMMAND_INVALID_NAME']], message: 'Command name is invalid' },
  { rule: 'chat input names', title: 'space', input: cmd({ name: 'ping pong' }), refused: [['name', 'APPLICATION_COMMAND_INVALID_NAME']] },
  { rule: 'chat input names', title: 'emoji', input: cmd({ name: 'fire🔥' }), refused: [['name', 'APPLICATION_COMMAND_INVALID_NAME']] },
  { rule: 'chat input names', title: 'uppercase Greek', input: cmd({ name: 'Ωmega' }), refused: [['name', 'APPLICATION_COMMAND_INVALID_NAME']] },
  { rule: 'chat input names', title: "dash, underscore, apostrophe, digits", input: cmd({ name: "don't-stop_2" }), normalized: { name: "don't-stop_2" } },
  { rule: 'chat input names', title: 'uncased Japanese', input: cmd({ name: 'こんにちは' }), normalized: { name: 'こんにちは' } },
  { rule: 'chat input names', title: 'Devanagari with vowel signs', input: cmd({ name: 'नमस्ते' }), normalized: { name: 'नमस्ते' } },
  { rule: 'chat input names', title: 'Thai', input: cmd({ name: 'สวัสดี' }), normalized: { name: 'สวัสดี' } },
  { rule: 'chat input names', title: 'lowercase accents and ß', input: cmd({ name: 'café-straße' }), normalized: { name: 'café-straße' } },
  { rule: 'option names', title: 'uppercase option name', input: withOptions(opt({ name: 'Text' })), refused: [['options.0.name', 'APPLICATION_COMMAND_INVALID_NAME']] },
  { rule: 'option names', title: 'option name missing', input: withOptions(opt({ name: undefined })), refused: [['options.0.name', 'BASE_TYPE_REQUIRED']] },
  { rule: 'option names', title: 'lowercase option name', input: withOptions(opt({ name: 'größe' })), normalized: { options: [{ name: 'größe' }] } },
  { rule: 'context menu names', title: 'mixed case with spaces', input: { type: 2, name: 'Ban This User' }, normalized: { type: 2, name: 'Ban This User' } },
  { rule: 'context menu names', title: 'message command', input: { type: 3, name: 'Report Message!' }, normalized: { type: 3 } },
  { rule: 'context menu name spacing', title: 'leading space stored', input: { type: 2, name: ' Ban' }, normalized: { name: ' Ban' }, warned: [['name', 'NAME_SPACING']] },
  { rule: 'context menu name spacing', title: 'newline inside stored', input: { type: 2, name: 'Ban\nUser' }, normalized: { name: 'Ban\nUser' }, warned: [['name', 'NAME_SPACING']] },
  { rule: 'context menu name spacing', title: 'localization with a tab', input: { type: 3, name: 'Quote', name_localizations: { de: 'Zitat\t' } }, warned: [['name_localizations.de', 'NAME_SPACING']] },
  { rule: 'context menu name spacing', title: 'inner spaces are clean', input: { type: 2, name: 'Ban This User' }, warned: [] },
  { rule: 'context menu names', title: 'too long', input: { type: 3, name: text(33) }, refused: [['name', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'entry point names', title: 'Launch', input: { type: 4, name: 'Launch', handler: 2 }, normalized: { type: 4, name: 'Launch', handler: 2, description: '' } },
  { rule: 'entry point names', title: 'trailing space stored', input: { type: 4, name: 'Launch ', handler: 2 }, normalized: { name: 'Launch ' }, warned: [['name', 'NAME_SPACING']] },
  { rule: 'entry point names', title: 'too long', input: { type: 4, name: text(33), handler: 2 }, refused: [['name', 'BASE_TYPE_BAD_LENGTH']] },

  // --- Descriptions -----------------------------------------------------------------------
  { rule: 'context menu descriptions', title: 'USER without description', input: { type: 2, name: 'Profile' }, normalized: { description: '' } },
  { rule: 'context menu descriptions', title: 'MESSAGE with ""', input: { type: 3, name: 'Quote', description: '' }, normalized: { description: '' } },
  {
    rule: 'context menu descriptions',
    title: 'USER with a description',
    input: { type: 2, name: 'Profile', description: 'Shows a profile' },
    refused: [['description', 'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION_INVALID']],
  },
  {
    rule: 'context menu descriptions',
    title: 'MESSAGE with a localized description',
    input: { type: 3, name: 'Quote', description_localizations: { de: 'Zitat' } },
    refused: [['description_localizations.de', 'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION_INVALID']],
  },
  { rule: 'entry point descriptions', title: 'with description', input: { type: 4, name: 'Launch', handler: 1, description: 'Play' }, normalized: { description: 'Play' } },
  { rule: 'entry point descriptions', title: 'description of 101', input: { type: 4, name: 'Launch', handler: 1, description: text(101) }, refused: [['description', 'BASE_TYPE_MAX_LENGTH']] },
  { rule: 'option descriptions', title: 'missing', input: withOptions(opt({ description: undefined })), refused: [['options.0.description', 'BASE_TYPE_REQUIRED']] },
  { rule: 'option descriptions', title: 'empty', input: withOptions(opt({ description: '' })), refused: [['options.0.description', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'option descriptions', title: 'subcommand needs one', input: withOptions({ type: 1, name: 'go' }), refused: [['options.0.description', 'BASE_TYPE_REQUIRED']] },
  { rule: 'option descriptions', title: '100 characters', input: withOptions(opt({ description: text(100) })), normalized: { options: [{ description: text(100) }] } },

  // --- Localizations ----------------------------------------------------------------------
  { rule: 'locale keys', title: 'unknown locale', input: cmd({ name_localizations: { xx: 'ping' } }), refused: [['name_localizations.xx', 'BASE_TYPE_CHOICES']] },
  { rule: 'locale keys', title: 'en (not en-US)', input: cmd({ description_localizations: { en: 'x' } }), refused: [['description_localizations.en', 'BASE_TYPE_CHOICES']] },
  { rule: 'locale keys', title: 'known locales', input: cmd({ name_localizations: { 'en-US': 'hello', 'es-419': 'hola', 'zh-TW': '你好' } }), normalized: { name_localizations: { 'en-US': 'hello', 'es-419': 'hola', 'zh-TW': '你好' } } },
  { rule: 'localized values', title: 'uppercase localized name', input: cmd({ name_localizations: { de: 'Pingen' } }), refused: [['name_localizations.de', 'APPLICATION_COMMAND_INVALID_NAME']] },
  { rule: 'localized values', title: 'localized name too long', input: cmd({ name_localizations: { fr: text(33) } }), refused: [['name_localizations.fr', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'localized values', title: 'empty localized description', input: cmd({ description_localizations: { de: '' } }), refused: [['description_localizations.de', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'localized values', title: 'localized option name not a string', input: withOptions(opt({ name_localizations: { de: 5 } })), refused: [['options.0.name_localizations.de', 'STRING_TYPE_CONVERT']] },
  { rule: 'localized values', title: 'context menu localized name with spaces', input: { type: 2, name: 'Profile', name_localizations: { de: 'Profil Zeigen' } }, normalized: { name_localizations: { de: 'Profil Zeigen' } } },
  {
    rule: 'localizations equal to default dropped',
    title: 'equal value dropped, dictionary kept',
    input: cmd({ name_localizations: { de: 'ping', fr: 'sonder' }, description_localizations: { de: 'Replies with pong' } }),
    normalized: { name_localizations: { fr: 'sonder' }, description_localizations: null },
  },
  {
    rule: 'localizations equal to default dropped',
    title: 'choice localization equal to default dropped; empty dictionary is null',
    input: withOptions(opt({ choices: [{ name: 'Red', value: 'red', name_localizations: { de: 'Red' } }], name_localizations: {} })),
    normalized: { options: [{ name_localizations: null, choices: [{ name: 'Red', name_localizations: null, value: 'red' }] }] },
  },
  { rule: 'localizations equal to default dropped', title: 'nullable', input: cmd({ name_localizations: null, description_localizations: null }), normalized: { name_localizations: null } },
  { rule: 'localizations equal to default dropped', title: 'still validated when equal', input: cmd({ name_localizations: { xx: 'ping' } }), refused: [['name_localizations.xx', 'BASE_TYPE_CHOICES']] },
  {
    rule: 'localized option names unique',
    title: 'localized name equals another default name',
    input: withOptions(opt({ name: 'alpha', name_localizations: { de: 'beta' } }), opt({ name: 'beta' })),
    refused: [['options.0.name_localizations.de', 'APPLICATION_COMMAND_OPTIONS_NAME_INVALID']],
  },
  {
    rule: 'localized option names unique',
    title: 'two options with one localized name in a locale',
    input: withOptions(opt({ name: 'alpha', name_localizations: { de: 'wert' } }), opt({ name: 'beta', name_localizations: { de: 'wert' } })),
    refused: [['options.1.name_localizations.de', 'APPLICATION_COMMAND_OPTIONS_NAME_INVALID']],
  },
  {
    rule: 'localized option names unique',
    title: 'same localized name in different locales',
    input: withOptions(opt({ name: 'alpha', name_localizations: { de: 'wert' } }), opt({ name: 'beta', name_localizations: { fr: 'wert' } })),
    normalized: { options: [{ name: 'alpha' }, { name: 'beta' }] },
  },
  {
    rule: 'localized option names unique',
    title: 'options in different subcommands may share localized names',
    input: withOptions(sub('one', [opt({ name_localizations: { de: 'other' } })]), sub('two', [opt({ name: 'other' })])),
    normalized: { options: [{ name: 'one' }, { name: 'two' }] },
  },

  // --- Options ----------------------------------------------------------------------------
  { rule: 'at most 25 options', title: '25 options', input: withOptions(...Array.from({ length: 25 }, (_, i) => opt({ name: `o${i}` }))), check: (value) => expect((value as CommandDefinition).options).toHaveLength(25) },
  { rule: 'at most 25 options', title: '26 options', input: withOptions(...Array.from({ length: 26 }, (_, i) => opt({ name: `o${i}` }))), refused: [['options', 'BASE_TYPE_MAX_LENGTH']], message: 'Must be 25 or fewer in length.' },
  { rule: 'at most 25 options', title: '26 in a subcommand', input: withOptions(sub('go', Array.from({ length: 26 }, (_, i) => opt({ name: `o${i}` })))), refused: [['options.0.options', 'BASE_TYPE_MAX_LENGTH']] },
  { rule: 'at most 25 options', title: '26 in a group', input: withOptions(group('grp', Array.from({ length: 26 }, (_, i) => sub(`s${i}`)))), refused: [['options.0.options', 'BASE_TYPE_MAX_LENGTH']] },
  { rule: 'unique option names', title: 'duplicate', input: withOptions(opt({ name: 'a' }), opt({ name: 'b' }), opt({ name: 'a' })), refused: [['options.2', 'APPLICATION_COMMAND_OPTIONS_NAME_INVALID']], message: 'Option name a is already used in these options' },
  { rule: 'unique option names', title: 'same name in two subcommands', input: withOptions(sub('one', [opt()]), sub('two', [opt()])), normalized: { options: [{ name: 'one' }, { name: 'two' }] } },
  { rule: 'required before optional', title: 'required after optional', input: withOptions(opt({ name: 'a' }), opt({ name: 'b', required: true })), refused: [['options.1', 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID']] },
  { rule: 'required before optional', title: 'inside a subcommand', input: withOptions(sub('go', [opt({ name: 'a' }), opt({ name: 'b', required: true })])), refused: [['options.0.options.1', 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID']] },
  { rule: 'required before optional', title: 'required first', input: withOptions(opt({ name: 'a', required: true }), opt({ name: 'b' })), normalized: { options: [{ name: 'a', required: true }, { name: 'b' }] } },
  { rule: 'required not on subcommands', title: 'required subcommand', input: withOptions({ ...sub('go'), required: true }), refused: [['options.0.required', 'APPLICATION_COMMAND_REQUIRED_INVALID']] },
  { rule: 'required not on subcommands', title: 'required group', input: withOptions({ ...group('grp'), required: true }), refused: [['options.0.required', 'APPLICATION_COMMAND_REQUIRED_INVALID']] },
  {
    rule: 'required not on subcommands',
    title: 'required: false on a subcommand is accepted and dropped',
    input: withOptions({ ...sub('go'), required: false }),
    check: (value) => expect((value as CommandDefinition).options[0]).not.toHaveProperty('required'),
  },
  {
    rule: 'required: false normalizes to absent',
    title: 'required false dropped',
    input: withOptions(opt({ required: false })),
    check: (value) => expect((value as CommandDefinition).options[0]).not.toHaveProperty('required'),
  },
  { rule: 'required: false normalizes to absent', title: 'required not a boolean', input: withOptions(opt({ required: 'yes' })), refused: [['options.0.required', 'BOOLEAN_TYPE_CONVERT']] },
  { rule: 'choices only on STRING/INTEGER/NUMBER', title: 'choices on BOOLEAN', input: withOptions(opt({ type: 5, choices: [{ name: 'yes', value: 'yes' }] })), refused: [['options.0.choices', 'APPLICATION_COMMAND_CHOICES_INVALID']] },
  { rule: 'choices only on STRING/INTEGER/NUMBER', title: 'empty choices on ROLE ignored', input: withOptions(opt({ type: 8, choices: [] })), check: (value) => expect((value as CommandDefinition).options[0]).not.toHaveProperty('choices') },
  { rule: 'choices only on STRING/INTEGER/NUMBER', title: 'choices on INTEGER', input: withOptions(opt({ type: 4, choices: [{ name: 'one', value: 1 }] })), normalized: { options: [{ choices: [{ name: 'one', value: 1, name_localizations: null }] }] } },
  { rule: 'at most 25 choices', title: '26 choices', input: withOptions(opt({ choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })), refused: [['options.0.choices', 'BASE_TYPE_MAX_LENGTH']] },
  { rule: 'at most 25 choices', title: '25 choices', input: withOptions(opt({ choices: Array.from({ length: 25 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })), check: (value) => expect((value as CommandDefinition).options[0]?.choices).toHaveLength(25) },
  { rule: 'choice name 1-100', title: 'empty choice name', input: withOptions(opt({ choices: [{ name: '', value: 'x' }] })), refused: [['options.0.choices.0.name', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'choice name 1-100', title: 'missing choice name', input: withOptions(opt({ choices: [{ value: 'x' }] })), refused: [['options.0.choices.0.name', 'BASE_TYPE_REQUIRED']] },
  { rule: 'choice name 1-100', title: 'choice localized name of 101', input: withOptions(opt({ choices: [{ name: 'x', value: 'x', name_localizations: { de: text(101) } }] })), refused: [['options.0.choices.0.name_localizations.de', 'BASE_TYPE_BAD_LENGTH']] },
  { rule: 'choice name 1-100', title: 'choice name of 100 (mixed case allowed)', input: withOptions(opt({ choices: [{ name: `A ${text(98)}`, value: 'x' }] })), normalized: { options: [{ choices: [{ name: `A ${text(98)}` }] }] } },
  { rule: 'choice values follow the option type', title: 'string value of 101', input: withOptions(opt({ choices: [{ name: 'x', value: text(101) }] })), refused: [['options.0.choices.0.value', 'BASE_TYPE_MAX_LENGTH']], message: 'Must be 100 or fewer in length.' },
  { rule: 'choice values follow the option type', title: 'number value on STRING', input: withOptions(opt({ choices: [{ name: 'x', value: 5 }] })), refused: [['options.0.choices.0.value', 'STRING_TYPE_CONVERT']] },
  { rule: 'choice values follow the option type', title: 'fraction on INTEGER', input: withOptions(opt({ type: 4, choices: [{ name: 'x', value: 1.5 }] })), refused: [['options.0.choices.0.value', 'NUMBER_TYPE_COERCE']] },
  { rule: 'choice values follow the option type', title: '2^53 on INTEGER', input: withOptions(opt({ type: 4, choices: [{ name: 'x', value: 2 ** 53 }] })), refused: [['options.0.choices.0.value', 'NUMBER_TYPE_MAX']] },
  { rule: 'choice values follow the option type', title: '-2^53 on INTEGER', input: withOptions(opt({ type: 4, choices: [{ name: 'x', value: -(2 ** 53) }] })), refused: [['options.0.choices.0.value', 'NUMBER_TYPE_MIN']] },
  { rule: 'choice values follow the option type', title: 'string on NUMBER', input: withOptions(opt({ type: 10, choices: [{ name: 'x', value: '1.5' }] })), refused: [['options.0.choices.0.value', 'NUMBER_TYPE_COERCE']] },
  { rule: 'choice values follow the option type', title: '2^54 on NUMBER', input: withOptions(opt({ type: 10, choices: [{ name: 'x', value: 2 ** 54 }] })), refused: [['options.0.choices.0.value', 'NUMBER_TYPE_MAX']] },
  { rule: 'choice values follow the option type', title: 'missing value', input: withOptions(opt({ choices: [{ name: 'x' }] })), refused: [['options.0.choices.0.value', 'BASE_TYPE_REQUIRED']] },
  {
    rule: 'choice values follow the option type',
    title: 'limits of each type',
    input: withOptions(
      opt({ name: 'i', type: 4, choices: [{ name: 'max', value: 2 ** 53 - 1 }, { name: 'min', value: -(2 ** 53) + 1 }] }),
      opt({ name: 'n', type: 10, choices: [{ name: 'half', value: 1.5 }, { name: 'top', value: 2 ** 53 }] }),
      opt({ name: 's', choices: [{ name: 'long', value: text(100) }] }),
    ),
    normalized: { options: [{ choices: [{ value: 2 ** 53 - 1 }, { value: -(2 ** 53) + 1 }] }, { choices: [{ value: 1.5 }, { value: 2 ** 53 }] }, {}] },
  },
  { rule: 'autocomplete', title: 'on a USER option', input: withOptions(opt({ type: 6, autocomplete: true })), refused: [['options.0.autocomplete', 'APPLICATION_COMMAND_AUTOCOMPLETE_INVALID']] },
  { rule: 'autocomplete', title: 'with choices', input: withOptions(opt({ autocomplete: true, choices: [{ name: 'x', value: 'x' }] })), refused: [['options.0.autocomplete', 'APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES_INVALID']] },
  { rule: 'autocomplete', title: 'on STRING', input: withOptions(opt({ autocomplete: true })), normalized: { options: [{ autocomplete: true }] } },
  {
    rule: 'autocomplete',
    title: 'false beside choices, false on BOOLEAN',
    input: withOptions(opt({ name: 'a', autocomplete: false, choices: [{ name: 'x', value: 'x' }] }), opt({ name: 'b', type: 5, autocomplete: false })),
    check: (value) => {
      for (const option of (value as CommandDefinition).options) expect(option).not.toHaveProperty('autocomplete');
    },
  },
  { rule: 'min_value/max_value', title: 'on STRING', input: withOptions(opt({ min_value: 1 })), refused: [['options.0.min_value', 'APPLICATION_COMMAND_MIN_VALUE_INVALID']] },
  { rule: 'min_value/max_value', title: 'max on USER', input: withOptions(opt({ type: 6, max_value: 1 })), refused: [['options.0.max_value', 'APPLICATION_COMMAND_MAX_VALUE_INVALID']] },
  { rule: 'min_value/max_value', title: 'fraction on INTEGER', input: withOptions(opt({ type: 4, min_value: 0.5 })), refused: [['options.0.min_value', 'NUMBER_TYPE_COERCE']] },
  { rule: 'min_value/max_value', title: 'beyond NUMBER range', input: withOptions(opt({ type: 10, max_value: 2 ** 54 })), refused: [['options.0.max_value', 'NUMBER_TYPE_MAX']] },
  { rule: 'empty value range', title: 'min above max stored', input: withOptions(opt({ type: 4, min_value: 5, max_value: 4 })), normalized: { options: [{ min_value: 5, max_value: 4 }] }, warned: [['options.0.min_value', 'VALUE_RANGE_EMPTY']] },
  { rule: 'empty value range', title: 'inside a subcommand', input: withOptions(sub('s', [opt({ type: 10, min_value: 1, max_value: 0 })])), warned: [['options.0.options.0.min_value', 'VALUE_RANGE_EMPTY']] },
  { rule: 'empty value range', title: 'min equal max is clean', input: withOptions(opt({ type: 4, min_value: 4, max_value: 4 })), warned: [] },
  { rule: 'min_value/max_value', title: 'INTEGER range', input: withOptions(opt({ type: 4, min_value: -3, max_value: 3 })), normalized: { options: [{ min_value: -3, max_value: 3 }] } },
  { rule: 'min_value/max_value', title: 'NUMBER doubles, min equal max', input: withOptions(opt({ type: 10, min_value: 2.5, max_value: 2.5 })), normalized: { options: [{ min_value: 2.5, max_value: 2.5 }] } },
  { rule: 'min_length/max_length', title: 'on INTEGER', input: withOptions(opt({ type: 4, min_length: 1 })), refused: [['options.0.min_length', 'APPLICATION_COMMAND_MIN_LENGTH_INVALID']] },
  { rule: 'min_length/max_length', title: 'max on CHANNEL', input: withOptions(opt({ type: 7, max_length: 1 })), refused: [['options.0.max_length', 'APPLICATION_COMMAND_MAX_LENGTH_INVALID']] },
  { rule: 'min_length/max_length', title: 'min_length 6001', input: withOptions(opt({ min_length: 6001 })), refused: [['options.0.min_length', 'NUMBER_TYPE_MAX']] },
  { rule: 'min_length/max_length', title: 'max_length 0', input: withOptions(opt({ max_length: 0 })), refused: [['options.0.max_length', 'NUMBER_TYPE_MIN']] },
  { rule: 'empty length range', title: 'min above max stored', input: withOptions(opt({ min_length: 10, max_length: 5 })), normalized: { options: [{ min_length: 10, max_length: 5 }] }, warned: [['options.0.min_length', 'LENGTH_RANGE_EMPTY']] },
  { rule: 'empty length range', title: 'min below max is clean', input: withOptions(opt({ min_length: 5, max_length: 10 })), warned: [] },
  { rule: 'min_length/max_length', title: 'bounds 0 and 6000', input: withOptions(opt({ min_length: 0, max_length: 6000 })), normalized: { options: [{ min_length: 0, max_length: 6000 }] } },
  { rule: 'channel_types', title: 'on STRING', input: withOptions(opt({ channel_types: [0] })), refused: [['options.0.channel_types', 'APPLICATION_COMMAND_CHANNEL_TYPES_INVALID']] },
  { rule: 'channel_types', title: 'unknown channel type', input: withOptions(opt({ type: 7, channel_types: [0, 6] })), refused: [['options.0.channel_types.1', 'BASE_TYPE_CHOICES']] },
  { rule: 'channel_types', title: 'text and forum', input: withOptions(opt({ type: 7, channel_types: [0, 15, 16] })), normalized: { options: [{ channel_types: [0, 15, 16] }] } },

  // --- Nesting ----------------------------------------------------------------------------
  { rule: 'nesting', title: 'group inside a group', input: withOptions(group('outer', [group('inner')])), refused: [['options.0.options.0.type', 'APPLICATION_COMMAND_OPTIONS_NESTING_INVALID']] },
  { rule: 'nesting', title: 'plain option inside a group', input: withOptions(group('grp', [opt()])), refused: [['options.0.options.0.type', 'APPLICATION_COMMAND_OPTIONS_NESTING_INVALID']] },
  { rule: 'nesting', title: 'group inside a subcommand', input: withOptions(sub('go', [group('grp')])), refused: [['options.0.options.0.type', 'APPLICATION_COMMAND_OPTIONS_NESTING_INVALID']] },
  { rule: 'nesting', title: 'subcommand inside a subcommand', input: withOptions(sub('go', [sub('deeper')])), refused: [['options.0.options.0.type', 'APPLICATION_COMMAND_OPTIONS_NESTING_INVALID']] },
  {
    rule: 'nesting',
    title: 'subcommands directly (one without options has no options key, as the service answers it)',
    input: withOptions(sub('add', [opt({ required: true })]), sub('remove')),
    normalized: { options: [{ type: 1, options: [{ required: true }] }, { type: 1 }] },
    check: (value) => expect((value as CommandDefinition).options[1]).not.toHaveProperty('options'),
  },
  { rule: 'nesting', title: 'group of subcommands', input: withOptions(group('grp', [sub('add'), sub('remove')])), normalized: { options: [{ type: 2, options: [{ type: 1 }, { type: 1 }] }] } },
  { rule: 'nesting', title: 'groups and subcommands mixed at top level', input: withOptions(group('grp', [sub('add')]), sub('list')), normalized: { options: [{ type: 2 }, { type: 1 }] } },
  {
    rule: 'nesting',
    title: 'empty group allowed, stored without an options key',
    input: withOptions(group('empty', [])),
    normalized: { options: [{ type: 2 }] },
    check: (value) => expect((value as CommandDefinition).options[0]).not.toHaveProperty('options'),
  },
  { rule: 'no plain options beside subcommands', title: 'plain then subcommand', input: withOptions(opt(), sub('go')), refused: [['options.1', 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID']] },
  { rule: 'no plain options beside subcommands', title: 'group then plain', input: withOptions(group('grp'), opt({ type: 4, name: 'n' })), refused: [['options.1', 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID']] },
  { rule: 'no plain options beside subcommands', title: 'only plain options', input: withOptions(opt({ name: 'a' }), opt({ name: 'b', type: 4 })), normalized: { options: [{ type: 3 }, { type: 4 }] } },
  { rule: 'options only inside subcommands', title: 'options inside STRING', input: withOptions(opt({ options: [opt()] })), refused: [['options.0.options', 'APPLICATION_COMMAND_OPTIONS_INVALID']] },
  {
    rule: 'options only inside subcommands',
    title: 'empty options inside STRING ignored',
    input: withOptions(opt({ options: [] })),
    check: (value) => expect((value as CommandDefinition).options[0]).not.toHaveProperty('options'),
  },
  { rule: 'options only on CHAT_INPUT', title: 'USER with options', input: { type: 2, name: 'Profile', options: [opt()] }, refused: [['options', 'APPLICATION_COMMAND_OPTIONS_INVALID']] },
  { rule: 'options only on CHAT_INPUT', title: 'entry point with options', input: { type: 4, name: 'Launch', handler: 2, options: [opt()] }, refused: [['options', 'APPLICATION_COMMAND_OPTIONS_INVALID']] },
  { rule: 'options only on CHAT_INPUT', title: 'MESSAGE with []', input: { type: 3, name: 'Quote', options: [] }, normalized: { options: [] } },

  // --- Entry point handler ----------------------------------------------------------------
  { rule: 'handler', title: 'on CHAT_INPUT', input: cmd({ handler: 1 }), refused: [['handler', 'APPLICATION_COMMAND_HANDLER_INVALID']] },
  { rule: 'handler', title: 'app without EMBEDDED', context: GLOBAL_PLAIN, input: { type: 4, name: 'Launch', handler: 2 }, refused: [['handler', 'APPLICATION_COMMAND_HANDLER_INVALID']] },
  { rule: 'entry point handler', title: 'not given: stored without, read as 2', input: { type: 4, name: 'Launch' }, check: (value) => expect(value).not.toHaveProperty('handler'), warned: [['handler', 'ENTRY_POINT_HANDLER_MISSING']] },
  { rule: 'entry point handler', title: 'given is clean', input: { type: 4, name: 'Launch', handler: 1 }, warned: [] },
  { rule: 'handler', title: 'handler 3', input: { type: 4, name: 'Launch', handler: 3 }, refused: [['handler', 'BASE_TYPE_CHOICES']] },
  { rule: 'handler', title: 'APP_HANDLER', input: { type: 4, name: 'Launch', handler: 1 }, normalized: { handler: 1 } },
  { rule: 'handler', title: 'no handler key on other types', input: cmd({ handler: null }), check: (value) => expect(value).not.toHaveProperty('handler') },

  // --- default_member_permissions ---------------------------------------------------------
  { rule: 'default_member_permissions', title: 'administrator', input: cmd({ default_member_permissions: '8' }), normalized: { default_member_permissions: '8' } },
  { rule: 'default_member_permissions', title: '"0" and null', input: cmd({ default_member_permissions: '0' }), normalized: { default_member_permissions: '0' } },
  { rule: 'default_member_permissions', title: 'null', input: cmd({ default_member_permissions: null }), normalized: { default_member_permissions: null } },
  { rule: 'default_member_permissions', title: 'number coerced', input: cmd({ default_member_permissions: 32 }), normalized: { default_member_permissions: '32' } },
  { rule: 'default_member_permissions', title: 'leading zeros canonical', input: cmd({ default_member_permissions: '0016' }), normalized: { default_member_permissions: '16' } },
  { rule: 'default_member_permissions', title: 'not digits', input: cmd({ default_member_permissions: 'admin' }), refused: [['default_member_permissions', 'NUMBER_TYPE_COERCE']] },
  { rule: 'default_member_permissions', title: 'negative', input: cmd({ default_member_permissions: -8 }), refused: [['default_member_permissions', 'NUMBER_TYPE_COERCE']] },
  { rule: 'default_member_permissions', title: 'boolean', input: cmd({ default_member_permissions: true }), refused: [['default_member_permissions', 'NUMBER_TYPE_COERCE']] },
  { rule: 'unknown permission bits', title: 'unknown bit stored', input: cmd({ default_member_permissions: unknownBit }), normalized: { default_member_permissions: unknownBit }, warned: [['default_member_permissions', 'UNKNOWN_PERMISSION_BITS']] },
  { rule: 'unknown permission bits', title: '2^53 stored', input: cmd({ default_member_permissions: String(2n ** 53n) }), normalized: { default_member_permissions: String(2n ** 53n) }, warned: [['default_member_permissions', 'UNKNOWN_PERMISSION_BITS']] },
  { rule: 'unknown permission bits', title: 'known bits are clean', input: cmd({ default_member_permissions: '8' }), warned: [] },

  // --- Flags --------------------------------------------------------------------------------
  { rule: 'dm_permission/default_permission/nsfw', title: 'all set', input: cmd({ dm_permission: false, default_permission: false, nsfw: true }), normalized: { dm_permission: false, default_permission: false, nsfw: true } },
  { rule: 'dm_permission/default_permission/nsfw', title: 'defaults', input: cmd(), normalized: { dm_permission: null, default_permission: true, nsfw: false } },
  { rule: 'dm_permission/default_permission/nsfw', title: 'dm_permission a number', input: cmd({ dm_permission: 0 }), refused: [['dm_permission', 'BOOLEAN_TYPE_CONVERT']] },
  { rule: 'dm_permission/default_permission/nsfw', title: 'default_permission a string', input: cmd({ default_permission: 'false' }), refused: [['default_permission', 'BOOLEAN_TYPE_CONVERT']] },
  { rule: 'guild ignores dm_permission', title: 'guild dm_permission dropped', context: GUILD, input: cmd({ dm_permission: 'whatever' }), normalized: { dm_permission: null } },
  { rule: 'guild ignores dm_permission', title: 'global still checks it', input: cmd({ dm_permission: 'whatever' }), refused: [['dm_permission', 'BOOLEAN_TYPE_CONVERT']] },

  // --- Installation and interaction contexts -----------------------------------------------
  { rule: 'integration_types', title: 'both install types', input: cmd({ integration_types: [0, 1] }), normalized: { integration_types: [0, 1] } },
  { rule: 'integration_types', title: 'not given reads null', input: cmd(), normalized: { integration_types: null } },
  { rule: 'integration_types', title: 'unknown type', input: cmd({ integration_types: [0, 2] }), refused: [['integration_types.1', 'BASE_TYPE_CHOICES']], message: 'Value must be one of {0, 1}.' },
  { rule: 'repeated values', title: 'integration_types repeated', input: cmd({ integration_types: [1, 1] }), normalized: { integration_types: [1, 1] }, warned: [['integration_types.1', 'REPEATED_VALUE']] },
  { rule: 'integration_types', title: 'not a list', input: cmd({ integration_types: 0 }), refused: [['integration_types', 'LIST_TYPE_CONVERT']] },
  { rule: 'contexts', title: 'all three', input: cmd({ integration_types: [0, 1], contexts: [0, 1, 2] }), normalized: { contexts: [0, 1, 2] } },
  { rule: 'contexts', title: 'null', input: cmd({ contexts: null }), normalized: { contexts: null } },
  { rule: 'contexts', title: 'unknown context', input: cmd({ contexts: [3] }), refused: [['contexts.0', 'BASE_TYPE_CHOICES']] },
  { rule: 'repeated values', title: 'contexts repeated', input: cmd({ contexts: [0, 1, 1] }), normalized: { contexts: [0, 1, 1] }, warned: [['contexts.2', 'REPEATED_VALUE']] },
  { rule: 'repeated values', title: 'distinct values are clean', input: cmd({ integration_types: [0, 1], contexts: [0, 1, 2] }), warned: [] },
  // The real service accepts these (seyfert registers every command this way): stored, warned.
  { rule: 'PRIVATE_CHANNEL without USER_INSTALL', title: 'seyfert: [0, 1, 2] with [0]', input: cmd({ integration_types: [0], contexts: [0, 1, 2] }), normalized: { integration_types: [0], contexts: [0, 1, 2] }, warned: [['contexts.2', 'PRIVATE_CHANNEL_WITHOUT_USER_INSTALL']] },
  { rule: 'PRIVATE_CHANNEL without USER_INSTALL', title: 'guild install only', input: cmd({ integration_types: [0], contexts: [0, 2] }), normalized: { contexts: [0, 2] }, warned: [['contexts.1', 'PRIVATE_CHANNEL_WITHOUT_USER_INSTALL']] },
  { rule: 'PRIVATE_CHANNEL without USER_INSTALL', title: 'integration types not given read [0]', input: cmd({ contexts: [2] }), normalized: { contexts: [2], integration_types: null }, warned: [['contexts.0', 'PRIVATE_CHANNEL_WITHOUT_USER_INSTALL']] },
  { rule: 'PRIVATE_CHANNEL without USER_INSTALL', title: 'user install is clean', input: cmd({ integration_types: [1], contexts: [2] }), normalized: { contexts: [2] }, warned: [] },
  { rule: 'guild scope', title: 'guild [0] and [0]', context: GUILD, input: cmd({ integration_types: [0], contexts: [0] }), normalized: { integration_types: [0], contexts: [0] } },
  { rule: 'guild lists ignored', title: 'guild USER_INSTALL stored', context: GUILD, input: cmd({ integration_types: [0, 1] }), normalized: { integration_types: [0, 1] }, warned: [['integration_types', 'GUILD_COMMAND_INTEGRATION_TYPES']] },
  { rule: 'guild lists ignored', title: 'guild BOT_DM stored', context: GUILD, input: cmd({ contexts: [0, 1] }), normalized: { contexts: [0, 1] }, warned: [['contexts', 'GUILD_COMMAND_CONTEXTS']] },
  { rule: 'guild lists ignored', title: 'guild bulk defaults [0] and [0, 1, 2]', context: GUILD, input: cmd({ integration_types: [0], contexts: [0, 1, 2] }), warned: [['contexts', 'GUILD_COMMAND_CONTEXTS']] },
  { rule: 'guild lists ignored', title: 'guild [0] and [0] are clean', context: GUILD, input: cmd({ integration_types: [0], contexts: [0] }), warned: [] },
  { rule: 'guild scope', title: 'guild unknown context', context: GUILD, input: cmd({ contexts: [3] }), refused: [['contexts.0', 'BASE_TYPE_CHOICES']], message: 'Value must be one of {0, 1, 2}.' },
  { rule: 'guild scope', title: 'guild entry point', context: GUILD, input: { type: 4, name: 'Launch', handler: 2 }, refused: [['type', 'APPLICATION_COMMAND_TYPE_INVALID']] },
  { rule: 'guild scope', title: 'guild user command', context: GUILD, input: { type: 2, name: 'Profile' }, normalized: { type: 2 } },

  // --- Size ---------------------------------------------------------------------------------
  { rule: '8000 characters', title: 'exactly 8000', input: sizedCommand(false), check: (value) => expect(commandSize(value as CommandDefinition)).toBe(8000) },
  {
    rule: '8000 characters',
    title: 'a longer localization tips it over',
    input: sizedCommand(true),
    refused: [['', 'APPLICATION_COMMAND_TOO_LARGE']],
    message: 'Command exceeds maximum size (8000)',
  },

  // --- PATCH --------------------------------------------------------------------------------
  { rule: 'edit', entry: 'edit', title: 'patch not an object', input: 'name', refused: [['', 'MODEL_TYPE_CONVERT']] },
  { rule: 'edit', entry: 'edit', title: 'empty patch keeps the command', input: {}, normalized: STORED },
  { rule: 'edit', entry: 'edit', title: 'bad name at the patch path', input: { name: 'Ping' }, refused: [['name', 'APPLICATION_COMMAND_INVALID_NAME']] },
  { rule: 'edit', entry: 'edit', title: 'type cannot change', input: { type: 2, name: 'pong' }, normalized: { type: 1, name: 'pong' } },
  {
    rule: 'edit',
    entry: 'edit',
    title: 'null resets nullable fields, unknown fields ignored',
    input: { name_localizations: null, default_member_permissions: null, integration_types: null, unknown: 1 },
    normalized: { name_localizations: null, default_member_permissions: null, integration_types: null, options: STORED.options },
  },
  { rule: 'edit', entry: 'edit', title: 'description null on CHAT_INPUT', input: { description: null }, refused: [['description', 'BASE_TYPE_REQUIRED']] },
  { rule: 'edit', entry: 'edit', title: 'options replaced whole', input: { options: [opt({ name: 'other', type: 4 })] }, check: (value) => expect((value as CommandDefinition).options.map((o) => o.name)).toEqual(['other']) },
  { rule: 'edit', entry: 'edit', title: 'merged result validated', input: { contexts: [3] }, refused: [['contexts.0', 'BASE_TYPE_CHOICES']] },
  { rule: 'edit', entry: 'edit', title: 'merged result warned', input: { contexts: [2] }, normalized: { integration_types: [0], contexts: [2] }, warned: [['contexts.0', 'PRIVATE_CHANNEL_WITHOUT_USER_INSTALL']] },
  { rule: 'edit', entry: 'edit', title: 'renamed default drops a now-equal localization', input: { name: 'pingen' }, normalized: { name: 'pingen', name_localizations: null } },

  // --- Bulk ---------------------------------------------------------------------------------
  { rule: 'bulk', entry: 'list', title: 'not an array', input: cmd(), refused: [['', 'LIST_TYPE_CONVERT']] },
  { rule: 'bulk', entry: 'list', title: 'element errors under their index', input: [cmd(), cmd({ name: 'Bad' })], refused: [['1.name', 'APPLICATION_COMMAND_INVALID_NAME']] },
  { rule: 'bulk', entry: 'list', title: 'empty list', input: [], normalized: [] },
  {
    rule: 'bulk',
    entry: 'list',
    title: 'ids kept, all types',
    input: [cmd({ id: '123' }), { type: 2, name: 'Profile', id: 456 }, { type: 3, name: 'Quote' }],
    check: (value) => expect((value as Array<{ id: string | undefined }>).map((item) => item.id)).toEqual(['123', '456', undefined]),
  },
  { rule: 'bulk ids', entry: 'list', title: 'id not a snowflake', input: [cmd({ id: 'x' })], refused: [['0.id', 'NUMBER_TYPE_COERCE']], message: 'Value "x" is not snowflake.' },
  { rule: 'bulk ids', entry: 'list', title: 'id too large', input: [cmd({ id: '18446744073709551616' })], refused: [['0.id', 'NUMBER_TYPE_MAX']] },
  { rule: 'bulk ids', entry: 'list', title: 'canonical id', input: [cmd({ id: '0042' })], check: (value) => expect((value as Array<{ id: string }>)[0]?.id).toBe('42') },
  { rule: 'bulk duplicates', entry: 'list', title: 'same type and name', input: [cmd(), cmd({ name: 'pong' }), cmd({ type: 1 })], refused: [['2', 'APPLICATION_COMMANDS_DUPLICATE_NAME']], message: 'Application command names must be unique' },
  { rule: 'bulk duplicates', entry: 'list', title: 'same name, other type', input: [cmd({ name: 'profile' }), { type: 2, name: 'profile' }], check: (value) => expect(value).toHaveLength(2) },
  { rule: 'bulk length', entry: 'list', title: '130 commands', input: Array.from({ length: 130 }, (_, index) => ({ type: index < 100 ? 1 : index < 115 ? 2 : 3, name: `c${index}`, description: index < 100 ? 'd' : '' })), check: (value) => expect(value).toHaveLength(130) },
  { rule: 'bulk length', entry: 'list', title: '131 commands, checked before the elements', input: Array.from({ length: 131 }, () => ({ name: 'Bad' })), refused: [['', 'BASE_TYPE_MAX_LENGTH']], message: 'Must be 130 or fewer in length.' },
  { rule: 'bulk size', entry: 'list', title: 'oversized element', input: [cmd(), sizedCommand(true)], refused: [['1', 'APPLICATION_COMMAND_TOO_LARGE']] },
  { rule: 'bulk size', entry: 'list', title: 'each element has its own budget', input: [sizedCommand(false), { ...sizedCommand(false), name: 'sise' }], check: (value) => expect(value).toHaveLength(2) },
];

describe('command rules conformance', () => {
  it.each(CASES.map((entry) => [`${entry.rule}: ${entry.title}`, entry] as const))('%s', (_, entry) => {
    const result = run(entry);
    if (entry.refused) {
      expect(result.ok, 'expected a refusal').toBe(false);
      if (result.ok) return;
      expect(leaves(result.errors).sort()).toEqual([...entry.refused].sort());
      if (entry.message !== undefined) expect(firstMessage(result.errors)).toBe(entry.message);
      return;
    }
    expect(result.ok ? 'accepted' : JSON.stringify(result.errors)).toBe('accepted');
    if (!result.ok) return;
    if (entry.normalized !== undefined) expect(result.value).toMatchObject(entry.normalized as object);
    entry.check?.(result.value);
    if (entry.entry !== 'list') {
      const warnings = commandWarnings(result.value as CommandDefinition, (entry.context ?? GLOBAL).scope);
      expect(warnings.map((warning) => [warning.path, warning.code]).sort()).toEqual([...(entry.warned ?? [])].sort());
    }
  });

  it('has an accepted and a refused (or warned) case for every rule', () => {
    // A warning rule needs a warned case and a clean one, as a refusal needs both.
    const warnedAsRefused = CASES.map((entry) => ({ rule: entry.rule, refused: entry.refused ?? (entry.warned?.length ? entry.warned : undefined) }));
    expect(rulesMissingACase(warnedAsRefused)).toEqual([]);
  });
});

describe('normalized shapes', () => {
  it('stores the full normalized definition', () => {
    const result = validateCommand(
      cmd({ options: [opt({ required: false, name_localizations: { de: 'text', fr: 'texte' } })], extra: true }),
      GLOBAL,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        type: 1,
        name: 'ping',
        name_localizations: null,
        description: 'Replies with pong',
        description_localizations: null,
        options: [{ type: 3, name: 'text', name_localizations: { fr: 'texte' }, description: 'Some text', description_localizations: null }],
        default_member_permissions: null,
        dm_permission: null,
        default_permission: true,
        nsfw: false,
        integration_types: null,
        contexts: null,
      },
    });
  });

  it('answers the service body shape for nested errors', () => {
    const result = validateCommand(withOptions(opt({ name: 'Bad' })), GLOBAL);
    expect(result).toEqual({
      ok: false,
      errors: { options: { 0: { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }] } } } },
    });
  });

  it('keeps a "__proto__" locale key as a plain branch of the tree', () => {
    const body = JSON.parse('{"name":"ping","description":"d","name_localizations":{"__proto__":"x"}}') as unknown;
    const result = validateCommand(body, GLOBAL);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const branch = result.errors.name_localizations as Record<string, unknown>;
    expect(Object.keys(branch)).toEqual(['__proto__']);
    expect(JSON.stringify(result.errors)).toContain('{"name_localizations":{"__proto__":{"_errors":[{"code":"BASE_TYPE_CHOICES"');
    expect(({} as Record<string, unknown>)._errors).toBeUndefined();
  });
});

describe('commandSize', () => {
  it('counts only the longest of a default and its localizations', () => {
    const base = validateCommand(cmd({ name: 'abc', description: 'abcd' }), GLOBAL);
    if (!base.ok) throw new Error('expected a valid command');
    expect(commandSize(base.value)).toBe(7);
    const localized = { ...base.value, name_localizations: { de: 'abcdef', fr: 'a' }, description_localizations: { de: 'ab' } };
    expect(commandSize(localized)).toBe(10);
  });

  it('counts options, subcommands, choice names and values (numbers as written)', () => {
    const result = validateCommand(
      withOptions(sub('go', [opt({ name: 'n', description: 'd', type: 10, choices: [{ name: 'pi', value: 3.14 }] })])),
      GLOBAL,
    );
    if (!result.ok) throw new Error('expected a valid command');
    // ping(4) + description(17) + go(2) + 'A subcommand'(12) + n(1) + d(1) + pi(2) + '3.14'(4)
    expect(commandSize(result.value)).toBe(43);
  });
});

describe('snowflakes', () => {
  it.each([
    ['0', true],
    ['18446744073709551615', true],
    ['18446744073709551616', false],
    ['', false],
    [' 1', false],
    ['1e5', false],
    ['-1', false],
    [Number.MAX_SAFE_INTEGER, true],
    [2 ** 53, false],
    [1.5, false],
    [-1, false],
    [null, false],
    [{}, false],
  ] as const)('isSnowflake(%j) is %s', (value, expected) => {
    expect(isSnowflake(value)).toBe(expected);
  });

  it('words refusals like the service', () => {
    expect(snowflakeError('ping')).toEqual({ code: 'NUMBER_TYPE_COERCE', message: 'Value "ping" is not snowflake.' });
    expect(snowflakeError('99999999999999999999999')).toEqual({
      code: 'NUMBER_TYPE_MAX',
      message: 'snowflake value should be less than or equal to 18446744073709551615.',
    });
  });
});

describe('documentation', () => {
  it('lists every code of the message table in docs/command-rules.md', () => {
    const doc = readFileSync(new URL('../../../docs/command-rules.md', import.meta.url), 'utf8');
    const missing = Object.values(MESSAGES).filter((row) => !doc.includes(`\`${row.code}\``)).map((row) => row.code);
    expect(missing).toEqual([]);
  });
});
