// One start of a detritus-client bot (README.md beside this file: the command set): an
// InteractionCommandClient with one `add` per command, as detritus's examples write it, and
// `run()`, which connects, fetches the registered commands of each scope and uploads a
// scope's whole list only when a command's hash (name, description, type, options, choices,
// localizations, permissions) differs from the answer's.
// The one change from a production bot: `rest.baseUrl`.
import detritus from 'detritus-client';

const { Constants, InteractionCommandClient } = detritus;
const { ApplicationCommandOptionTypes, ApplicationCommandTypes } = Constants;
const { SLASHBENCH_URL, BOT_TOKEN, GUILD_ID } = process.env;

const client = new InteractionCommandClient(BOT_TOKEN, { gateway: { intents: 0 }, rest: { baseUrl: `${SLASHBENCH_URL}/api/v9` } });
const run = () => undefined;

client.add({
  name: 'lamp',
  description: 'Controls the lamp',
  options: [
    { type: ApplicationCommandOptionTypes.SUB_COMMAND, name: 'off', description: 'Turn it off', run },
    {
      type: ApplicationCommandOptionTypes.SUB_COMMAND, name: 'dim', description: 'Dim it', run,
      options: [{ type: ApplicationCommandOptionTypes.INTEGER, name: 'level', description: 'How dim', required: true, min_value: 1, max_value: 10 }],
    },
    {
      type: ApplicationCommandOptionTypes.SUB_COMMAND_GROUP, name: 'timer', description: 'Timers',
      options: [
        { type: ApplicationCommandOptionTypes.SUB_COMMAND, name: 'start', description: 'Start one', run },
        {
          type: ApplicationCommandOptionTypes.SUB_COMMAND, name: 'stop', description: 'Stop one', run,
          options: [{ type: ApplicationCommandOptionTypes.STRING, name: 'name', description: 'Which timer', choices: [{ name: 'Tea', value: 'tea' }] }],
        },
      ],
    },
  ],
});
client.add({ name: 'ping', description: 'Checks the bot', run });
client.add({ name: 'Wave', type: ApplicationCommandTypes.USER, run });
client.add({
  name: 'admin', description: 'Administers the guild', guildIds: [GUILD_ID],
  options: [{ type: ApplicationCommandOptionTypes.SUB_COMMAND, name: 'reload', description: 'Reloads the settings', run }],
});

const running = await client.run();
console.log('SYNCED');
await running.kill();
