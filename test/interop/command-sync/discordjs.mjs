// One start of a discord.js v14 bot that syncs the way diffing command handlers built on
// discord.js do (README.md beside this file): fetch the registered commands, and overwrite a
// scope with `commands.set` only when a command is missing, extra, or not `equals` (discord.js's
// own ApplicationCommand#equals) to the data the bot would send.
// The one change from a production bot: `rest.api`.
import { ApplicationCommandOptionType, ApplicationCommandType, Client, Events, GatewayIntentBits, PermissionFlagsBits } from 'discord.js';

const { SLASHBENCH_URL, BOT_TOKEN, GUILD_ID } = process.env;

const GLOBAL = [
  {
    name: 'lamp', description: 'Controls the lamp',
    options: [
      { type: ApplicationCommandOptionType.Subcommand, name: 'off', description: 'Turn it off' },
      {
        type: ApplicationCommandOptionType.Subcommand, name: 'dim', description: 'Dim it',
        options: [{ type: ApplicationCommandOptionType.Integer, name: 'level', description: 'How dim', required: true, min_value: 1, max_value: 10 }],
      },
      {
        type: ApplicationCommandOptionType.SubcommandGroup, name: 'timer', description: 'Timers',
        options: [
          { type: ApplicationCommandOptionType.Subcommand, name: 'start', description: 'Start one' },
          {
            type: ApplicationCommandOptionType.Subcommand, name: 'stop', description: 'Stop one',
            options: [{ type: ApplicationCommandOptionType.String, name: 'name', description: 'Which timer', choices: [{ name: 'Tea', value: 'tea' }] }],
          },
        ],
      },
    ],
    // equals compares integration_types with [] when the data has none, and the service answers [0].
    integration_types: [0],
  },
  { name: 'ping', description: 'Checks the bot', integration_types: [0] },
  { name: 'Wave', type: ApplicationCommandType.User, integration_types: [0] },
];

const GUILD = [{
  name: 'admin', description: 'Administers the guild', default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  options: [{ type: ApplicationCommandOptionType.Subcommand, name: 'reload', description: 'Reloads the settings' }],
}];

/** Overwrites `manager`'s commands with `wanted` unless every registered one already equals it. */
async function sync(manager, wanted, guildId) {
  const registered = await manager.fetch({ guildId, withLocalizations: true });
  const same = registered.size === wanted.length
    && wanted.every((data) => registered.some((command) => command.name === data.name && command.type === (data.type ?? 1) && command.equals(data, true)));
  if (!same) await manager.set(wanted, guildId);
}

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${SLASHBENCH_URL}/api` } });
client.once(Events.ClientReady, async (ready) => {
  await sync(ready.application.commands, GLOBAL);
  await sync(ready.application.commands, GUILD, GUILD_ID);
  console.log('SYNCED');
  await client.destroy();
});
await client.login(BOT_TOKEN);
