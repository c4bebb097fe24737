export default function feedback(interaction) {
  return interaction.reply(`Thanks for the feedback: ${interaction.getField('reason', true).textInput()}`);
}
