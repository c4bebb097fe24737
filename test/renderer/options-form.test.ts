/**
 * The options form's reading of its fields: values typed by option type, the invocation's
 * `data` with subcommands nested and autocomplete's focused option, and the shared check's
 * refusals placed beside the fields they concern, with the registry's own messages.
 */
import { describe, expect, it } from 'vitest';
import { INVOCATION_MESSAGES, validateInvocation } from '../../src/shared/invocation/index.js';
import type { InvocationLookup } from '../../src/shared/invocation/index.js';
import { commandDefinition } from '../../src/renderer/features/commands/command-definition.js';
import { formErrors, treeMessages } from '../../src/renderer/features/composer/form-errors.js';
import { buildInvocationData } from '../../src/renderer/features/composer/invocation-data.js';
import { choiceLabel, draftValue, isFilled } from '../../src/renderer/features/composer/option-values.js';
import { EXAMPLE_INDEX } from './example-index.js';

const command = (name: string) => EXAMPLE_INDEX.application_commands.find((entry) => entry.name === name)!;
const lookup: InvocationLookup = { user: (id) => id === '10', role: () => false, channel: () => undefined, attachment: () => false };

function check(name: string, path: string[], values: Record<string, string>) {
  const built = buildInvocationData(command(name), path, Object.fromEntries(Object.entries(values).map(([key, text]) => [key, { text }])));
  const result = validateInvocation(commandDefinition(command(name)), built.data, { kind: 'command', lookup });
  return { built, result, errors: result.ok ? undefined : formErrors(result.errors, built) };
}

describe('field values', () => {
  it('reads numbers and booleans by the option type, and leaves what does not read as text', () => {
    expect(draftValue({ type: 4 }, '12')).toBe(12);
    expect(draftValue({ type: 4 }, ' -7 ')).toBe(-7);
    expect(draftValue({ type: 4 }, '1.5')).toBe('1.5');
    expect(draftValue({ type: 4 }, 'two')).toBe('two');
    expect(draftValue({ type: 10 }, '1.5')).toBe(1.5);
    expect(draftValue({ type: 10 }, '1e3')).toBe(1000);
    expect(draftValue({ type: 10 }, '.5')).toBe(0.5);
    expect(draftValue({ type: 10 }, '1,5')).toBe('1,5');
    expect(draftValue({ type: 5 }, 'true')).toBe(true);
    expect(draftValue({ type: 5 }, 'false')).toBe(false);
    expect(draftValue({ type: 3 }, '12')).toBe('12');
    expect(draftValue({ type: 6 }, '10')).toBe('10');
  });

  it('counts an empty field as not given, and names a choice by its value', () => {
    expect(isFilled(undefined)).toBe(false);
    expect(isFilled({ text: '' })).toBe(false);
    expect(isFilled({ text: ' ' })).toBe(true);
    expect(choiceLabel({ choices: [{ name: 'Happy', name_localizations: null, value: 'happy' }] }, 'happy')).toBe('Happy');
    expect(choiceLabel({ choices: [{ name: 'One', name_localizations: null, value: 1 }] }, '1')).toBe('One');
  });
});

describe('invocation data', () => {
  it('carries the filled options in definition order, typed', () => {
    const built = buildInvocationData(command('echo'), [], { times: { text: '2' }, text: { text: 'hi' }, loud: { text: '' } });
    expect(built.data).toEqual({
      id: '40', name: 'echo', type: 1, version: '400',
      options: [{ name: 'text', type: 3, value: 'hi' }, { name: 'times', type: 4, value: 2 }],
    });
    expect(built.names).toEqual(['text', 'times']);
    expect(built.leafPath).toEqual(['options']);
  });

  it('nests the options in the chosen subcommand and group', () => {
    const built = buildInvocationData(command('admin'), ['user', 'ban'], { target: { text: '10' } });
    expect(built.data.options).toEqual([
      { name: 'user', type: 2, options: [{ name: 'ban', type: 1, options: [{ name: 'target', type: 6, value: '10' }] }] },
    ]);
    expect(built.leafPath).toEqual(['options', 0, 'options', 0, 'options']);
    expect(buildInvocationData(command('admin'), ['status'], {}).data.options).toEqual([{ name: 'status', type: 1, options: [] }]);
  });

  it('sends the focused option of an autocomplete as the text typed so far, even empty', () => {
    const built = buildInvocationData(command('fruit'), [], { count: { text: '3' } }, 'name');
    expect(built.data.options).toEqual([{ name: 'name', type: 3, value: '', focused: true }, { name: 'count', type: 4, value: 3 }]);
    const omitted = buildInvocationData(command('fruit'), [], { name: { text: 'ap' }, count: { text: 'x' } }, 'name', new Set(['count']));
    expect(omitted.data.options).toEqual([{ name: 'name', type: 3, value: 'ap', focused: true }]);
  });
});

describe('refusals beside their fields', () => {
  it('places value errors by option, with the shared messages', () => {
    const { errors } = check('echo', [], { text: 'x', times: 'two' });
    expect(errors?.byOption).toEqual({
      text: [INVOCATION_MESSAGES.tooShort.text('text', 2)],
      times: [INVOCATION_MESSAGES.notInteger.text('times')],
    });
    expect(errors?.general).toEqual([]);
  });

  it('places a missing required option beside its field', () => {
    const { errors } = check('echo', [], { times: '9' });
    expect(errors?.byOption).toEqual({
      text: [INVOCATION_MESSAGES.optionRequired.text('text')],
      times: [INVOCATION_MESSAGES.tooLarge.text('times', 3)],
    });
  });

  it('finds the fields of a subcommand inside a group', () => {
    expect(check('admin', ['user', 'ban'], {}).errors?.byOption).toEqual({ target: [INVOCATION_MESSAGES.optionRequired.text('target')] });
    expect(check('admin', ['user', 'ban'], { target: '99' }).errors?.byOption).toEqual({
      target: [INVOCATION_MESSAGES.unknownUser.text('target', '99')],
    });
    expect(check('admin', ['user', 'ban'], { target: '10' }).result.ok).toBe(true);
  });

  it('keeps what concerns no field as general errors', () => {
    const built = buildInvocationData(command('echo'), [], { text: { text: 'hello' } });
    const tree = { version: { _errors: [{ code: 'X', message: 'outdated' }] }, options: { _errors: [{ code: 'Y', message: 'odd' }] } };
    expect(formErrors(tree, built)).toEqual({ byOption: {}, general: ['outdated', 'odd'] });
    expect(treeMessages(tree)).toEqual(['outdated', 'odd']);
  });
});
