// /ask: a modal. The matrix's contract asks for a text input inside an action row, the
// service's long-standing modal layout; seyfert 5's Modal builder only builds the newer
// Label-wrapped layout, so the modal goes as the API object, which `ctx.modal` also takes.
// components/feedback.js answers the submission.
import { Command, Declare } from 'seyfert';
import { ComponentType, TextInputStyle } from 'seyfert/lib/types/index.js';

class AskCommand extends Command {
  async run(ctx) {
    await ctx.modal({
      custom_id: 'feedback',
      title: 'Feedback',
      components: [{
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.TextInput, custom_id: 'reason', label: 'Reason', style: TextInputStyle.Short, required: true }],
      }],
    });
  }
}

export default Declare({ name: 'ask', description: 'Asks for feedback' })(AskCommand);
