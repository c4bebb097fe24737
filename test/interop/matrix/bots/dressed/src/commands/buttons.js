// /buttons: the button's click is answered by src/components/buttons/hello.js, named after its custom_id.
export const config = { description: 'Shows a button' };

export default function buttons(interaction) {
  return interaction.reply({
    content: 'Press the button',
    components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Hello', custom_id: 'hello' }] }],
  });
}
