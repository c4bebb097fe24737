// A discord.js v14 bot written the ordinary way, as a module a test can start: the only
// Slashbench-specific part is where its REST client points. Run it on its own with
//
//   SLASHBENCH_URL=http://127.0.0.1:8484 BOT_TOKEN=<the app's bot token> node examples/discordjs-vitest/bot.mjs
//
// and test it with `npx vitest run` in this folder (bot.test.mjs).
import { pathToFileURL } from 'node:url';
import {
  ActionRowBuilder, ApplicationCommandOptionType, ApplicationCommandType, ButtonBuilder, ButtonStyle, Client, Events,
  GatewayIntentBits, MessageFlags, ModalBuilder, TextInputBuilder, TextInputStyle,
} from 'discord.js';

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

export const COMMANDS = [
  { name: 'hello', description: 'Says hello', options: [{ type: ApplicationCommandOptionType.String, name: 'name', description: 'Who to greet' }] },
  { name: 'poll', description: 'Asks a yes or no question', options: [{ type: ApplicationCommandOptionType.String, name: 'question', description: 'The question', required: true }] },
  { name: 'feedback', description: 'Opens a feedback form' },
  { name: 'fruit', description: 'Picks a fruit', options: [{ type: ApplicationCommandOptionType.String, name: 'name', description: 'The fruit', autocomplete: true, required: true }] },
  { name: 'wordcount', description: 'Counts the words of a text file', options: [{ type: ApplicationCommandOptionType.Attachment, name: 'file', description: 'A text file', required: true }] },
  { name: 'High five', type: ApplicationCommandType.User },
];

async function onCommand(interaction) {
  switch (interaction.commandName) {
    case 'hello':
      return interaction.reply(`Hello, ${interaction.options.getString('name') ?? interaction.user.username}!`);
    case 'poll': {
      const row = new ActionRowBuilder().addComponents(
        new ButtonBuilder().setCustomId('poll:yes').setLabel('Yes').setStyle(ButtonStyle.Success),
        new ButtonBuilder().setCustomId('poll:no').setLabel('No').setStyle(ButtonStyle.Danger),
      );
      return interaction.reply({ content: interaction.options.getString('question'), components: [row] });
    }
    case 'feedback': {
      const modal = new ModalBuilder().setCustomId('feedback').setTitle('Feedback');
      const text = new TextInputBuilder().setCustomId('text').setLabel('What do you think?').setStyle(TextInputStyle.Paragraph);
      return interaction.showModal(modal.addComponents(new ActionRowBuilder().addComponents(text)));
    }
    case 'fruit':
      return interaction.reply(`You picked ${interaction.options.getString('name')}.`);
    case 'wordcount': {
      // A file option's bytes are at its URL, as on Discord's CDN: no token needed.
      const file = interaction.options.getAttachment('file');
      const text = await (await fetch(file.url)).text();
      return interaction.reply(`${file.name}: ${file.size} bytes, ${text.split(/\s+/).filter(Boolean).length} words.`);
    }
    default:
  }
}

async function onInteraction(interaction) {
  if (interaction.isChatInputCommand()) return onCommand(interaction);
  if (interaction.isAutocomplete()) {
    const typed = interaction.options.getFocused();
    return interaction.respond(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
  }
  if (interaction.isUserContextMenuCommand()) return interaction.reply(`${interaction.user.username} high-fived ${interaction.targetUser.username}!`);
  if (interaction.isButton() && interaction.customId.startsWith('poll:')) {
    const answer = interaction.customId === 'poll:yes' ? 'Yes' : 'No';
    return interaction.update({ content: `${interaction.message.content} ${interaction.user.username} said ${answer}.`, components: [] });
  }
  if (interaction.isModalSubmit() && interaction.customId === 'feedback') {
    return interaction.reply({ content: `Thanks, ${interaction.user.username}: "${interaction.fields.getTextInputValue('text')}"`, flags: MessageFlags.Ephemeral });
  }
}

/** Logs the bot in against `url` (the registry's address), registers its commands, and resolves once it is ready. */
export async function startBot({ url, token }) {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${url}/api` } });
  client.on(Events.InteractionCreate, (interaction) => {
    onInteraction(interaction).catch((error) => console.error('the bot failed an interaction:', error));
  });
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(token);
  await ready;
  await client.application.commands.set(COMMANDS);
  return client;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const client = await startBot({ url: process.env.SLASHBENCH_URL ?? 'http://127.0.0.1:8484', token: process.env.BOT_TOKEN });
  console.log(`ready: ${COMMANDS.length} commands registered for application ${client.application.id}`);
  process.once('SIGTERM', () => client.destroy().then(() => process.exit(0)));
}
