/**
 * The pieces of record and replay that need no registry: reading an outcome from the
 * client's events, a slash command's text, normalizing what changes from run to run,
 * the differences between two outcomes, and a scenario made from inspector entries.
 */
import { describe, expect, it } from 'vitest';
import { readCommandText, splitCommandText } from '../../src/shared/invocation/command-text.js';
import type { CommandDefinition } from '../../src/shared/command-rules/definition.js';
import { differences } from '../../src/shared/scenario/diff.js';
import { normalizeOutcome } from '../../src/shared/scenario/normalize.js';
import { messageOwner, outcomeOf, type HeardEvent } from '../../src/shared/scenario/outcome.js';
import { recordScenario, type RecordedInteraction } from '../../src/shared/scenario/record.js';
import { parseScenarioFile } from '../../src/shared/scenario/scenario-file.js';

const ALICE = '1000000000000000001';
const APP = '1000000000000000002';
const GUILD = '1000000000000000003';
const GENERAL = '1000000000000000004';
const WORLD = {
  users: [{ id: ALICE, username: 'alice' }],
  applications: [{ id: APP, name: 'Bot', owner_id: ALICE }],
  guilds: [{ id: GUILD, name: 'Lab', owner_id: ALICE, roles: [], channels: [{ id: GENERAL, name: 'general', type: 0 as const }], members: [{ user_id: ALICE, roles: [] }], applications: [APP] }],
  messages: [] as Array<Record<string, unknown>>,
};

function message(id: string, interaction: string, content: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, channel_id: GENERAL, author: { id: APP }, content, type: 20, flags: 0, timestamp: '2026-01-02T03:04:05.000Z',
    interaction_metadata: { id: interaction, type: 2, user: { id: ALICE } }, ...extra,
  };
}

describe('an outcome read from the client\'s events', () => {
  it('is the reply, its follow-ups in order, and the callback type of the first answer', () => {
    const events: HeardEvent[] = [
      { type: 'INTERACTION_CREATE', data: { id: '9000000000000000001', nonce: 'n' } },
      { type: 'MESSAGE_CREATE', data: message('9000000000000000002', '9000000000000000001', '', { flags: 128 }) },
      { type: 'INTERACTION_SUCCESS', data: { id: '9000000000000000001' } },
      { type: 'INTERACTION_CALLBACK', data: { status: 204, body: { type: 5 } } },
      { type: 'MESSAGE_UPDATE', data: message('9000000000000000002', '9000000000000000001', 'done') },
      { type: 'MESSAGE_CREATE', data: message('9000000000000000003', '9000000000000000001', 'more', { type: 0 }) },
    ];
    const outcome = outcomeOf({ kind: 'command' }, events);
    expect(outcome).toMatchObject({ status: 'succeeded', response_type: 5, reply: { content: 'done' }, follow_ups: [{ content: 'more' }] });
  });

  it('gives a message update to the newest component run on it, and a new message to the run that made it', () => {
    const runs = [{ interactionId: 'a', messageId: undefined }, { interactionId: 'b', messageId: 'm1' }];
    expect(messageOwner(runs, { id: 'm1', interaction_metadata: { id: 'a' } })).toBe(1);
    expect(messageOwner(runs, { id: 'm2', interaction_metadata: { id: 'a' } })).toBe(0);
    expect(messageOwner(runs, { id: 'm3', interaction_metadata: { id: 'z' } })).toBe(-1);
  });
});

describe('a slash command written as text', () => {
  const definition = {
    name: 'config', type: 1, options: [
      { type: 1, name: 'set', description: 'd', options: [{ type: 3, name: 'key', description: 'k' }, { type: 3, name: 'value', description: 'v' }] },
    ],
  } as unknown as CommandDefinition;

  it('reads the subcommand and values with spaces, and a quoted value as JSON', () => {
    const split = splitCommandText('/config set key:colour value:dark blue');
    expect(split).toEqual({ name: 'config', rest: 'set key:colour value:dark blue' });
    expect(readCommandText(definition, 'set key:colour value:dark blue')).toMatchObject({ path: ['set'], options: [{ name: 'key', text: 'colour' }, { name: 'value', text: 'dark blue' }] });
    expect(readCommandText(definition, 'set key:"a value:b"')).toMatchObject({ options: [{ name: 'key', text: 'a value:b' }] });
  });

  it('says what does not fit', () => {
    expect(readCommandText(definition, 'key:x')).toBe('/config needs a subcommand: /config set');
    expect(readCommandText(definition, 'set colour')).toBe('/config set: "colour" is not an option; its options are key:, value:');
    expect(readCommandText(definition, 'set key:a key:b')).toBe('/config set: key: is given twice');
  });
});

