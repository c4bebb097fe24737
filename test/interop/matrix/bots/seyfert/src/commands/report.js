// /report: a reply with a file (CommandContext's write with an AttachmentBuilder).
import { AttachmentBuilder, Command, Declare } from 'seyfert';

class ReportCommand extends Command {
  async run(ctx) {
    const file = new AttachmentBuilder().setName('report.txt').setFile('buffer', Buffer.from('Report: all good\n'));
    await ctx.write({ content: 'Here is the report', files: [file] });
  }
}

export default Declare({ name: 'report', description: 'Sends a report' })(ReportCommand);
