// One start of a @buape/carbon bot (README.md beside this file: the command set): classes as
// carbon's guide writes them (Command, CommandWithSubcommands, CommandWithSubcommandGroups),
// deployed in carbon's `reconcile` mode, which reads the global commands back, compares each
// with what it would send (after its own normalization) and PATCHes, POSTs or DELETEs only
// what differs. Only the global set: carbon reconciles global commands alone (guild commands
// are always overwritten), and leaves USER and MESSAGE commands out since its serializer
// sends them without the `description` ("") the service answers them with.
// The one change from a production bot: `requestOptions.baseUrl`.
import { ApplicationCommandOptionType, Client, Command, CommandWithSubcommandGroups, CommandWithSubcommands } from '@buape/carbon';

const { SLASHBENCH_URL, BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY } = process.env;

class Off extends Command {
  name = 'off';
  description = 'Turn it off';
  async run() {}
}

class Dim extends Command {
  name = 'dim';
  description = 'Dim it';
  options = [{ type: ApplicationCommandOptionType.Integer, name: 'level', description: 'How dim', required: true, min_value: 1, max_value: 10 }];
  async run() {}
}

class Start extends Command {
  name = 'start';
  description = 'Start one';
  async run() {}
}

class Stop extends Command {
  name = 'stop';
  description = 'Stop one';
  options = [{ type: ApplicationCommandOptionType.String, name: 'name', description: 'Which timer', choices: [{ name: 'Tea', value: 'tea' }] }];
  async run() {}
}

class Timer extends CommandWithSubcommands {
  name = 'timer';
  description = 'Timers';
  subcommands = [new Start(), new Stop()];
}

class Lamp extends CommandWithSubcommandGroups {
  name = 'lamp';
  description = 'Controls the lamp';
  subcommands = [new Off(), new Dim()];
  subcommandGroups = [new Timer()];
}

class Ping extends Command {
  name = 'ping';
  description = 'Checks the bot';
  async run() {}
}

class Settings extends CommandWithSubcommands {
  name = 'settings';
  description = 'Your settings';
  subcommands = [new Off()];
}

const client = new Client(
  {
    baseUrl: 'http://127.0.0.1:9', disableDeployRoute: true, clientId: APPLICATION_ID, publicKey: PUBLIC_KEY, token: BOT_TOKEN,
    commandDeploymentMode: 'reconcile', requestOptions: { baseUrl: `${SLASHBENCH_URL}/api` },
  },
  { commands: [new Lamp(), new Ping(), new Settings()] },
);
await client.deployCommands();
console.log('SYNCED');
