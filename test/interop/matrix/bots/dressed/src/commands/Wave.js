// A user command: the file's name is the command's.
export const config = { type: 'User' };

export default function wave(interaction) {
  const target = interaction.data.resolved.users[interaction.data.target_id];
  return interaction.reply(`${interaction.user.username} waves at ${target.username}`);
}
