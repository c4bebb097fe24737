/**
 * Every object the registry emits has the shape discord-api-types gives it: real answers and
 * dispatches of a running registry (REST, gateway, interaction callbacks and webhooks, HTTP
 * delivery) are compiled against the types (test/helpers/wire-types.ts), every required
 * field present, with its JSON type and nulls where they are allowed. Mutants of the same
 * samples, each missing a required field or carrying a wrong type, show the check can fail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayRegistry, type GatewayRegistry } from '../helpers/gateway-registry.js';
import { httpDeliverySamples, interactionSamples } from '../helpers/wire-interactions.js';
import {
  allowPrivilegedIntents, commandSamples, dispatchSamples, restSamples, SampleBook, startupSamples,
} from '../helpers/wire-samples.js';
import { wireDiagnostics, type WireSample } from '../helpers/wire-types.js';

let registry: GatewayRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

/** The first sample whose name starts with `prefix`, with `change` applied to a deep copy. */
function mutant(samples: readonly WireSample[], prefix: string, what: string, change: (value: Record<string, unknown>) => void): WireSample {
  const sample = samples.find((candidate) => candidate.name.startsWith(prefix));
  if (!sample) throw new Error(`no sample named ${prefix}`);
  const value = structuredClone(sample.value) as Record<string, unknown>;
  change(value);
  return { name: `mutant: ${sample.name} ${what}`, type: sample.type, value };
}

/** Mutants the check must refuse: a required field gone, a wrong JSON type, a null where none is allowed. */
function mutants(samples: readonly WireSample[]): WireSample[] {
  return [
    mutant(samples, 'READY', 'without session_id', (ready) => delete ready.session_id),
    mutant(samples, 'GUILD_CREATE', 'with a member without joined_at', (guild) => delete (guild.members as Array<Record<string, unknown>>)[0]!.joined_at),
    mutant(samples, 'GET /channels/{text}/messages', 'without mentions', (message) => delete message.mentions),
    mutant(samples, 'GET /users/@me (bot)', 'with a numeric id', (user) => (user.id = 1)),
    mutant(samples, 'GET /guilds/{lab}/roles', 'with a null name', (role) => (role.name = null)),
    mutant(samples, 'INTERACTION_CREATE chat input', 'without token', (interaction) => delete interaction.token),
    mutant(samples, 'POST guild command probe', 'without version', (command) => delete command.version),
    mutant(samples, 'GET /channels/510000000000000003', 'of type 0', (thread) => (thread.type = 0)),
  ];
}

describe('the wire shapes of emitted objects', () => {
  it('match discord-api-types, and a sample missing a required field does not', async () => {
    registry = await gatewayRegistry();
    await allowPrivilegedIntents(registry);
    const book = new SampleBook();
    const client = await startupSamples(registry, book);
    await restSamples(registry, book);
    const commands = await commandSamples(registry, book);
    await interactionSamples(registry, client, commands, book);
    await httpDeliverySamples(registry, commands, book);
    await dispatchSamples(registry, client, book);

    const refused = mutants(book.samples);
    const diagnostics = wireDiagnostics([...book.samples, ...refused]);
    const faults = diagnostics.filter((diagnostic) => !diagnostic.sample?.startsWith('mutant: '));
    expect(faults.map((fault) => fault.text).join('\n\n')).toBe('');
    const caught = new Set(diagnostics.map((diagnostic) => diagnostic.sample));
    expect(refused.map((sample) => sample.name).filter((name) => !caught.has(name))).toEqual([]);
    // Every kind of object was seen at least once.
    expect(new Set(book.samples.map((sample) => sample.type)).size).toBeGreaterThanOrEqual(30);
  });
});
