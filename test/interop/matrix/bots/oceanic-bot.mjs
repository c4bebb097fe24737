// The matrix bot for oceanic.js: a gateway bot written the way the library's README and
// its examples (OceanicJS/Oceanic, examples/applicationCommand.js, interactions.js,
// components.js, modals.js) write one — a `Client` with `auth: 'Bot …'` and no intents,
// commands registered through `client.application` once the client is ready, and one
// `interactionCreate` listener switching on the interaction's type.
// The one change from a production bot: `rest.baseURL`, the library's documented option
// for the API's root, comes from SLASHBENCH_URL.
import {
  ApplicationCommandOptionTypes,
  ApplicationCommandTypes,
  ButtonStyles,
  Client,
  ComponentTypes,
  InteractionTypes,
  TextInputStyles,
} from 'oceanic.js';

const { SLASHBENCH_URL, BOT_TOKEN, GUILD_ID } = process.env;

const client = new Client({
  auth: `Bot ${BOT_TOKEN}`,
  gateway: {
    intents: 0, // No intents are needed when only using interactions.
  },
  rest: {
    baseURL: `${SLASHBENCH_URL}/api/v10`,
  },
});

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

const GLOBAL_COMMANDS = [
  {
    type: ApplicationCommandTypes.CHAT_INPUT,
    name: 'echo',
    description: 'Says it back',
    options: [
      { type: ApplicationCommandOptionTypes.STRING, name: 'text', description: 'What to say', required: true },
      { type: ApplicationCommandOptionTypes.INTEGER, name: 'times', description: 'How many times', minValue: 1, maxValue: 3 },
      { type: ApplicationCommandOptionTypes.STRING, name: 'fruit', description: 'A fruit', autocomplete: true },
    ],
  },
  { type: ApplicationCommandTypes.CHAT_INPUT, name: 'slow', description: 'Thinks before it answers' },
  { type: ApplicationCommandTypes.CHAT_INPUT, name: 'buttons', description: 'Shows a button' },
  { type: ApplicationCommandTypes.CHAT_INPUT, name: 'ask', description: 'Asks for feedback' },
  { type: ApplicationCommandTypes.CHAT_INPUT, name: 'report', description: 'Sends a report' },
  { type: ApplicationCommandTypes.USER, name: 'Wave' },
  { type: ApplicationCommandTypes.MESSAGE, name: 'Quote' },
];

client.once('ready', async () => {
  try {
    await client.application.bulkEditGlobalCommands(GLOBAL_COMMANDS);
    await client.application.createGuildCommand(GUILD_ID, {
      type: ApplicationCommandTypes.CHAT_INPUT,
      name: 'ping',
      description: 'Checks the bot',
    });
    const global = await client.application.getGlobalCommands();
    const guild = await client.application.getGuildCommands(GUILD_ID);
    const names = (commands) => commands.map((command) => command.name).sort();
    console.log(`READY ${JSON.stringify({ global: names(global), guild: names(guild) })}`);
  } catch (error) {
    console.error('HANDLER-ERROR registration failed:', error);
  }
});

async function onCommand(interaction) {
  switch (interaction.data.type) {
    case ApplicationCommandTypes.CHAT_INPUT: {
      switch (interaction.data.name) {
        case 'echo': {
          const text = interaction.data.options.getString('text', true);
          const times = interaction.data.options.getInteger('times') ?? 1;
          return interaction.createMessage({ content: `You said: ${Array(times).fill(text).join(' ')}` });
        }
        case 'slow': {
          await interaction.defer();
          await interaction.editOriginal({ content: 'Done thinking.' });
          return interaction.createFollowup({ content: 'And one more thing.' });
        }
        case 'report':
          return interaction.createMessage({
            content: 'Here is the report',
            files: [{ name: 'report.txt', contents: Buffer.from('Report: all good\n') }],
          });
        case 'buttons':
          return interaction.createMessage({
            content: 'Press the button',
            components: [
              {
                type: ComponentTypes.ACTION_ROW,
                components: [{ type: ComponentTypes.BUTTON, style: ButtonStyles.PRIMARY, label: 'Hello', customID: 'hello' }],
              },
            ],
          });
        case 'ask':
          // Modals are an initial response, so they cannot follow a defer.
          return interaction.createModal({
            customID: 'feedback',
            title: 'Feedback',
            components: [
              {
                type: ComponentTypes.ACTION_ROW,
                components: [{ type: ComponentTypes.TEXT_INPUT, customID: 'reason', label: 'Reason', style: TextInputStyles.SHORT, required: true }],
              },
            ],
          });
        case 'ping':
          return interaction.createMessage({ content: 'Pong!' });
      }
      return undefined;
    }
    // `data.target` is the user or message the context-menu command was used on.
    case ApplicationCommandTypes.USER:
      if (interaction.data.name === 'Wave') {
        return interaction.createMessage({ content: `${interaction.user.username} waves at ${interaction.data.target.username}` });
      }
      return undefined;
    case ApplicationCommandTypes.MESSAGE:
      if (interaction.data.name === 'Quote') {
        return interaction.createMessage({ content: `Quoted: ${interaction.data.target.content}` });
      }
      return undefined;
  }
  return undefined;
}

async function onInteraction(interaction) {
  switch (interaction.type) {
    case InteractionTypes.APPLICATION_COMMAND:
      return onCommand(interaction);
    case InteractionTypes.APPLICATION_COMMAND_AUTOCOMPLETE: {
      // Autocomplete interactions cannot be deferred: `result` is their only answer.
      if (interaction.data.name !== 'echo') return undefined;
      const focused = interaction.data.options.getFocused(true);
      const typed = String(focused.value);
      return interaction.result(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
    }
    case InteractionTypes.MESSAGE_COMPONENT:
      if (interaction.data.componentType === ComponentTypes.BUTTON && interaction.data.customID === 'hello') {
        return interaction.createMessage({ content: `Hello, ${interaction.user.username}!` });
      }
      return undefined;
    case InteractionTypes.MODAL_SUBMIT:
      if (interaction.data.customID === 'feedback') {
        const reason = interaction.data.components.getTextInput('reason', true);
        return interaction.createMessage({ content: `Thanks for the feedback: ${reason}` });
      }
      return undefined;
  }
  return undefined;
}

client.on('interactionCreate', async (interaction) => {
  try {
    await onInteraction(interaction);
  } catch (error) {
    console.error('HANDLER-ERROR', error);
  }
});

// Without an error listener, any error is thrown as an uncaught one and ends the process.
client.on('error', (error) => {
  console.error('Something went wrong:', error);
});

client.connect();
