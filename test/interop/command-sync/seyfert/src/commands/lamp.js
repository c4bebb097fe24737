// /lamp, as seyfert's guide writes subcommands and groups (commands/subcommands): one
// SubCommand class each, `@Group` on those in a group, `@Groups` and `@Options` on the parent.
// Node runs no decorator syntax, so the decorators are applied by hand, innermost first.
import { Command, createIntegerOption, createStringOption, Declare, Group, Groups, Options, SubCommand } from 'seyfert';

class Off extends SubCommand {
  async run() {}
}

class Dim extends SubCommand {
  async run() {}
}

class Start extends SubCommand {
  async run() {}
}

class Stop extends SubCommand {
  async run() {}
}

class Lamp extends Command {}

const level = createIntegerOption({ description: 'How dim', required: true, min_value: 1, max_value: 10 });
const name = createStringOption({ description: 'Which timer', choices: [{ name: 'Tea', value: 'tea' }] });

export default Declare({ name: 'lamp', description: 'Controls the lamp' })(Groups({ timer: { defaultDescription: 'Timers' } })(Options([
  Declare({ name: 'off', description: 'Turn it off' })(Off),
  Declare({ name: 'dim', description: 'Dim it' })(Options({ level })(Dim)),
  Declare({ name: 'start', description: 'Start one' })(Group('timer')(Start)),
  Declare({ name: 'stop', description: 'Stop one' })(Group('timer')(Options({ name })(Stop))),
])(Lamp)));
