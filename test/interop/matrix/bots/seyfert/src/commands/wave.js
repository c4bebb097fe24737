// Wave, a user command: a ContextMenuCommand declared with the USER type; `ctx.target` is the user.
import { ContextMenuCommand, Declare } from 'seyfert';
import { ApplicationCommandType } from 'seyfert/lib/types/index.js';

class WaveCommand extends ContextMenuCommand {
  async run(ctx) {
    await ctx.write({ content: `${ctx.author.username} waves at ${ctx.target.username}` });
  }
}

export default Declare({ name: 'Wave', type: ApplicationCommandType.User })(WaveCommand);
