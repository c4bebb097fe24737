export default function hello(interaction) {
  return interaction.reply(`Hello, ${interaction.user.username}!`);
}
