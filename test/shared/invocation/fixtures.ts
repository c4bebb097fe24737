/**
 * Definitions and a small world shared by the invocation tests: a flat command with one
 * option of every type, a command with subcommands and groups (one of them empty), and the
 * three option-less command types.
 */
import {
  validateCommand,
  type CommandDefinition,
  type ErrorTree,
} from '../../../src/shared/command-rules/index.js';
import type { InvocationContext, InvocationKind, InvocationLookup } from '../../../src/shared/invocation/index.js';

/** A definition as the registry stores it: the body run through the definition rules. */
export function define(body: unknown): CommandDefinition {
  const result = validateCommand(body, { scope: 'global', applicationFlags: 1 << 17 });
  if (!result.ok) throw new Error(`invalid fixture: ${JSON.stringify(result.errors)}`);
  return result.value;
}

const option = (type: number, name: string, fields: Record<string, unknown> = {}) => ({ type, name, description: `The ${name}`, ...fields });

/** `/ping`: one option of every type, `text` required, three autocompleting options. */
export const FLAT = define({
  name: 'ping',
  description: 'Every option type',
  options: [
    option(3, 'text', { required: true, min_length: 2, max_length: 5 }),
    option(4, 'count', { min_value: 1, max_value: 10 }),
    option(10, 'ratio', { min_value: 0, max_value: 1 }),
    option(5, 'flag'),
    option(3, 'color', { choices: [{ name: 'Red', value: 'red' }, { name: 'Green', value: 'green' }] }),
    option(4, 'size', { choices: [{ name: 'Small', value: 1 }, { name: 'Large', value: 2 }] }),
    option(4, 'big'),
    option(6, 'who'),
    option(7, 'where', { channel_types: [0, 5] }),
    option(7, 'anywhere'),
    option(8, 'role'),
    option(9, 'target'),
    option(11, 'file'),
    option(3, 'query', { autocomplete: true }),
    option(4, 'amount', { autocomplete: true, min_value: 100, max_value: 200 }),
    option(10, 'weight', { autocomplete: true, min_value: 0, max_value: 1 }),
  ],
});

/** `/admin`: subcommands `ping` and `ban`, group `config` (`set`, `show`), empty group `empty`. */
export const NESTED = define({
  name: 'admin',
  description: 'Subcommands and groups',
  options: [
    option(1, 'ping', { options: [] }),
    option(1, 'ban', { options: [option(6, 'user', { required: true }), option(3, 'reason', { autocomplete: true })] }),
    option(2, 'config', {
      options: [option(1, 'set', { options: [option(3, 'key', { required: true }), option(4, 'value')] }), option(1, 'show')],
    }),
    option(2, 'empty', { options: [] }),
  ],
});

/** A command without options at all. */
export const BARE = define({ name: 'hello', description: 'No options' });
export const USER_COMMAND = define({ type: 2, name: 'Profile' });
export const MESSAGE_COMMAND = define({ type: 3, name: 'Quote' });
export const ENTRY_POINT = define({ type: 4, name: 'Launch', handler: 2 });

const CHANNELS = new Map([
  ['300', { type: 0 }],
  ['301', { type: 2 }],
  ['302', { type: 5 }],
]);

/** The world the lookup knows: users 100-101, roles 200-201, channels 300 (text), 301 (voice), 302 (announcement), upload 400. */
export const LOOKUP: InvocationLookup = {
  user: (id) => id === '100' || id === '101',
  role: (id) => id === '200' || id === '201',
  channel: (id) => CHANNELS.get(id),
  attachment: (id) => id === '400',
};

/** The context of a command or autocomplete request against LOOKUP. */
export function contextOf(kind: InvocationKind): InvocationContext {
  return { kind, lookup: LOOKUP };
}

/** Every (path, code) leaf of an error tree, paths joined with dots ('' for request-level). */
export function leaves(tree: ErrorTree, prefix: string[] = []): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [key, branch] of Object.entries(tree)) {
    if (branch === undefined) continue;
    if (Array.isArray(branch)) for (const error of branch) found.push([prefix.join('.'), error.code]);
    else found.push(...leaves(branch, [...prefix, key]));
  }
  return found;
}

/** Every message of an error tree, in tree order. */
export function messages(tree: ErrorTree): string[] {
  const found: string[] = [];
  for (const [key, branch] of Object.entries(tree)) {
    if (branch === undefined) continue;
    if (key === '_errors' && Array.isArray(branch)) found.push(...branch.map((error) => error.message));
    else if (!Array.isArray(branch)) found.push(...messages(branch));
  }
  return found;
}
