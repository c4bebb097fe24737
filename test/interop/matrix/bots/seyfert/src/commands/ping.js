// /ping, the guild command: `guildId` in @Declare makes it a command of that guild.
import { Command, Declare } from 'seyfert';

class PingCommand extends Command {
  async run(ctx) {
    await ctx.write({ content: 'Pong!' });
  }
}

export default Declare({ name: 'ping', description: 'Checks the bot', guildId: [process.env.GUILD_ID] })(PingCommand);
