// The matrix bot for detritus-client, written as its examples write one
// (detritusjs/client, examples/js/interaction/interactioncommandclient.js and
// examples/js/components/interactioncommentclient.js): an InteractionCommandClient made from
// the token, one `add` per command, buttons made with ComponentActionRow whose `run` answers
// the click, an option's `onAutoComplete`, an InteractionModal whose `run` answers the
// submission, and `run()`, which connects (API and gateway v9) and checks the commands.
// detritus 0.17 (npm tag `beta`, 2025) is the line with autocomplete and modals; 0.16.3, the
// `latest` tag, predates both (its serializer drops `autocomplete` and its component parser
// throws on a text input).
// Pointed at Slashbench by one option: `rest.baseUrl`, detritus's REST client's API root (its
// default is `https://discord.com/api/v9`; README.md beside this folder: the contract).
import detritus from 'detritus-client';

const { Constants, InteractionCommandClient, Utils } = detritus;

const { ApplicationCommandOptionTypes, ApplicationCommandTypes, InteractionCallbackTypes, MessageComponentButtonStyles, MessageComponentInputTextStyles } = Constants;
const { ComponentActionRow, InteractionModal } = Utils;
const { SLASHBENCH_URL, BOT_TOKEN, GUILD_ID } = process.env;

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

const interactionClient = new InteractionCommandClient(BOT_TOKEN, {
  gateway: { intents: 0 },
  rest: { baseUrl: `${SLASHBENCH_URL}/api/v9` },
});

const reply = (context, content) => context.respond(InteractionCallbackTypes.CHANNEL_MESSAGE_WITH_SOURCE, { content });

interactionClient.add({
  name: 'echo',
  description: 'Says it back',
  options: [
    { type: ApplicationCommandOptionTypes.STRING, name: 'text', description: 'What to say', required: true },
    { type: ApplicationCommandOptionTypes.INTEGER, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
    {
      type: ApplicationCommandOptionTypes.STRING, name: 'fruit', description: 'A fruit',
      onAutoComplete: (context) => context.respond({
        choices: FRUITS.filter((fruit) => fruit.startsWith(context.value)).map((fruit) => ({ name: fruit, value: fruit })),
      }),
    },
  ],
  run: (context, args) => reply(context, `You said: ${Array(args.times ?? 1).fill(args.text).join(' ')}`),
});

interactionClient.add({
  name: 'slow',
  description: 'Thinks before it answers',
  run: async (context) => {
    await context.respond(InteractionCallbackTypes.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE);
    await context.editResponse({ content: 'Done thinking.' });
    await context.createMessage({ content: 'And one more thing.' });
  },
});

interactionClient.add({
  name: 'buttons',
  description: 'Shows a button',
  run: (context) => {
    const actionRow = new ComponentActionRow();
    actionRow.createButton({
      customId: 'hello', label: 'Hello', style: MessageComponentButtonStyles.PRIMARY,
      run: (componentContext) => reply(componentContext, `Hello, ${componentContext.user.username}!`),
    });
    return context.editOrRespond({ content: 'Press the button', components: [actionRow] });
  },
});

interactionClient.add({
  name: 'ask',
  description: 'Asks for feedback',
  run: (context) => {
    const modal = new InteractionModal({
      customId: 'feedback', title: 'Feedback',
      run: (modalContext, args) => reply(modalContext, `Thanks for the feedback: ${args.reason}`),
    });
    modal.createInputText({ customId: 'reason', label: 'Reason', style: MessageComponentInputTextStyles.SHORT, required: true });
    return context.respond(InteractionCallbackTypes.MODAL, modal);
  },
});

interactionClient.add({
  name: 'report',
  description: 'Sends a report',
  run: (context) => context.respond(InteractionCallbackTypes.CHANNEL_MESSAGE_WITH_SOURCE, {
    content: 'Here is the report', file: { filename: 'report.txt', value: Buffer.from('Report: all good\n') },
  }),
});

interactionClient.add({
  name: 'Wave',
  type: ApplicationCommandTypes.USER,
  run: (context, args) => reply(context, `${context.user.username} waves at ${args.user.username}`),
});

interactionClient.add({
  name: 'Quote',
  type: ApplicationCommandTypes.MESSAGE,
  run: (context, args) => reply(context, `Quoted: ${args.message.content}`),
});

interactionClient.add({ name: 'ping', description: 'Checks the bot', guildIds: [GUILD_ID], run: (context) => reply(context, 'Pong!') });

// Errors inside a command's run land here.
interactionClient.on('commandRunError', ({ error }) => console.error(`HANDLER-ERROR ${error?.stack ?? error}`));

try {
  const client = await interactionClient.run();
  const shard = client.shards.first();
  // `run()` bulk overwrote the global commands and the guild's; the contract's single create
  // of the guild command goes through detritus's REST client, then the check that learns its id.
  await shard.rest.createApplicationGuildCommand(client.applicationId, GUILD_ID, { name: 'ping', description: 'Checks the bot' });
  await interactionClient.checkApplicationCommands(GUILD_ID);
  const names = (commands) => commands.map((command) => command.name).sort();
  const global = await shard.rest.fetchApplicationCommands(client.applicationId);
  const guild = await shard.rest.fetchApplicationGuildCommands(client.applicationId, GUILD_ID);
  console.log(`READY ${JSON.stringify({ global: names(global), guild: names(guild) })}`);
} catch (error) {
  console.error(`HANDLER-ERROR registration failed: ${error?.stack ?? error}`);
}
