/**
 * The Example Bot's commands for the keyboard tour and the accessibility checks
 * (test/e2e/keyboard.test.ts, accessibility.test.ts): messages with a string select and a
 * user select, a
 * MESSAGE and a USER command, a modal, and `/survey`, whose nine options of every kind (one
 * with autocomplete) must fit the composer of a 1280x720 window as chips.
 */
import type { InteractionHandler } from '../helpers/scripted-bot.js';
import { FEEDBACK_MODAL, leafValues, submittedValue } from './example-app.js';

/** The string select's values, in order. */
export const FLAVOURS = ['vanilla', 'chocolate', 'strawberry'];

/** What the bot suggests for `/survey`'s note, those containing what was typed. */
export const NOTES = ['all good', 'a question', 'an idea', 'nothing else'];

/** The commands the bot registers for the tour. */
export const TOUR_COMMANDS = [
  { name: 'menu', description: 'Answer with a string select' },
  { name: 'people', description: 'Answer with a user select' },
  { type: 3, name: 'Quote' },
  { type: 2, name: 'Wave' },
  { name: 'feedback', description: 'Tell the app what you think (a modal)' },
  {
    name: 'survey', description: 'Nine questions at once',
    options: [
      { type: 3, name: 'name', description: 'Your name', required: true, min_length: 2, max_length: 32 },
      { type: 4, name: 'age', description: 'Your age', required: true, min_value: 1, max_value: 150 },
      { type: 3, name: 'colour', description: 'A colour', required: true, choices: [{ name: 'Red', value: 'red' }, { name: 'Blue', value: 'blue' }] },
      { type: 6, name: 'friend', description: 'A friend' },
      { type: 7, name: 'where', description: 'A text channel', channel_types: [0] },
      { type: 8, name: 'team', description: 'A role' },
      { type: 5, name: 'subscribe', description: 'Get news' },
      { type: 10, name: 'score', description: 'A score', min_value: 0, max_value: 10 },
      { type: 3, name: 'note', description: 'Anything else', max_length: 200, autocomplete: true },
    ],
  },
];

/** The message `/people` answers with: a user select, searchable in the client. */
export const PEOPLE_ROWS = [{ type: 1, components: [{ type: 5, custom_id: 'person', placeholder: 'Pick someone' }] }];

/** The message `/menu` answers with. */
export const MENU_ROWS = [
  { type: 1, components: [{ type: 3, custom_id: 'flavour', placeholder: 'Pick a flavour', options: FLAVOURS.map((value) => ({ label: value, value })) }] },
];

/** How the bot answers each of them. */
export function tourHandler(): InteractionHandler {
  return async (interaction, bot) => {
    const data = interaction.data as { type?: number; name?: string; target_id?: string; values?: string[]; resolved?: Record<string, Record<string, { content?: string; username?: string }>> };
    const answer = (content: string, extra: Record<string, unknown> = {}) => bot.respond(interaction, { type: 4, data: { content, ...extra } });
    if (interaction.type === 4) {
      const typed = String(leafValues(interaction.data).note?.value ?? '');
      await bot.respond(interaction, { type: 8, data: { choices: NOTES.filter((note) => note.includes(typed)).map((note) => ({ name: note, value: note })) } });
      return;
    }
    if (interaction.type === 3) {
      const names = (data.values ?? []).map((value) => data.resolved?.users?.[value]?.username ?? value);
      await answer(`You chose ${names.join(', ')}`);
      return;
    }
    if (interaction.type === 5) {
      await answer(`Thanks for your feedback: ${submittedValue(interaction.data, 'subject') ?? '?'}`);
      return;
    }
    if (data.type === 3) {
      await answer(`Quoted: "${data.resolved?.messages?.[String(data.target_id)]?.content ?? '?'}"`);
      return;
    }
    if (data.type === 2) {
      await answer(`Waving at ${data.resolved?.users?.[String(data.target_id)]?.username ?? '?'}`);
      return;
    }
    switch (data.name) {
      case 'menu':
        await answer('Pick a flavour below.', { components: MENU_ROWS });
        return;
      case 'people':
        await answer('Pick someone below.', { components: PEOPLE_ROWS });
        return;
      case 'feedback':
        await bot.respond(interaction, { type: 9, data: FEEDBACK_MODAL });
        return;
      case 'survey': {
        const values = leafValues(interaction.data);
        await answer(`Survey from ${String(values.name?.value)}, ${String(values.age?.value)}, ${String(values.colour?.value)}`);
        return;
      }
      default:
        await answer(`Done: /${String(data.name)}`);
    }
  };
}
