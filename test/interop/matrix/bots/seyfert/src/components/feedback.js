// The `feedback` modal's handler, as components/modals writes one: a ModalCommand whose
// filter picks the custom id. seyfert 5's getInputValue reads only Label-wrapped fields, and
// this modal's field sits in an action row (commands/ask.js), so the value is read from the
// submitted rows.
import { ModalCommand } from 'seyfert';

export default class FeedbackModal extends ModalCommand {
  filter(ctx) {
    return ctx.customId === 'feedback';
  }

  async run(ctx) {
    const fields = ctx.interaction.components.flatMap((row) => row.components ?? []);
    const reason = fields.find((field) => field.customId === 'reason')?.value;
    await ctx.write({ content: `Thanks for the feedback: ${reason}` });
  }
}
