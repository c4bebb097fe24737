/**
 * The shapes an invocation check reads and answers. The registry and the browser client
 * both hold a command definition and some knowledge of the world (users, roles, channels,
 * uploads); these types let one pure check answer the same way for both.
 */

/**
 * A command (interaction type 2) is checked in full; an autocomplete request (type 4)
 * carries the options filled so far, so required ones may be missing and the focused one
 * may hold partial text (spec, Events).
 */
export type InvocationKind = 'command' | 'autocomplete';

/**
 * What the caller knows about the ids an option may name. The registry answers from its
 * world, the client from what it has loaded; the check itself never does I/O.
 */
export interface InvocationLookup {
  user(id: string): boolean;
  role(id: string): boolean;
  /** The channel's type (api-facts.md, channel types), or undefined when unknown. */
  channel(id: string): { type: number } | undefined;
  /** Whether an upload with this id is waiting to be sent with the command. */
  attachment(id: string): boolean;
}

/** Everything an invocation check needs besides the definition and the data. */
export interface InvocationContext {
  kind: InvocationKind;
  lookup: InvocationLookup;
}

/** A value an option may carry on the wire once checked. */
export type InvocationValue = string | number | boolean;

/**
 * One leaf option as the bot will receive it: the default name, the definition's type, the
 * checked value (ids in canonical form; a focused value as the text typed so far), and
 * `focused` only when true.
 */
export interface InvocationOption {
  name: string;
  type: number;
  value: InvocationValue;
  focused?: true;
}

/**
 * The ids the registry must describe in `data.resolved`, each once, in the order first met.
 * A MENTIONABLE value lands in `users` or `roles` by what it names.
 */
export interface InvocationReferences {
  users: string[];
  roles: string[];
  channels: string[];
  attachments: string[];
}

/**
 * A checked invocation: which subcommand was chosen (`['group', 'sub']`, `['sub']` or `[]`),
 * the leaf options in the order given, the focused one (autocomplete only), the ids to
 * resolve, and for USER and MESSAGE commands the target id.
 */
export interface Invocation {
  path: string[];
  options: InvocationOption[];
  focused?: InvocationOption;
  references: InvocationReferences;
  target?: string;
}
