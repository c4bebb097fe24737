// The matrix bot for discordeno, written as its docs (website/docs/examples/node.md) and its
// beginner example (examples/beginner) write one: `createBot` with the token, the intents, the
// desired properties the bot reads and its event handlers, commands registered with the
// bot's helpers once it is ready, and `await bot.start()`, which asks `GET /gateway/bot` for
// the gateway's URL.
// Pointed at Slashbench by one option: `rest.proxy.baseUrl`, discordeno's documented base URL
// of the API (its default is `https://discord.com/api`; README.md beside this folder: the contract).
import {
  ApplicationCommandOptionTypes, ApplicationCommandTypes, ButtonStyles, InteractionTypes, MessageComponentTypes, TextStyles,
  commandOptionsParser, createBot,
} from '@discordeno/bot';

const { SLASHBENCH_URL, BOT_TOKEN, GUILD_ID } = process.env;

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

const GLOBAL = [
  {
    name: 'echo', description: 'Says it back', type: ApplicationCommandTypes.ChatInput, options: [
      { type: ApplicationCommandOptionTypes.String, name: 'text', description: 'What to say', required: true },
      { type: ApplicationCommandOptionTypes.Integer, name: 'times', description: 'How many times', minValue: 1, maxValue: 3 },
      { type: ApplicationCommandOptionTypes.String, name: 'fruit', description: 'A fruit', autocomplete: true },
    ],
  },
  { name: 'slow', description: 'Thinks before it answers', type: ApplicationCommandTypes.ChatInput },
  { name: 'buttons', description: 'Shows a button', type: ApplicationCommandTypes.ChatInput },
  { name: 'ask', description: 'Asks for feedback', type: ApplicationCommandTypes.ChatInput },
  { name: 'report', description: 'Sends a report', type: ApplicationCommandTypes.ChatInput },
  { name: 'Wave', type: ApplicationCommandTypes.User },
  { name: 'Quote', type: ApplicationCommandTypes.Message },
];

async function onCommand(interaction) {
  const options = commandOptionsParser(interaction);
  switch (interaction.data.name) {
    case 'echo':
      return interaction.respond(`You said: ${Array(options.times ?? 1).fill(options.text).join(' ')}`);
    case 'slow':
      await interaction.defer();
      await interaction.edit('Done thinking.');
      return interaction.respond('And one more thing.'); // once answered, `respond` sends a follow-up
    case 'buttons':
      return interaction.respond({
        content: 'Press the button',
        components: [{
          type: MessageComponentTypes.ActionRow,
          components: [{ type: MessageComponentTypes.Button, style: ButtonStyles.Primary, label: 'Hello', customId: 'hello' }],
        }],
      });
    case 'ask':
      return interaction.respond({
        customId: 'feedback', title: 'Feedback',
        components: [{
          type: MessageComponentTypes.ActionRow,
          components: [{ type: MessageComponentTypes.InputText, customId: 'reason', label: 'Reason', style: TextStyles.Short, required: true }],
        }],
      });
    case 'report':
      return interaction.respond({
        content: 'Here is the report', files: [{ name: 'report.txt', blob: new Blob(['Report: all good\n']) }],
      });
    case 'ping':
      return interaction.respond('Pong!');
    // `data.resolved` holds the user or message a context-menu command was used on.
    case 'Wave':
      return interaction.respond(`${interaction.user.username} waves at ${interaction.data.resolved.users.get(interaction.data.targetId).username}`);
    case 'Quote':
      return interaction.respond(`Quoted: ${interaction.data.resolved.messages.get(interaction.data.targetId).content}`);
  }
  return undefined;
}

async function onInteraction(interaction) {
  switch (interaction.type) {
    case InteractionTypes.ApplicationCommand:
      return onCommand(interaction);
    case InteractionTypes.ApplicationCommandAutocomplete: {
      const typed = String(interaction.data.options.find((option) => option.focused)?.value ?? '');
      return interaction.respond({ choices: FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })) });
    }
    case InteractionTypes.MessageComponent:
      if (interaction.data.customId !== 'hello') return undefined;
      return interaction.respond(`Hello, ${interaction.user.username}!`);
    case InteractionTypes.ModalSubmit: {
      if (interaction.data.customId !== 'feedback') return undefined;
      const reason = interaction.data.components.flatMap((row) => row.components).find((input) => input.customId === 'reason').value;
      return interaction.respond(`Thanks for the feedback: ${reason}`);
    }
  }
  return undefined;
}

const bot = createBot({
  token: BOT_TOKEN,
  intents: 0, // No intents are needed for interactions.
  rest: { proxy: { baseUrl: `${SLASHBENCH_URL}/api` } },
  desiredProperties: {
    interaction: { id: true, type: true, data: true, token: true, user: true, guildId: true, channelId: true },
    user: { id: true, username: true },
    message: { id: true, content: true },
  },
  events: {
    interactionCreate(interaction) {
      // discordeno's request errors carry the API's answer in `cause`.
      onInteraction(interaction).catch((error) => console.error(`HANDLER-ERROR ${error?.stack ?? error} ${JSON.stringify(error?.cause ?? '')}`));
    },
    async ready() {
      try {
        await bot.helpers.upsertGlobalApplicationCommands(GLOBAL);
        await bot.helpers.createGuildApplicationCommand({ name: 'ping', description: 'Checks the bot', type: ApplicationCommandTypes.ChatInput }, GUILD_ID);
        const global = await bot.helpers.getGlobalApplicationCommands();
        const guild = await bot.helpers.getGuildApplicationCommands(GUILD_ID);
        const names = (commands) => commands.map((command) => command.name).sort();
        console.log(`READY ${JSON.stringify({ global: names(global), guild: names(guild) })}`);
      } catch (error) {
        console.error(`HANDLER-ERROR registration failed: ${error?.stack ?? error} ${JSON.stringify(error?.cause ?? '')}`);
      }
    },
  },
});

await bot.start();
