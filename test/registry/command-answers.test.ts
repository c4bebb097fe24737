/**
 * Command objects read back as the service answers them (issue 33): what a framework that
 * compares its registered commands with the answer sees. A subcommand or group without
 * options has no `options` key, on every route that emits commands, also for a command an
 * older Slashbench stored with `options: []`; re-registering such a command changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { CommandDefinition } from '../../src/shared/command-rules/index.js';
import { GLOBAL, GUILD, IDS, TOKENS, slash, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

/** `/admin off`, `/admin lights on` and an empty group `/admin spare`, as a framework sends them. */
const ADMIN = slash('admin', {
  options: [
    { type: 1, name: 'off', description: 'Turn off' },
    { type: 2, name: 'lights', description: 'The lights', options: [{ type: 1, name: 'on', description: 'Turn on' }] },
    { type: 2, name: 'spare', description: 'Nothing yet' },
  ],
});

type Option = { name: string; options?: Option[] };

/** Every option of the tree by its path (`lights.on`), with whether it carries an `options` key. */
function optionKeys(options: Option[] | undefined, prefix = ''): Record<string, boolean> {
  const found: Record<string, boolean> = {};
  for (const option of options ?? []) {
    const path = `${prefix}${option.name}`;
    found[path] = Object.hasOwn(option, 'options');
    Object.assign(found, optionKeys(option.options, `${path}.`));
  }
  return found;
}

const ANSWERED = { off: false, lights: true, 'lights.on': false, spare: false };

async function person(registry: TestRegistry, url: string) {
  return await registry.app.inject({ method: 'GET', url, headers: { authorization: TOKENS.owner } });
}

describe('a subcommand or group without options', () => {
  it('is answered without an options key by create, bulk overwrite, list, get and edit', async () => {
    const registry = await testRegistry();
    const created = (await registry.bot({ method: 'POST', url: GLOBAL, payload: ADMIN })).json();
    expect(optionKeys(created.options)).toEqual(ANSWERED);
    const [overwritten] = (await registry.bot({ method: 'PUT', url: GUILD, payload: [ADMIN] })).json();
    expect(optionKeys(overwritten.options)).toEqual(ANSWERED);
    for (const url of [GLOBAL, `${GLOBAL}?with_localizations=true`, GUILD]) {
      const [listed] = (await registry.bot({ method: 'GET', url })).json();
      expect(optionKeys(listed.options), url).toEqual(ANSWERED);
    }
    expect(optionKeys((await registry.bot({ method: 'GET', url: `${GLOBAL}/${created.id}` })).json().options)).toEqual(ANSWERED);
    const edited = await registry.bot({ method: 'PATCH', url: `${GLOBAL}/${created.id}`, payload: { description: 'Administers' } });
    expect(optionKeys(edited.json().options)).toEqual(ANSWERED);
  });

  it('is answered so in the client\'s command index and the management API', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'POST', url: GLOBAL, payload: ADMIN });
    const index = (await person(registry, `/api/v10/guilds/${IDS.guild}/application-command-index`)).json();
    const admin = index.application_commands.find((command: { name: string }) => command.name === 'admin');
    expect(optionKeys(admin.options)).toEqual(ANSWERED);
    const [managed] = (await person(registry, `/_slashbench/applications/${IDS.app}/commands`)).json();
    expect(optionKeys(managed.command.options)).toEqual(ANSWERED);
  });

  it('is answered the same when given as options: [] or options: null', async () => {
    const registry = await testRegistry();
    const withEmpty = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('empty', { options: [{ type: 1, name: 'off', description: 'Turn off', options: [] }] }) })).json();
    const withNull = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('none', { options: [{ type: 2, name: 'spare', description: 'Spare', options: null }] }) })).json();
    expect(withEmpty.options).toEqual([{ type: 1, name: 'off', description: 'Turn off', name_localizations: null, description_localizations: null }]);
    expect(optionKeys(withNull.options)).toEqual({ spare: false });
  });
});

describe('a command an older Slashbench stored with options: [] on a subcommand', () => {
  /** `ADMIN` as the rules stored it before issue 33: every subcommand and group carried `options`. */
  async function storeOldShape(registry: TestRegistry): Promise<string> {
    const created = (await registry.bot({ method: 'POST', url: GLOBAL, payload: ADMIN })).json();
    const stored = await registry.store.commands.get(IDS.app, null, created.id);
    if (!stored) throw new Error('the created command was not stored');
    const old = structuredClone(stored.definition) as CommandDefinition;
    const withEmptyLists = (options: CommandDefinition['options']): void => {
      for (const option of options) {
        if (option.type !== 1 && option.type !== 2) continue;
        option.options ??= [];
        withEmptyLists(option.options);
      }
    };
    withEmptyLists(old.options);
    const encoded = JSON.stringify(old);
    expect(encoded.match(/"options":\[\]/g)).toHaveLength(3);
    await registry.store.commands.put({ ...stored, definition: old }, encoded);
    return created.version as string;
  }

  it('reads back without the key', async () => {
    const registry = await testRegistry();
    await storeOldShape(registry);
    const [listed] = (await registry.bot({ method: 'GET', url: GLOBAL })).json();
    expect(optionKeys(listed.options)).toEqual(ANSWERED);
  });

  it('keeps its version when registered again, by bulk overwrite or create', async () => {
    const registry = await testRegistry();
    const version = await storeOldShape(registry);
    const [overwritten] = (await registry.bot({ method: 'PUT', url: GLOBAL, payload: [ADMIN] })).json();
    expect(overwritten.version).toBe(version);
    await storeOldShape(registry);
    const upserted = await registry.bot({ method: 'POST', url: GLOBAL, payload: ADMIN });
    expect(upserted.statusCode).toBe(200);
    expect(upserted.json().version).toBe(version);
  });
});

describe('fields the service does not answer', () => {
  it('never answers default_permission, whatever was sent', async () => {
    const registry = await testRegistry();
    for (const default_permission of [true, false]) {
      const created = await registry.bot({ method: 'POST', url: GLOBAL, payload: slash(`dp-${default_permission}`, { default_permission }) });
      expect(created.statusCode).toBe(201);
      expect(created.json()).not.toHaveProperty('default_permission');
    }
  });
});
