// /slow: defer, edit the deferred reply, then a follow-up (CommandContext's deferReply,
// editResponse and followup).
import { Command, Declare } from 'seyfert';

class SlowCommand extends Command {
  async run(ctx) {
    await ctx.deferReply();
    await ctx.editResponse({ content: 'Done thinking.' });
    await ctx.followup({ content: 'And one more thing.' });
  }
}

export default Declare({ name: 'slow', description: 'Thinks before it answers' })(SlowCommand);
