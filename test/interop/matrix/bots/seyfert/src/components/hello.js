// The `hello` button's handler, as components/handling-components writes one: a
// ComponentCommand for buttons whose filter picks the custom id.
import { ComponentCommand } from 'seyfert';

export default class HelloButton extends ComponentCommand {
  componentType = 'Button';

  filter(ctx) {
    return ctx.customId === 'hello';
  }

  async run(ctx) {
    await ctx.write({ content: `Hello, ${ctx.author.username}!` });
  }
}
