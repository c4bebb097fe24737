// The matrix bot for slash-create 7: an interactions endpoint written the way the library's
// docs write one (docs/examples basic.js, webserver.md, command.md, components.md) —
// a SlashCreator with `.withServer(new ExpressServer())`, one `SlashCommand` class per
// command, `syncCommands()` for the global set, `ctx.sendModal` with a callback, and the
// `componentInteraction` event for the button.
// The one change from a production bot: the creator's documented `rest.baseURL` option.
import {
  ApplicationCommandType,
  ButtonStyle,
  CommandOptionType,
  ComponentType,
  ExpressServer,
  SlashCommand,
  SlashCreator,
  TextInputStyle,
} from 'slash-create';

const { SLASHBENCH_URL, BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY, GUILD_ID, PORT } = process.env;

const creator = new SlashCreator({
  applicationID: APPLICATION_ID,
  publicKey: PUBLIC_KEY,
  token: BOT_TOKEN,
  endpointPath: '/interactions',
  serverHost: '127.0.0.1',
  serverPort: Number(PORT),
  // slash-create's default is 'https://discord.com/api/v10'.
  rest: { baseURL: `${SLASHBENCH_URL}/api/v10` },
});

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

class EchoCommand extends SlashCommand {
  constructor(creator) {
    super(creator, {
      name: 'echo',
      description: 'Says it back',
      options: [
        { type: CommandOptionType.STRING, name: 'text', description: 'What to say', required: true },
        { type: CommandOptionType.INTEGER, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
        { type: CommandOptionType.STRING, name: 'fruit', description: 'A fruit', autocomplete: true },
      ],
    });
  }

  async autocomplete(ctx) {
    const typed = ctx.options[ctx.focused] ?? '';
    return FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit }));
  }

  async run(ctx) {
    return `You said: ${Array(ctx.options.times ?? 1).fill(ctx.options.text).join(' ')}`;
  }
}

class SlowCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { name: 'slow', description: 'Thinks before it answers' });
  }

  async run(ctx) {
    await ctx.defer();
    await ctx.editOriginal('Done thinking.');
    await ctx.sendFollowUp('And one more thing.');
  }
}

class ReportCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { name: 'report', description: 'Sends a report' });
  }

  async run(ctx) {
    await ctx.send({ content: 'Here is the report', files: [{ name: 'report.txt', file: Buffer.from('Report: all good\n') }] });
  }
}

class ButtonsCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { name: 'buttons', description: 'Shows a button' });
  }

  async run(ctx) {
    await ctx.send({
      content: 'Press the button',
      components: [{
        type: ComponentType.ACTION_ROW,
        components: [{ type: ComponentType.BUTTON, style: ButtonStyle.PRIMARY, label: 'Hello', custom_id: 'hello' }],
      }],
    });
  }
}

class AskCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { name: 'ask', description: 'Asks for feedback' });
  }

  async run(ctx) {
    await ctx.sendModal(
      {
        custom_id: 'feedback',
        title: 'Feedback',
        components: [{
          type: ComponentType.ACTION_ROW,
          components: [{ type: ComponentType.TEXT_INPUT, custom_id: 'reason', label: 'Reason', style: TextInputStyle.SHORT, required: true }],
        }],
      },
      (modalContext) => modalContext.send(`Thanks for the feedback: ${modalContext.values.reason}`),
    );
  }
}

class WaveCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { type: ApplicationCommandType.USER, name: 'Wave' });
  }

  async run(ctx) {
    return `${ctx.user.username} waves at ${ctx.targetUser.username}`;
  }
}

class QuoteCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { type: ApplicationCommandType.MESSAGE, name: 'Quote' });
  }

  async run(ctx) {
    return `Quoted: ${ctx.targetMessage.content}`;
  }
}

class PingCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { name: 'ping', description: 'Checks the bot', guildIDs: [GUILD_ID] });
  }

  async run() {
    return 'Pong!';
  }
}

const reportError = (error) => console.error(`HANDLER-ERROR ${error?.stack ?? error}`);
creator.on('commandError', (_command, error) => reportError(error));
creator.on('error', reportError);

creator.on('componentInteraction', async (ctx) => {
  try {
    if (ctx.customID === 'hello') await ctx.send(`Hello, ${ctx.user.username}!`);
  } catch (error) {
    reportError(error);
  }
});

creator.registerCommands([EchoCommand, SlowCommand, ReportCommand, ButtonsCommand, AskCommand, WaveCommand, QuoteCommand, PingCommand]);
await creator.withServer(new ExpressServer()).startServer();

// The global set is one bulk overwrite (syncCommands' PUT); the guild command is created
// on its own with the API's single create, then the creator learns every command's id.
await creator.syncCommands({ syncGuilds: false });
const ping = creator.commands.find((command) => command.commandName === 'ping');
await creator.api.createCommand(ping.toCommandJSON(false), GUILD_ID);
await creator.collectCommandIDs(false);

const names = (commands) => commands.map((command) => command.name).sort();
const global = names(await creator.api.getCommands());
const guild = names(await creator.api.getCommands(GUILD_ID));
console.log(`READY ${JSON.stringify({ global, guild })}`);
