// The matrix bot for discord.js v14, written as its guide writes bots: a Client with the
// Guilds intent, commands registered with `application.commands.set` (bulk overwrite) and
// `guild.commands.create` (single create), one `interactionCreate` handler.
// Pointed at Slashbench by one option: `rest.api` (README.md beside this folder: the contract).
import {
  ActionRowBuilder, ApplicationCommandOptionType, AttachmentBuilder, ApplicationCommandType, ButtonBuilder, ButtonStyle, Client, Events,
  GatewayIntentBits, ModalBuilder, TextInputBuilder, TextInputStyle,
} from 'discord.js';

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

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${process.env.SLASHBENCH_URL}/api` } });

async function handle(interaction) {
  if (interaction.isAutocomplete()) {
    const typed = interaction.options.getFocused();
    await interaction.respond(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
  } else if (interaction.isChatInputCommand()) {
    switch (interaction.commandName) {
      case 'echo': {
        const text = interaction.options.getString('text', true);
        const times = interaction.options.getInteger('times') ?? 1;
        await interaction.reply(`You said: ${Array(times).fill(text).join(' ')}`);
        break;
      }
      case 'slow':
        await interaction.deferReply();
        await interaction.editReply('Done thinking.');
        await interaction.followUp('And one more thing.');
        break;
      case 'buttons': {
        const hello = new ButtonBuilder().setCustomId('hello').setLabel('Hello').setStyle(ButtonStyle.Primary);
        await interaction.reply({ content: 'Press the button', components: [new ActionRowBuilder().addComponents(hello)] });
        break;
      }
      case 'ask': {
        const reason = new TextInputBuilder().setCustomId('reason').setLabel('Reason').setStyle(TextInputStyle.Short).setRequired(true);
        const modal = new ModalBuilder().setCustomId('feedback').setTitle('Feedback').addComponents(new ActionRowBuilder().addComponents(reason));
        await interaction.showModal(modal);
        break;
      }
      case 'report': {
        const file = new AttachmentBuilder(Buffer.from('Report: all good\n'), { name: 'report.txt' });
        await interaction.reply({ content: 'Here is the report', files: [file] });
        break;
      }
      case 'ping':
        await interaction.reply('Pong!');
        break;
    }
  } else if (interaction.isUserContextMenuCommand()) {
    await interaction.reply(`${interaction.user.username} waves at ${interaction.targetUser.username}`);
  } else if (interaction.isMessageContextMenuCommand()) {
    await interaction.reply(`Quoted: ${interaction.targetMessage.content}`);
  } else if (interaction.isButton() && interaction.customId === 'hello') {
    await interaction.reply(`Hello, ${interaction.user.username}!`);
  } else if (interaction.isModalSubmit() && interaction.customId === 'feedback') {
    await interaction.reply(`Thanks for the feedback: ${interaction.fields.getTextInputValue('reason')}`);
  }
}

client.on(Events.InteractionCreate, (interaction) => {
  handle(interaction).catch((error) => console.error(`HANDLER-ERROR ${error?.stack ?? error}`));
});

client.once(Events.ClientReady, async (ready) => {
  await ready.application.commands.set(GLOBAL);
  const guild = await ready.guilds.fetch(process.env.GUILD_ID);
  await guild.commands.create({ name: 'ping', description: 'Checks the bot' });
  const global = await ready.application.commands.fetch();
  const local = await guild.commands.fetch();
  const names = (commands) => [...commands.values()].map((command) => command.name).sort();
  console.log(`READY ${JSON.stringify({ global: names(global), guild: names(local) })}`);
});

process.on('SIGTERM', () => void client.destroy().then(() => process.exit(0)));
await client.login(process.env.BOT_TOKEN);
