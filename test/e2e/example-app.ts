/**
 * The app the client's end-to-end tests talk to: its commands (options of every kind,
 * subcommands in a group, localized names, autocomplete, a permission-gated one, a USER and
 * a MESSAGE command, one that answers with a modal) and how its bot answers each of them.
 */
import type { Gates, Interaction, InteractionHandler } from '../helpers/scripted-bot.js';

export const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry', 'grape', 'mango'];

export const COMMANDS = [
  {
    name: 'ping', description: 'Check that the bot answers',
    name_localizations: { fr: 'ping' }, description_localizations: { fr: 'Vérifier que le bot répond' },
  },
  {
    name: 'echo', description: 'Repeat some text',
    options: [
      { type: 3, name: 'text', description: 'What to repeat', required: true, min_length: 2, max_length: 50 },
      { type: 4, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
      { type: 5, name: 'loud', description: 'In capitals' },
    ],
  },
  {
    name: 'fruit', description: 'Pick a fruit',
    options: [
      { type: 3, name: 'name', description: 'The fruit', required: true, autocomplete: true },
      { type: 3, name: 'vegetable', description: 'A vegetable (the bot never suggests one)', autocomplete: true },
    ],
  },
  { name: 'slow', description: 'Think before answering' },
  { name: 'ignore', description: 'Never answered: the deadline passes' },
  { name: 'secret', description: 'Answer only you can see' },
  {
    name: 'hello', description: 'Say hello',
    name_localizations: { fr: 'bonjour', ja: 'こんにちは' },
    description_localizations: { fr: 'Dire bonjour', ja: '挨拶する' },
    options: [
      { type: 6, name: 'friend', description: 'Who to greet', required: true },
      { type: 7, name: 'where', description: 'A text channel', channel_types: [0] },
      { type: 3, name: 'mood', description: 'How', choices: [{ name: 'Happy', value: 'happy' }, { name: 'Grumpy', value: 'grumpy' }] },
    ],
  },
  {
    name: 'admin', description: 'Moderation', default_member_permissions: '32',
    options: [
      {
        type: 2, name: 'user', description: 'People', name_localizations: { fr: 'utilisateur' },
        options: [
          {
            type: 1, name: 'ban', description: 'Ban someone', name_localizations: { fr: 'bannir' },
            options: [{ type: 6, name: 'target', description: 'Who', required: true }, { type: 3, name: 'reason', description: 'Why' }],
          },
          { type: 1, name: 'warn', description: 'Warn someone', options: [{ type: 8, name: 'role', description: 'A role to warn', required: true }] },
        ],
      },
    ],
  },
  { type: 2, name: 'High five', name_localizations: { fr: 'Tape là' } },
  { type: 3, name: 'Quote' },
  { name: 'feedback', description: 'Tell the app what you think (a modal)' },
];

/** The modal `/feedback` answers with: a required short subject (3-40) and optional details. */
export const FEEDBACK_MODAL = {
  custom_id: 'feedback-form', title: 'Your feedback',
  components: [
    { type: 1, components: [{ type: 4, custom_id: 'subject', label: 'Subject', style: 1, required: true, min_length: 3, max_length: 40, placeholder: 'In a few words' }] },
    { type: 1, components: [{ type: 4, custom_id: 'details', label: 'Details', style: 2, required: false, max_length: 500 }] },
  ],
};

/** The value of one text input of a MODAL_SUBMIT's data. */
export function submittedValue(data: Record<string, unknown>, customId: string): string | undefined {
  const rows = (data.components ?? []) as Array<{ components?: Array<{ custom_id: string; value: string }> }>;
  return rows.flatMap((row) => row.components ?? []).find((input) => input.custom_id === customId)?.value;
}

/** The leaf options of an interaction's data, through any subcommand and group. */
export function leafValues(data: Record<string, unknown>): Record<string, { value: unknown; focused?: boolean }> {
  let options = (data.options ?? []) as Array<{ name: string; type: number; value?: unknown; focused?: boolean; options?: unknown[] }>;
  while (options.length > 0 && (options[0]?.type === 1 || options[0]?.type === 2)) options = (options[0]?.options ?? []) as typeof options;
  return Object.fromEntries(options.map((option) => [option.name, { value: option.value, ...(option.focused ? { focused: true } : {}) }]));
}

function answer(content: string, extra: Record<string, unknown> = {}) {
  return { type: 4, data: { content, ...extra } };
}

/** How the bot answers; `gates.wait('slow')` holds the deferred answer until the test opens it. */
export function exampleHandler(gates: Gates): InteractionHandler {
  return async (interaction: Interaction, bot) => {
    const values = leafValues(interaction.data);
    if (interaction.type === 4) {
      const focused = Object.entries(values).find(([, option]) => option.focused);
      if (!focused || focused[0] !== 'name') return; // no suggestions for vegetables: the deadline passes
      const typed = String(focused[1].value).toLowerCase();
      const choices = FRUITS.filter((fruit) => fruit.includes(typed)).map((fruit) => ({ name: fruit, value: fruit }));
      await bot.respond(interaction, { type: 8, data: { choices } });
      return;
    }
    if (interaction.type === 3) {
      await bot.respond(interaction, { type: 7, data: { content: 'Pong again!' } });
      return;
    }
    if (interaction.type === 5) {
      await bot.respond(interaction, answer(`Thanks for your feedback: ${submittedValue(interaction.data, 'subject') ?? '?'}`));
      return;
    }
    if (interaction.data.type === 2) {
      await bot.respond(interaction, answer(`High five, <@${String(interaction.data.target_id)}>!`));
      return;
    }
    if (interaction.data.type === 3) {
      const resolved = interaction.data.resolved as { messages?: Record<string, { content?: string }> } | undefined;
      const quoted = resolved?.messages?.[String(interaction.data.target_id)]?.content ?? '?';
      await bot.respond(interaction, answer(`Quoted: "${quoted}"`));
      return;
    }
    switch (interaction.data.name) {
      case 'ping':
        await bot.respond(interaction, answer('Pong!', {
          components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Again', custom_id: 'again' }] }],
        }));
        return;
      case 'echo': {
        const times = Number(values.times?.value ?? 1);
        const text = String(values.text?.value ?? '');
        const said = Array.from({ length: times }, () => (values.loud?.value ? text.toUpperCase() : text)).join(' ');
        await bot.respond(interaction, answer(said, {
          embeds: [{ title: 'Echo', description: `You said **${text}**`, color: 0x5865f2, fields: [{ name: 'times', value: String(times), inline: true }] }],
        }));
        return;
      }
      case 'fruit':
        await bot.respond(interaction, answer(`You picked ${String(values.name?.value)}`));
        return;
      case 'slow':
        await bot.respond(interaction, { type: 5 });
        await gates.wait('slow');
        await bot.editOriginal(interaction, { content: 'Done thinking.' });
        return;
      case 'ignore':
        return;
      case 'secret':
        await bot.respond(interaction, answer('Only for you.', { flags: 64 }));
        return;
      case 'feedback':
        await bot.respond(interaction, { type: 9, data: FEEDBACK_MODAL });
        return;
      case 'hello':
        await bot.respond(interaction, answer(`Hello <@${String(values.friend?.value)}>!`));
        return;
      default:
        await bot.respond(interaction, answer(`Done: /${String(interaction.data.name)}`));
    }
  };
}
