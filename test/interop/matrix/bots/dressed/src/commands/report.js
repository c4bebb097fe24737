export const config = { description: 'Sends a report' };

export default function report(interaction) {
  return interaction.reply({ content: 'Here is the report', files: [{ name: 'report.txt', data: Buffer.from('Report: all good\n') }] });
}
