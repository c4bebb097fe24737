// /echo: options, and the autocomplete of `fruit` (a command file's `autocomplete` export).
export const config = {
  description: 'Says it back',
  options: [
    { type: 3, name: 'text', description: 'What to say', required: true },
    { type: 4, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
    { type: 3, name: 'fruit', description: 'A fruit', autocomplete: true },
  ],
};

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

export function autocomplete(interaction) {
  const typed = String(interaction.data.options.find((option) => option.focused)?.value ?? '');
  return interaction.sendChoices(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
}

export default function echo(interaction) {
  const text = interaction.getOption('text', true).string();
  const times = interaction.getOption('times')?.integer() ?? 1;
  return interaction.reply(`You said: ${Array(times).fill(text).join(' ')}`);
}
