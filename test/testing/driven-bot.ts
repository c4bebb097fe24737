/**
 * The bot the driver's tests act against: a raw gateway session (ScriptedBot) with one
 * command per thing a test waits for — a message, a deferral and its edit, follow-ups,
 * autocomplete, buttons, a select, a modal, user and message commands, a file read from its
 * URL, silence, and an answer the registry refuses.
 */
import type { Bench } from '../../src/testing/index.js';
import { ScriptedBot, type Interaction } from '../helpers/scripted-bot.js';

export const DRIVEN_COMMANDS = [
  { name: 'echo', description: 'Says it back', options: [{ type: 3, name: 'text', description: 'What', required: true }, { type: 4, name: 'times', description: 'How often' }] },
  { name: 'later', description: 'Defers, then edits' },
  { name: 'count', description: 'Follow-ups', options: [{ type: 4, name: 'n', description: 'How many', required: true }] },
  { name: 'fruit', description: 'Autocomplete', options: [{ type: 3, name: 'name', description: 'A fruit', autocomplete: true }] },
  { name: 'vote', description: 'Buttons' },
  { name: 'pick', description: 'A select' },
  { name: 'report', description: 'A modal' },
  { name: 'silent', description: 'Never answers' },
  { name: 'broken', description: 'Answers what the registry refuses' },
  { name: 'admin', description: 'Administrators only', default_member_permissions: '8' },
  { name: 'greet', description: 'Greets someone', options: [{ type: 6, name: 'who', description: 'Who', required: true }] },
  { name: 'size', description: 'Reads a file', options: [{ type: 11, name: 'file', description: 'The file', required: true }] },
  { name: 'Wave', type: 2 },
  { name: 'Quote', type: 3 },
];

const FRUITS = ['apple', 'apricot', 'banana', 'cherry'];

type Options = Array<{ name: string; value: unknown }>;

function option(interaction: Interaction, name: string): unknown {
  return ((interaction.data.options as Options | undefined) ?? []).find((entry) => entry.name === name)?.value;
}

async function answer(interaction: Interaction, bot: ScriptedBot): Promise<void> {
  const { data } = interaction;
  if (interaction.type === 3) {
    if (data.custom_id === 'menu') {
      await bot.respond(interaction, { type: 4, data: { content: `picked ${(data.values as string[]).join(',')}` } });
    } else {
      await bot.respond(interaction, { type: 7, data: { content: `voted ${String(data.custom_id)}`, components: [] } });
    }
    return;
  }
  if (interaction.type === 5) {
    const rows = data.components as Array<{ components: Array<{ custom_id: string; value: string }> }>;
    await bot.respond(interaction, { type: 4, data: { content: `reported: ${rows[0]?.components[0]?.value ?? ''}` } });
    return;
  }
  if (interaction.type === 4) {
    const typed = String(option(interaction, 'name') ?? '');
    await bot.respond(interaction, { type: 8, data: { choices: FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })) } });
    return;
  }
  const resolved = data.resolved as { users?: Record<string, { username: string }>; messages?: Record<string, { content: string }> } | undefined;
  switch (data.name) {
    case 'echo':
      await bot.respond(interaction, { type: 4, data: { content: String(option(interaction, 'text')).repeat(Number(option(interaction, 'times') ?? 1)) } });
      return;
    case 'later':
      await bot.respond(interaction, { type: 5 });
      await bot.editOriginal(interaction, { content: 'done thinking' });
      return;
    case 'count': {
      await bot.respond(interaction, { type: 4, data: { content: 'counting' } });
      for (let index = 1; index <= Number(option(interaction, 'n')); index++) {
        await bot.rest('POST', `/webhooks/${bot.applicationId}/${interaction.token}`, { content: `follow-up ${index}` }, false);
      }
      return;
    }
    case 'vote':
      await bot.respond(interaction, {
        type: 4,
        data: {
          content: 'Vote?',
          components: [{ type: 1, components: [
            { type: 2, style: 3, label: 'Yes', custom_id: 'yes' },
            { type: 2, style: 4, label: 'No', custom_id: 'no' },
            { type: 2, style: 2, label: 'Maybe', custom_id: 'maybe', disabled: true },
          ] }],
        },
      });
      return;
    case 'pick':
      await bot.respond(interaction, {
        type: 4,
        data: {
          content: 'Pick',
          components: [{ type: 1, components: [{
            type: 3, custom_id: 'menu', min_values: 1, max_values: 2,
            options: [{ label: 'Alpha', value: 'a' }, { label: 'Beta', value: 'b' }, { label: 'Gamma', value: 'c' }],
          }] }],
        },
      });
      return;
    case 'report':
      await bot.respond(interaction, {
        type: 9,
        data: { custom_id: 'report-form', title: 'Report', components: [{ type: 1, components: [{ type: 4, custom_id: 'reason', label: 'Reason', style: 1, min_length: 3 }] }] },
      });
      return;
    case 'broken':
      await bot.respond(interaction, { type: 4, data: { embeds: [{ title: 'x'.repeat(300) }] } }).catch(() => undefined);
      return;
    case 'admin':
      await bot.respond(interaction, { type: 4, data: { content: 'admin only' } });
      return;
    case 'greet':
      await bot.respond(interaction, { type: 4, data: { content: `hello ${Object.values(resolved?.users ?? {})[0]?.username ?? '?'}` } });
      return;
    case 'size': {
      // As a bot reads a file option: from the URL in data.resolved.attachments, with no token.
      const file = Object.values((data.resolved as { attachments?: Record<string, { filename: string; content_type?: string; url: string }> } | undefined)?.attachments ?? {})[0];
      const bytes = file ? Buffer.from(await (await fetch(file.url)).arrayBuffer()) : Buffer.alloc(0);
      await bot.respond(interaction, { type: 4, data: { content: `${file?.filename ?? '?'} (${file?.content_type ?? 'no type'}): ${bytes.length} bytes, ${bytes.toString('hex').slice(0, 16)}: ${bytes.toString('utf8')}` } });
      return;
    }
    case 'Wave':
      await bot.respond(interaction, { type: 4, data: { content: `waves at ${Object.values(resolved?.users ?? {})[0]?.username ?? '?'}` } });
      return;
    case 'Quote':
      await bot.respond(interaction, { type: 4, data: { content: `> ${Object.values(resolved?.messages ?? {})[0]?.content ?? '?'}` } });
      return;
    default:
  }
}

/** Connects the bench's Demo Bot with the commands above registered. */
export async function drivenBot(bench: Bench): Promise<ScriptedBot> {
  const app = bench.app('Demo Bot');
  const bot = await ScriptedBot.connect(bench.url, app.id, app.token, answer);
  await bot.registerCommands(DRIVEN_COMMANDS);
  return bot;
}
