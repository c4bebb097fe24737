// /ask: the submission is answered by src/components/modals/feedback.js, named after its custom_id.
export const config = { description: 'Asks for feedback' };

export default function ask(interaction) {
  return interaction.showModal({
    custom_id: 'feedback',
    title: 'Feedback',
    components: [{ type: 1, components: [{ type: 4, custom_id: 'reason', label: 'Reason', style: 1, required: true }] }],
  });
}
