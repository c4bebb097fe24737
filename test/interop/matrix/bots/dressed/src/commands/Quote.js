// A message command: the file's name is the command's.
export const config = { type: 'Message' };

export default function quote(interaction) {
  return interaction.reply(`Quoted: ${interaction.data.resolved.messages[interaction.data.target_id].content}`);
}
