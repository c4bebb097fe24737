// Quote, a message command: a ContextMenuCommand declared with the MESSAGE type; `ctx.target` is the message.
import { ContextMenuCommand, Declare } from 'seyfert';
import { ApplicationCommandType } from 'seyfert/lib/types/index.js';

class QuoteCommand extends ContextMenuCommand {
  async run(ctx) {
    await ctx.write({ content: `Quoted: ${ctx.target.content}` });
  }
}

export default Declare({ name: 'Quote', type: ApplicationCommandType.Message })(QuoteCommand);
