import { ContextMenuCommand, Declare } from 'seyfert';
import { ApplicationCommandType } from 'seyfert/lib/types/index.js';

class Wave extends ContextMenuCommand {
  async run() {}
}

export default Declare({ name: 'Wave', type: ApplicationCommandType.User })(Wave);
