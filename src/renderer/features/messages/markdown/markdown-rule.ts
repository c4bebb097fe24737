/** The shape of one parsing rule of discord-markdown-parser (simple-markdown's), for the rules extended here. */
import { rulesExtended } from 'discord-markdown-parser';

export type Rule = (typeof rulesExtended)[string];

/** What a rule's `match` found: the whole text it takes, then its groups. */
export type Capture = NonNullable<ReturnType<Rule['match']>>;

/** The library's rule of that name; its rules are typed as a record, so a missing one is said here. */
export function libraryRule(name: string): Rule {
  const rule = rulesExtended[name];
  if (rule === undefined) throw new Error(`discord-markdown-parser has no "${name}" rule`);
  return rule;
}
