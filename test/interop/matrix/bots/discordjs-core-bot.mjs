// The matrix bot for @discordjs/core with @discordjs/ws and @discordjs/rest, written as
// @discordjs/core's README writes a bot: a REST manager, a WebSocketManager given that REST
// manager (it asks `GET /gateway/bot` through it), a core Client over both, and one
// InteractionCreate listener answering through the event's `api`.
// Pointed at Slashbench by one option: the REST manager's `api` (README.md beside this folder:
// the contract).
import { REST } from '@discordjs/rest';
import { WebSocketManager } from '@discordjs/ws';
import {
  ApplicationCommandOptionType, ApplicationCommandType, ButtonStyle, Client, ComponentType, GatewayDispatchEvents,
  InteractionType, TextInputStyle,
} from '@discordjs/core';

const { SLASHBENCH_URL, BOT_TOKEN, GUILD_ID } = process.env;

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

const GLOBAL = [
  {
    name: 'echo', description: 'Says it back', options: [
      { type: ApplicationCommandOptionType.String, name: 'text', description: 'What to say', required: true },
      { type: ApplicationCommandOptionType.Integer, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
      { type: ApplicationCommandOptionType.String, name: 'fruit', description: 'A fruit', autocomplete: true },
    ],
  },
  { name: 'slow', description: 'Thinks before it answers' },
  { name: 'buttons', description: 'Shows a button' },
  { name: 'ask', description: 'Asks for feedback' },
  { name: 'report', description: 'Sends a report' },
  { name: 'Wave', type: ApplicationCommandType.User },
  { name: 'Quote', type: ApplicationCommandType.Message },
];

// Create REST and WebSocket managers directly
const rest = new REST({ version: '10', api: `${SLASHBENCH_URL}/api` }).setToken(BOT_TOKEN);
const gateway = new WebSocketManager({ token: BOT_TOKEN, intents: 0, rest });
const client = new Client({ rest, gateway });

const option = (interaction, name) => interaction.data.options?.find((entry) => entry.name === name)?.value;

async function onCommand(interaction, api) {
  const { id, token, application_id: applicationId, data } = interaction;
  switch (data.name) {
    case 'echo': {
      const times = option(interaction, 'times') ?? 1;
      return api.interactions.reply(id, token, { content: `You said: ${Array(times).fill(option(interaction, 'text')).join(' ')}` });
    }
    case 'slow':
      await api.interactions.defer(id, token);
      await api.interactions.editReply(applicationId, token, { content: 'Done thinking.' });
      return api.interactions.followUp(applicationId, token, { content: 'And one more thing.' });
    case 'buttons':
      return api.interactions.reply(id, token, {
        content: 'Press the button',
        components: [{
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Hello', custom_id: 'hello' }],
        }],
      });
    case 'ask':
      return api.interactions.createModal(id, token, {
        custom_id: 'feedback', title: 'Feedback',
        components: [{
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.TextInput, custom_id: 'reason', label: 'Reason', style: TextInputStyle.Short, required: true }],
        }],
      });
    case 'report':
      return api.interactions.reply(id, token, {
        content: 'Here is the report', files: [{ name: 'report.txt', data: Buffer.from('Report: all good\n') }],
      });
    case 'ping':
      return api.interactions.reply(id, token, { content: 'Pong!' });
    case 'Wave': {
      const target = data.resolved.users[data.target_id];
      return api.interactions.reply(id, token, { content: `${(interaction.member?.user ?? interaction.user).username} waves at ${target.username}` });
    }
    case 'Quote':
      return api.interactions.reply(id, token, { content: `Quoted: ${data.resolved.messages[data.target_id].content}` });
  }
  return undefined;
}

async function onInteraction(interaction, api) {
  switch (interaction.type) {
    case InteractionType.ApplicationCommand:
      return onCommand(interaction, api);
    case InteractionType.ApplicationCommandAutocomplete: {
      const typed = String(interaction.data.options.find((entry) => entry.focused)?.value ?? '');
      const choices = FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit }));
      return api.interactions.createAutocompleteResponse(interaction.id, interaction.token, { choices });
    }
    case InteractionType.MessageComponent:
      if (interaction.data.custom_id !== 'hello') return undefined;
      return api.interactions.reply(interaction.id, interaction.token, { content: `Hello, ${(interaction.member?.user ?? interaction.user).username}!` });
    case InteractionType.ModalSubmit: {
      if (interaction.data.custom_id !== 'feedback') return undefined;
      const reason = interaction.data.components.flatMap((row) => row.components).find((input) => input.custom_id === 'reason').value;
      return api.interactions.reply(interaction.id, interaction.token, { content: `Thanks for the feedback: ${reason}` });
    }
  }
  return undefined;
}

// Each event carries an `api` along with its data, to answer through the REST API.
client.on(GatewayDispatchEvents.InteractionCreate, ({ data: interaction, api }) => {
  onInteraction(interaction, api).catch((error) => console.error(`HANDLER-ERROR ${error?.stack ?? error}`));
});

client.once(GatewayDispatchEvents.Ready, async ({ data: ready, api }) => {
  try {
    const applicationId = ready.application.id;
    await api.applicationCommands.bulkOverwriteGlobalCommands(applicationId, GLOBAL);
    await api.applicationCommands.createGuildCommand(applicationId, GUILD_ID, { name: 'ping', description: 'Checks the bot' });
    const global = await api.applicationCommands.getGlobalCommands(applicationId);
    const guild = await api.applicationCommands.getGuildCommands(applicationId, GUILD_ID);
    const names = (commands) => commands.map((command) => command.name).sort();
    console.log(`READY ${JSON.stringify({ global: names(global), guild: names(guild) })}`);
  } catch (error) {
    console.error(`HANDLER-ERROR registration failed: ${error?.stack ?? error}`);
  }
});

// Start the WebSocket connection.
gateway.connect();