describe('normalized outcomes and their differences', () => {
  it('replaces ids made during the session, times and the registry\'s address, and keeps the world\'s ids', () => {
    const outcome = outcomeOf({ kind: 'command' }, [
      { type: 'INTERACTION_CREATE', data: { id: '9000000000000000001' } },
      { type: 'MESSAGE_CREATE', data: message('9000000000000000002', '9000000000000000001', `hi <@${ALICE}> http://127.0.0.1:4567/x`) },
      { type: 'INTERACTION_SUCCESS', data: {} },
    ]);
    const normal = normalizeOutcome(outcome, new Set([ALICE, APP, GENERAL]));
    expect(normal.reply).toMatchObject({ id: '<id 1>', timestamp: '<time>', content: `hi <@${ALICE}> <registry>/x`, author: { id: APP } });
    expect((normal.reply?.interaction_metadata as { id: string }).id).toBe('<id 2>');
  });

  it('replaces a file URL\'s key, which each upload draws anew', () => {
    const url = `http://127.0.0.1:4567/attachments/${GENERAL}/9000000000000000003/notes.txt?hm=0123456789abcdef0123456789abcdef`;
    const outcome = outcomeOf({ kind: 'command' }, [
      { type: 'INTERACTION_CREATE', data: { id: '9000000000000000001' } },
      { type: 'MESSAGE_CREATE', data: message('9000000000000000002', '9000000000000000001', `got ${url}`) },
      { type: 'INTERACTION_SUCCESS', data: {} },
    ]);
    expect(normalizeOutcome(outcome, new Set([GENERAL])).reply?.content).toBe(`got <registry>/attachments/${GENERAL}/<id 2>/notes.txt?hm=<key>`);
  });

  it('names each changed field with both values', () => {
    const found = differences({ reply: { content: 'Hello' }, follow_ups: [{ a: 1 }] }, { reply: { content: 'Hi', extra: true }, follow_ups: [] });
    expect(found.map((difference) => difference.text)).toEqual([
      'follow_ups: expected 1 item but got 0',
      'follow_ups[0]: expected {"a":1} but got nothing',
      'reply.content: expected "Hello" but got "Hi"',
      'reply.extra: expected nothing but got true',
    ]);
  });
});

