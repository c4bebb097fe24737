// /admin in GUILD_ID only: `guildId` in Declare, as seyfert's guide scopes a command to guilds.
import { Command, Declare, Options, SubCommand } from 'seyfert';

class Reload extends SubCommand {
  async run() {}
}

class Admin extends Command {}

export default Declare({
  name: 'admin', description: 'Administers the guild', guildId: [process.env.GUILD_ID], defaultMemberPermissions: ['ManageGuild'],
})(Options([Declare({ name: 'reload', description: 'Reloads the settings' })(Reload)])(Admin));
