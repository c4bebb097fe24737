/**
 * Command bodies for the benchmarks: a typical command (a few options, three locales), and
 * the largest one the rules allow — 25 options of 25 choices, every text localized, totalling
 * as close to 8000 characters as `commandSize` permits (only the longest localization of a
 * field counts, so localizing in every locale grows the body, not the size).
 */
import { COMMAND_SIZE_MAX, commandSize, validateCommand } from '../src/shared/command-rules/index.js';
import { LOCALES } from '../src/shared/locales.js';

type Body = Record<string, unknown>;

/** A command as bots commonly register them: a required choice option, a ranged integer, a user. */
export function typicalCommand(index: number): Body {
  return {
    name: `bench-${index}`,
    description: `Benchmark command number ${index}, which does one typical thing`,
    name_localizations: { fr: `banc-${index}`, de: `bank-${index}`, ja: `ベンチ-${index}` },
    description_localizations: { fr: `Commande de banc numéro ${index}`, de: `Benchmark-Befehl Nummer ${index}` },
    options: [
      {
        type: 3, name: 'mode', description: 'How to run it', required: true,
        choices: ['fast', 'careful', 'verbose', 'quiet', 'dry-run'].map((value) => ({ name: value, value })),
      },
      { type: 4, name: 'count', description: 'How many times', min_value: 1, max_value: 100 },
      { type: 6, name: 'target', description: 'Who it is for' },
    ],
  };
}

const OPTIONS = 25;
const CHOICES = 25;
const NAME_MAX = 32;
const DESCRIPTION_MAX = 100;

/** A short tag per locale usable in a lowercase command name ("zh-CN" -> "zhcn"). */
function nameTag(locale: string): string {
  return locale.toLowerCase().replace(/-/g, '');
}

function fit(text: string, length: number, filler: string): string {
  return text.length >= length ? text.slice(0, length) : text + filler.repeat(length - text.length);
}

/**
 * The largest command: `index` makes the names unique, `variant` changes every description
 * (so overwriting variant 0 with 1 revises each command instead of leaving it as it is), and
 * `locales` is how many locales every field is localized in.
 */
export function largestCommand(index: number, variant: number, locales: number): Body {
  const used = LOCALES.slice(0, locales);
  const localized = (make: (locale: string, position: number) => string) =>
    Object.fromEntries(used.map((locale, position) => [locale, make(locale, position)]));
  const choiceBase = OPTIONS * CHOICES;
  // Everything but the choices is at its maximum length; the choices share what is left.
  const fixed = (NAME_MAX + DESCRIPTION_MAX) * (1 + OPTIONS);
  const perChoice = Math.floor((COMMAND_SIZE_MAX - fixed) / choiceBase);
  const longer = COMMAND_SIZE_MAX - fixed - perChoice * choiceBase;
  const valueLength = 3;
  // A letter per locale keeps localized choice names as short as the default ones.
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij';
  const options = Array.from({ length: OPTIONS }, (_, option) => {
    const tag = String(option).padStart(2, '0');
    return {
      type: 3,
      name: fit(`opt${tag}`, NAME_MAX, 'q'),
      description: fit(`Option ${tag}, variant ${variant}: `, DESCRIPTION_MAX, '.'),
      name_localizations: localized((locale) => fit(`${nameTag(locale)}${tag}`, NAME_MAX, 'w')),
      description_localizations: localized((locale) => fit(`[${locale}] option ${tag}, variant ${variant}: `, DESCRIPTION_MAX, '~')),
      choices: Array.from({ length: CHOICES }, (_, choice) => {
        const nameLength = perChoice - valueLength + (option * CHOICES + choice < longer ? 1 : 0);
        return {
          name: fit(`#${choice}`, nameLength, '.'),
          value: String(choice).padStart(valueLength, '0'),
          name_localizations: localized((_locale, position) => fit(`${letters[position]}${choice}`, nameLength, '.')),
        };
      }),
    };
  });
  return {
    name: fit(`big${String(index).padStart(3, '0')}`, NAME_MAX, 'x'),
    description: fit(`The largest command ${index}, variant ${variant}: `, DESCRIPTION_MAX, '.'),
    name_localizations: localized((locale) => fit(`${nameTag(locale)}-big${index}`, NAME_MAX, 'z')),
    description_localizations: localized((locale) => fit(`[${locale}] the largest command ${index}, variant ${variant}`, DESCRIPTION_MAX, '~')),
    options,
  };
}

/** The size the rules compute for a body (after validation's normalization), or the refusal. */
export function sizeOf(body: Body): number {
  const result = validateCommand(body, { scope: 'global', applicationFlags: 0 });
  if (!result.ok) throw new Error(`the generated command is refused: ${JSON.stringify(result.errors).slice(0, 500)}`);
  return commandSize(result.value);
}
