// /ping, a guild command: `guilds` in its config makes it one.
export const config = { description: 'Checks the bot', guilds: [process.env.GUILD_ID] };

export default function ping(interaction) {
  return interaction.reply('Pong!');
}
