// /buttons: a reply with one button, built with seyfert's ActionRow and Button builders
// (components/building-components); components/hello.js answers its click.
import { ActionRow, Button, Command, Declare } from 'seyfert';
import { ButtonStyle } from 'seyfert/lib/types/index.js';

class ButtonsCommand extends Command {
  async run(ctx) {
    const hello = new Button().setCustomId('hello').setLabel('Hello').setStyle(ButtonStyle.Primary);
    await ctx.write({ content: 'Press the button', components: [new ActionRow().setComponents([hello])] });
  }
}

export default Declare({ name: 'buttons', description: 'Shows a button' })(ButtonsCommand);
