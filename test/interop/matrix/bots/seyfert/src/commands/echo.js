// /echo, as seyfert's guide writes a command with options (commands/options): `@Options` with
// create*Option, the autocomplete handler on its option. Node runs no decorator syntax, so the
// decorators are applied by hand, in the order TypeScript applies `@Declare @Options class`.
import { Command, createIntegerOption, createStringOption, Declare, Options } from 'seyfert';

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

const options = {
  text: createStringOption({ description: 'What to say', required: true }),
  times: createIntegerOption({ description: 'How many times', min_value: 1, max_value: 3 }),
  fruit: createStringOption({
    description: 'A fruit',
    autocomplete: (interaction) => {
      const typed = interaction.getInput();
      return interaction.respond(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
    },
  }),
};

class EchoCommand extends Command {
  async run(ctx) {
    const { text, times = 1 } = ctx.options;
    await ctx.write({ content: `You said: ${Array(times).fill(text).join(' ')}` });
  }
}

export default Declare({ name: 'echo', description: 'Says it back' })(Options(options)(EchoCommand));
