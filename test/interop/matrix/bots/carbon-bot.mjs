// The matrix bot for @buape/carbon, an HTTP-interactions framework, written as its guide
// (Getting Started, Basic Setup; Adapters, Node.js) and its Node demo (apps/rocko) write one:
// a class per command, component and modal, a `Client` with the app's credentials, carbon's
// fetch adapter served by `@hono/node-server`, and the commands deployed by visiting the
// client's own `/deploy?secret=…` route.
// Pointed at Slashbench by one option: `requestOptions.baseUrl`, the API root carbon's
// RequestClient calls (its default is `https://discord.com/api`; README.md beside this folder:
// the contract).
import {
  ApplicationCommandOptionType, ApplicationCommandType, Button, ButtonStyle, Client, Command, Modal, Routes, Row,
} from '@buape/carbon';
import { createHandler } from '@buape/carbon/adapters/fetch';
import { serve } from '@hono/node-server';
import { ComponentType, TextInputStyle } from 'discord-api-types/v10';

const { SLASHBENCH_URL, BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY, GUILD_ID, PORT } = process.env;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DEPLOY_SECRET = 'matrix-deploy-secret';

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

class EchoCommand extends Command {
  name = 'echo';
  description = 'Says it back';
  options = [
    { type: ApplicationCommandOptionType.String, name: 'text', description: 'What to say', required: true },
    { type: ApplicationCommandOptionType.Integer, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
    {
      type: ApplicationCommandOptionType.String, name: 'fruit', description: 'A fruit',
      autocomplete: async (interaction) => {
        const typed = String(interaction.options.getFocused()?.value ?? '');
        await interaction.respond(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
      },
    },
  ];

  async run(interaction) {
    const text = interaction.options.getString('text', true);
    const times = interaction.options.getInteger('times') ?? 1;
    await interaction.reply(`You said: ${Array(times).fill(text).join(' ')}`);
  }
}

class SlowCommand extends Command {
  name = 'slow';
  description = 'Thinks before it answers';

  async run(interaction) {
    await interaction.defer();
    await interaction.reply('Done thinking.'); // after a defer, `reply` edits the original response
    await interaction.followUp('And one more thing.');
  }
}

class HelloButton extends Button {
  customId = 'hello';
  label = 'Hello';
  style = ButtonStyle.Primary;

  async run(interaction) {
    await interaction.reply(`Hello, ${interaction.user.username}!`);
  }
}

class ButtonsCommand extends Command {
  name = 'buttons';
  description = 'Shows a button';
  components = [new HelloButton()];

  async run(interaction) {
    await interaction.reply({ content: 'Press the button', components: [new Row([new HelloButton()])] });
  }
}

// carbon's modal builders make only the newer Label-wrapped layout, and the contract asks for
// a text input inside an action row (the service's long-standing layout): the modal serializes
// to that API object, and the submission's rows are read as sent.
class FeedbackModal extends Modal {
  title = 'Feedback';
  customId = 'feedback';
  serialize = () => ({
    title: this.title,
    custom_id: this.customId,
    components: [{
      type: ComponentType.ActionRow,
      components: [{ type: ComponentType.TextInput, custom_id: 'reason', label: 'Reason', style: TextInputStyle.Short, required: true }],
    }],
  });

  async run(interaction) {
    const fields = interaction.rawData.data.components.flatMap((row) => row.components ?? []);
    await interaction.reply(`Thanks for the feedback: ${fields.find((field) => field.custom_id === 'reason')?.value}`);
  }
}

class AskCommand extends Command {
  name = 'ask';
  description = 'Asks for feedback';

  async run(interaction) {
    await interaction.showModal(new FeedbackModal());
  }
}

class ReportCommand extends Command {
  name = 'report';
  description = 'Sends a report';

  async run(interaction) {
    await interaction.reply({ content: 'Here is the report', files: [{ name: 'report.txt', data: new Blob(['Report: all good\n']) }] });
  }
}

class WaveCommand extends Command {
  name = 'Wave';
  description = '';
  type = ApplicationCommandType.User;

  async run(interaction) {
    await interaction.reply(`${interaction.user.username} waves at ${interaction.targetUser.username}`);
  }
}

class QuoteCommand extends Command {
  name = 'Quote';
  description = '';
  type = ApplicationCommandType.Message;

  async run(interaction) {
    await interaction.reply(`Quoted: ${interaction.targetMessage.content}`);
  }
}

class PingCommand extends Command {
  name = 'ping';
  description = 'Checks the bot';
  /** Only deploy this command to this guild. */
  guildIds = [GUILD_ID];

  async run(interaction) {
    await interaction.reply('Pong!');
  }
}

const ping = new PingCommand();
const client = new Client(
  {
    baseUrl: BASE_URL,
    deploySecret: DEPLOY_SECRET,
    clientId: APPLICATION_ID,
    publicKey: PUBLIC_KEY,
    token: BOT_TOKEN,
    requestOptions: { baseUrl: `${SLASHBENCH_URL}/api` },
  },
  {
    commands: [
      new EchoCommand(), new SlowCommand(), new ButtonsCommand(), new AskCommand(), new ReportCommand(), new WaveCommand(),
      new QuoteCommand(), ping,
    ],
    modals: [new FeedbackModal()],
  },
);

// A handler's failure is logged by carbon and answered 500; the matrix wants it on one line.
const handler = createHandler(client);
serve({
  port: Number(PORT),
  hostname: '127.0.0.1',
  fetch: async (request) => {
    try {
      const response = await handler(request, {});
      if (response.status >= 500) console.error(`HANDLER-ERROR ${request.method} ${new URL(request.url).pathname} answered ${response.status}: ${await response.clone().text()}`);
      return response;
    } catch (error) {
      console.error(`HANDLER-ERROR ${error?.stack ?? error}`);
      throw error;
    }
  },
}, async () => {
  try {
    // Deploy the commands, as a developer visits `<BASE_URL>/deploy?secret=<DEPLOY_SECRET>`:
    // a bulk overwrite of the global commands, and one of each guild's.
    const deployed = await fetch(`${BASE_URL}/deploy?secret=${DEPLOY_SECRET}`);
    if (deployed.status !== 202) throw new Error(`deploy answered ${deployed.status}: ${await deployed.text()}`);
    // carbon has no single create; the contract's goes through carbon's REST client.
    await client.rest.post(Routes.applicationGuildCommands(APPLICATION_ID, GUILD_ID), { body: ping.serialize() });
    const global = await client.rest.get(Routes.applicationCommands(APPLICATION_ID));
    const guild = await client.rest.get(Routes.applicationGuildCommands(APPLICATION_ID, GUILD_ID));
    const names = (commands) => commands.map((command) => command.name).sort();
    console.log(`READY ${JSON.stringify({ global: names(global), guild: names(guild) })}`);
  } catch (error) {
    console.error(`HANDLER-ERROR registration failed: ${error?.stack ?? error}`);
  }
});
