// A discord.js v14 bot written the ordinary way; the only Slashbench-specific line is the
// REST base URL. It registers /hello and answers it over the registry's gateway.
//
//   SLASHBENCH_URL=http://127.0.0.1:8484 BOT_TOKEN=<the app's bot token> node examples/hello-bot.mjs
import { ApplicationCommandOptionType, Client, Events, GatewayIntentBits } from 'discord.js';

const url = process.env.SLASHBENCH_URL ?? 'http://127.0.0.1:8484';
const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${url}/api` } });

client.once(Events.ClientReady, async () => {
  await client.application.commands.set([{
    name: 'hello',
    description: 'Says hello',
    options: [{ type: ApplicationCommandOptionType.String, name: 'name', description: 'Who to greet' }],
  }]);
  console.log(`ready: /hello registered for application ${client.application.id}`);
});

client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand() || interaction.commandName !== 'hello') return;
  await interaction.reply(`Hello, ${interaction.options.getString('name') ?? interaction.user.username}!`);
});

await client.login(process.env.BOT_TOKEN);
