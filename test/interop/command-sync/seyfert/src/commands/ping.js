import { Command, Declare } from 'seyfert';

class Ping extends Command {
  async run() {}
}

export default Declare({ name: 'ping', description: 'Checks the bot' })(Ping);
