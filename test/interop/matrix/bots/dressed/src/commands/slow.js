export const config = { description: 'Thinks before it answers' };

export default async function slow(interaction) {
  await interaction.deferReply();
  await interaction.editReply('Done thinking.');
  await interaction.followUp('And one more thing.');
}
