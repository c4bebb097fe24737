// The matrix bot for eris, written as eris's README and its examples (abalabahaha/eris,
// examples/applicationCommands.js, components.js) write one: `new Eris('Bot TOKEN', options)`,
// commands registered once "ready" fires, one "interactionCreate" listener checking each
// interaction's class, and `bot.connect()`.
// Pointed at Slashbench by eris's documented REST options (README.md beside this folder: the
// contract): eris sends every request with `https.request` to `rest.domain` on port 443, so
// `rest.domain` names Slashbench's host and port (the Host header the registry builds its
// gateway URL from) and `rest.agent`, the HTTPS agent eris takes to route requests (as a proxy
// agent does), opens a plain TCP connection to that address instead of a TLS one.
import https from 'node:https';
import net from 'node:net';
import Eris, { AutocompleteInteraction, CommandInteraction, ComponentInteraction, Constants, ModalSubmitInteraction } from 'eris';

const { SLASHBENCH_URL, BOT_TOKEN, GUILD_ID } = process.env;
const slashbench = new URL(SLASHBENCH_URL);

/** An HTTPS agent for a server that speaks plain HTTP (Slashbench on loopback). */
class PlainAgent extends https.Agent {
  createConnection() {
    return net.connect(Number(slashbench.port), slashbench.hostname);
  }
}

const bot = new Eris(`Bot ${BOT_TOKEN}`, {
  intents: [],
  rest: { domain: slashbench.host, agent: new PlainAgent() },
});

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];
const { ApplicationCommandOptionTypes, ApplicationCommandTypes, ButtonStyles, ComponentTypes, TextInputStyles } = Constants;

const GLOBAL = [
  {
    name: 'echo', description: 'Says it back', type: ApplicationCommandTypes.CHAT_INPUT, options: [
      { type: ApplicationCommandOptionTypes.STRING, name: 'text', description: 'What to say', required: true },
      { type: ApplicationCommandOptionTypes.INTEGER, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
      { type: ApplicationCommandOptionTypes.STRING, name: 'fruit', description: 'A fruit', autocomplete: true },
    ],
  },
  { name: 'slow', description: 'Thinks before it answers', type: ApplicationCommandTypes.CHAT_INPUT },
  { name: 'buttons', description: 'Shows a button', type: ApplicationCommandTypes.CHAT_INPUT },
  { name: 'ask', description: 'Asks for feedback', type: ApplicationCommandTypes.CHAT_INPUT },
  { name: 'report', description: 'Sends a report', type: ApplicationCommandTypes.CHAT_INPUT },
  { name: 'Wave', type: ApplicationCommandTypes.USER },
  { name: 'Quote', type: ApplicationCommandTypes.MESSAGE },
];

const option = (interaction, name) => interaction.data.options?.find((entry) => entry.name === name)?.value;
const username = (interaction) => (interaction.member ?? interaction.user).username;

async function onCommand(interaction) {
  switch (interaction.data.name) {
    case 'echo':
      return interaction.createMessage(`You said: ${Array(option(interaction, 'times') ?? 1).fill(option(interaction, 'text')).join(' ')}`);
    case 'slow':
      await interaction.defer();
      await interaction.editOriginalMessage('Done thinking.');
      return interaction.createFollowup('And one more thing.');
    case 'buttons':
      return interaction.createMessage({
        content: 'Press the button',
        components: [{
          type: ComponentTypes.ACTION_ROW,
          components: [{ type: ComponentTypes.BUTTON, style: ButtonStyles.PRIMARY, label: 'Hello', custom_id: 'hello' }],
        }],
      });
    case 'ask':
      return interaction.createModal({
        custom_id: 'feedback', title: 'Feedback',
        components: [{
          type: ComponentTypes.ACTION_ROW,
          components: [{ type: ComponentTypes.TEXT_INPUT, custom_id: 'reason', label: 'Reason', style: TextInputStyles.SHORT, required: true }],
        }],
      });
    case 'report':
      return interaction.createMessage('Here is the report', { name: 'report.txt', file: Buffer.from('Report: all good\n') });
    case 'ping':
      return interaction.createMessage('Pong!');
    // `data.resolved` holds the user or message a context-menu command was used on.
    case 'Wave':
      return interaction.createMessage(`${username(interaction)} waves at ${interaction.data.resolved.users.get(interaction.data.target_id).username}`);
    case 'Quote':
      return interaction.createMessage(`Quoted: ${interaction.data.resolved.messages.get(interaction.data.target_id).content}`);
  }
  return undefined;
}

async function onInteraction(interaction) {
  if (interaction instanceof CommandInteraction) return onCommand(interaction);
  if (interaction instanceof AutocompleteInteraction) {
    const typed = String(interaction.data.options.find((entry) => entry.focused)?.value ?? '');
    return interaction.result(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
  }
  if (interaction instanceof ComponentInteraction && interaction.data.custom_id === 'hello') {
    return interaction.createMessage(`Hello, ${username(interaction)}!`);
  }
  if (interaction instanceof ModalSubmitInteraction && interaction.data.custom_id === 'feedback') {
    const reason = interaction.data.components.flatMap((row) => row.components).find((input) => input.custom_id === 'reason').value;
    return interaction.createMessage(`Thanks for the feedback: ${reason}`);
  }
  return undefined;
}

bot.on('interactionCreate', (interaction) => {
  onInteraction(interaction).catch((error) => console.error(`HANDLER-ERROR ${error?.stack ?? error}`));
});

bot.once('ready', async () => {
  try {
    await bot.bulkEditCommands(GLOBAL);
    await bot.createGuildCommand(GUILD_ID, { name: 'ping', description: 'Checks the bot', type: ApplicationCommandTypes.CHAT_INPUT });
    const names = (commands) => commands.map((command) => command.name).sort();
    const global = await bot.getCommands();
    const guild = await bot.getGuildCommands(GUILD_ID);
    console.log(`READY ${JSON.stringify({ global: names(global), guild: names(guild) })}`);
  } catch (error) {
    console.error(`HANDLER-ERROR registration failed: ${error?.stack ?? error}`);
  }
});

bot.on('error', (error) => {
  console.error(error); // or your preferred logger
});

bot.connect(); // Get the bot to connect to Discord
