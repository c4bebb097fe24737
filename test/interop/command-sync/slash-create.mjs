// One start of a slash-create bot (README.md beside this file: the command set): its commands
// written as slash-create's docs write them, one SlashCommand class each, then
// `syncCommands()`, which reads the registered commands back (with localizations) and
// overwrites them only when they differ (a `dequal` of what it would send and the answer).
// The one change from a production bot: the creator's documented `rest.baseURL` option.
import { ApplicationCommandType, CommandOptionType, SlashCommand, SlashCreator } from 'slash-create';

const { SLASHBENCH_URL, BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY, GUILD_ID } = process.env;

const creator = new SlashCreator({
  applicationID: APPLICATION_ID,
  publicKey: PUBLIC_KEY,
  token: BOT_TOKEN,
  rest: { baseURL: `${SLASHBENCH_URL}/api/v10` },
});

// A French localization on everything below the command's own options: slash-create adds the
// null dictionaries the service answers only to those top-level options (toCommandJSON), and
// its dequal compares every level, so an unlocalized nested option or choice would differ from
// the service's `name_localizations: null` and be re-sent on every start (README.md).
const fr = (name, description) => ({ name_localizations: { fr: name }, description_localizations: { fr: description } });

class LampCommand extends SlashCommand {
  constructor(creator) {
    super(creator, {
      name: 'lamp',
      description: 'Controls the lamp',
      options: [
        { type: CommandOptionType.SUB_COMMAND, name: 'off', description: 'Turn it off' },
        {
          type: CommandOptionType.SUB_COMMAND, name: 'dim', description: 'Dim it',
          options: [{ type: CommandOptionType.INTEGER, name: 'level', description: 'How dim', ...fr('niveau', 'Combien'), required: true, min_value: 1, max_value: 10 }],
        },
        {
          type: CommandOptionType.SUB_COMMAND_GROUP, name: 'timer', description: 'Timers',
          options: [
            { type: CommandOptionType.SUB_COMMAND, name: 'start', description: 'Start one', ...fr('lancer', 'En lancer un') },
            {
              type: CommandOptionType.SUB_COMMAND, name: 'stop', description: 'Stop one', ...fr('arreter', 'En arrêter un'),
              options: [{
                type: CommandOptionType.STRING, name: 'name', description: 'Which timer', ...fr('nom', 'Lequel'),
                choices: [{ name: 'Tea', value: 'tea', name_localizations: { fr: 'Thé' } }],
              }],
            },
          ],
        },
      ],
    });
  }
}

class PingCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { name: 'ping', description: 'Checks the bot' });
  }
}

class WaveCommand extends SlashCommand {
  constructor(creator) {
    super(creator, { type: ApplicationCommandType.USER, name: 'Wave' });
  }
}

class AdminCommand extends SlashCommand {
  constructor(creator) {
    super(creator, {
      name: 'admin', description: 'Administers the guild', guildIDs: [GUILD_ID], requiredPermissions: ['MANAGE_GUILD'],
      options: [{ type: CommandOptionType.SUB_COMMAND, name: 'reload', description: 'Reloads the settings' }],
    });
  }
}

creator.on('error', (error) => console.error(`SYNC-ERROR ${error?.stack ?? error}`));
creator.registerCommands([LampCommand, PingCommand, WaveCommand, AdminCommand]);
await creator.syncCommands({ skipGuildErrors: false });
console.log('SYNCED');
// This start is over; slash-create's REST agent would keep its idle connection open a while.
process.exit(0);
