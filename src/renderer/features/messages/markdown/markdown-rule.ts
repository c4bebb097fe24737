/** The shape of one parsing rule of discord-markdown-parser (simple-markdown's), for the rules extended here. */
import type { rulesExtended } from 'discord-markdown-parser';

export type Rule = (typeof rulesExtended)[string];

/** What a rule's `match` found: the whole text it takes, then its groups. */
export type Capture = NonNullable<ReturnType<Rule['match']>>;