describe('a scenario recorded from the inspector', () => {
  const command: RecordedInteraction = {
    nonce: 'n1', id: '9000000000000000001', kind: 'command', label: '/vote', userId: ALICE, channelId: GENERAL, applicationId: APP,
    request: { type: 2, channel_id: GENERAL, data: { id: '9100000000000000001', name: 'vote', type: 1 } }, http: { status: 204, body: null },
    events: [
      { type: 'INTERACTION_CREATE', data: { id: '9000000000000000001' } },
      { type: 'MESSAGE_CREATE', data: message('9000000000000000002', '9000000000000000001', 'Vote?') },
      { type: 'INTERACTION_SUCCESS', data: {} },
    ],
  };
  const click: RecordedInteraction = {
    nonce: 'n2', id: '9000000000000000005', kind: 'component', label: 'component yes', userId: ALICE, channelId: GENERAL, applicationId: APP,
    messageId: '9000000000000000002',
    request: { type: 3, channel_id: GENERAL, message_id: '9000000000000000002', data: { custom_id: 'yes', component_type: 2 } }, http: { status: 204, body: null },
    events: [
      { type: 'INTERACTION_CREATE', data: { id: '9000000000000000005' } },
      { type: 'MESSAGE_UPDATE', data: message('9000000000000000002', '9000000000000000001', 'voted yes') },
      { type: 'INTERACTION_SUCCESS', data: {} },
      { type: 'INTERACTION_CALLBACK', data: { status: 204, body: { type: 7 } } },
    ],
  };
  const world = { ...WORLD, messages: [{ id: '9000000000000000002', channel_id: GENERAL, author_id: APP, content: 'voted yes', interaction_metadata: { id: '9000000000000000001' } }] };

  it('names messages by the step that made them, drops the session\'s messages from the world, and parses back', () => {
    const { scenario, skipped } = recordScenario([command, click], world as never, { now: Date.UTC(2026, 0, 1) });
    expect(skipped).toEqual([]);
    expect(scenario.world.messages).toEqual([]);
    expect(scenario.steps.map((step) => step.action)).toEqual([
      { action: 'command', channel: GENERAL, name: 'vote', options: [] },
      { action: 'click', channel: GENERAL, message: { step: 's1', message: 'reply' }, custom_id: 'yes' },
    ]);
    expect(scenario.steps[1]?.expect).toMatchObject({ response_type: 7, reply: { content: 'voted yes', id: '<id 1>' } });
    const parsed = parseScenarioFile(JSON.parse(JSON.stringify(scenario)));
    expect(parsed.ok).toBe(true);
    expect(parseScenarioFile({ ...scenario, slashbench_scenario: 3 })).toEqual({ ok: false, message: 'not a scenario of version 1 or 2 (slashbench_scenario is 3)' });
  });

  const upload: RecordedInteraction = {
    nonce: 'n3', id: '9000000000000000007', kind: 'command', label: '/size', userId: ALICE, channelId: GENERAL, applicationId: APP,
    request: {
      type: 2, channel_id: GENERAL,
      data: { id: '9100000000000000002', name: 'files', type: 1, options: [{ name: 'read', type: 1, options: [{ name: 'file', type: 11, value: '9000000000000000006' }] }] },
    },
    http: { status: 204, body: null },
    events: [
      { type: 'INTERACTION_CREATE', data: { id: '9000000000000000007' } },
      { type: 'MESSAGE_CREATE', data: message('9000000000000000008', '9000000000000000007', 'notes.txt: 5 bytes') },
      { type: 'INTERACTION_SUCCESS', data: {} },
    ],
  };
  const notes = { filename: 'notes.txt', content_type: 'text/plain', data: Buffer.from('hello').toString('base64') };

  it('carries a file option\'s file in its step, or leaves the step out when the file was not read back', () => {
    const files = new Map([['9000000000000000006', notes]]);
    const { scenario, skipped } = recordScenario([upload], WORLD as never, { now: 0, files });
    expect(skipped).toEqual([]);
    expect(scenario.slashbench_scenario).toBe(2);
    expect(scenario.steps[0]?.action).toEqual({
      action: 'command', channel: GENERAL, name: 'files', options: [{ name: 'read', type: 1, options: [{ name: 'file', type: 11, value: notes }] }],
    });
    expect(parseScenarioFile(JSON.parse(JSON.stringify(scenario))).ok).toBe(true);
    const without = recordScenario([command, upload], WORLD as never, { now: 0 });
    expect(without.scenario.steps.map((step) => step.label)).toEqual(['/vote']);
    expect(without.skipped).toEqual(['/size: its file (attachment 9000000000000000006) could not be read back from the registry, so it cannot be uploaded again']);
  });

  it('refuses a file that is not base64 or is past the 10 MiB an attachment may be, naming where', () => {
    const { scenario } = recordScenario([upload], WORLD as never, { now: 0, files: new Map([['9000000000000000006', notes]]) });
    const withFile = (file: unknown) => ({
      ...scenario, steps: [{ ...scenario.steps[0], action: { action: 'command', channel: GENERAL, name: 'files', options: [{ name: 'read', type: 1, options: [{ name: 'file', type: 11, value: file }] }] } }],
    });
    expect(parseScenarioFile(withFile({ filename: 'a.txt', data: 'not base64!' }))).toEqual({ ok: false, message: 'steps[0].action.options[0].options[0].value.data: must be the file\'s bytes in base64' });
    const big = parseScenarioFile(withFile({ filename: 'big.bin', data: 'A'.repeat(Math.ceil((10 * 1024 * 1024 + 3) / 3) * 4) }));
    expect(big).toEqual({ ok: false, message: 'steps[0].action.options[0].options[0].value.data: must be at most 10 MiB, an attachment\'s limit' });
  });

  it('still loads a scenario of version 1, as version 2', () => {
    const { scenario } = recordScenario([command, click], world as never, { now: 0 });
    const older = JSON.parse(JSON.stringify({ ...scenario, slashbench_scenario: 1 })) as unknown;
    const parsed = parseScenarioFile(older);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.scenario).toEqual({ ...scenario, slashbench_scenario: 2 });
  });
});
