/**
 * A person's command, as the driver sends it: found by name among the commands that reach
 * the person at that place (the picker's candidates, hidden ones too: a command the person
 * cannot see is sent as a client with a stale index would send it, and the registry's
 * refusal is the run's failure), with its options typed and nested as the client's form
 * does. Slash commands by their text or by name and options, autocomplete on one option,
 * and user and message commands on their target.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import type { CommandDefinition } from '../../shared/command-rules/definition.js';
import { readCommandText, splitCommandText } from '../../shared/invocation/command-text.js';
import { leafOptions } from '../../shared/invocation/index.js';
import { evaluateLocation, type Evaluated, type Location } from '../queries/command-index.js';
import type { UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { leafWireOptions, nestOptions, type GivenOption } from './command-options.js';
import { driverError, findApplication, findUser } from './names.js';

/** An invocation's `data` and the facts the run keeps about it. */
export interface BuiltCommand {
  applicationId: string;
  data: Record<string, unknown>;
  label: string;
}

export interface CommandRequest {
  command?: string | undefined;
  name?: string | undefined;
  options?: Record<string, unknown> | Array<Record<string, unknown>> | undefined;
  application?: string | undefined;
  focused?: string | undefined;
}

const TYPE_WORDS: Record<number, string> = { 1: 'slash command', 2: 'user command', 3: 'message command', 4: 'entry point' };

/**
 * `findCommand`'s answer, kept as the invocation's standing is (read-cache.ts,
 * `cachedAnswer`: forgotten with any write to a command, a permission or the world): a
 * suite sends the same commands from the same places, and finding one evaluates every
 * command that reaches the place. A refusal is not kept.
 */
function foundCommand(store: Store, user: UserRecord, location: Location, name: string, type: number, application?: string): Promise<Evaluated> {
  const place = location.kind === 'guild' ? `${location.guildId}\u0000${location.channel?.id ?? ''}` : location.channel.id;
  const key = `driver-command\u0000${user.id}\u0000${place}\u0000${type}\u0000${application ?? ''}\u0000${name}`;
  return store.sql.cachedAnswer(key, () => findCommand(store, user, location, name, type, application));
}

/** The one command named `name` of `type` that can reach the person here; refuses with what exists. */
async function findCommand(store: Store, user: UserRecord, location: Location, name: string, type: number, application?: string): Promise<Evaluated> {
  const applicationId = application === undefined ? undefined : (await findApplication(store, application)).id;
  const candidates = (await evaluateLocation(store, user, location))
    .filter((entry) => entry.command.definition.type === type && (applicationId === undefined || entry.application.id === applicationId));
  const named = candidates.filter((entry) => entry.command.definition.name === name);
  // A guild command shadows nothing: both are listed; the visible one wins, then the guild's own.
  const visible = named.filter((entry) => entry.visibility.visible);
  const chosen = visible.length > 0 ? visible : named;
  const apps = new Set(chosen.map((entry) => entry.application.id));
  if (apps.size > 1) {
    throw driverError(['application'], `${chosen.length} apps have a ${TYPE_WORDS[type]} "${name}" here (${chosen.map((entry) => entry.application.name).join(', ')}): name the application`);
  }
  const found = chosen.find((entry) => entry.command.guild_id !== null) ?? chosen[0];
  if (!found) {
    const known = [...new Set(candidates.filter((entry) => entry.visibility.visible).map((entry) => entry.command.definition.name))];
    throw driverError(['command'], `no ${TYPE_WORDS[type]} "${name}" reaches ${user.username} here; ${known.length > 0 ? `the ${TYPE_WORDS[type]}s here are: ${known.join(', ')}` : `none does (has the bot registered its commands?)`}`);
  }
  return found;
}

function commandData(evaluated: Evaluated): Record<string, unknown> {
  const { command } = evaluated;
  return { id: command.id, name: command.definition.name, type: command.definition.type, version: command.version };
}

/** Options by name: `{text: 'hello'}`, in the order given. */
function givenFromObject(options: Record<string, unknown>): GivenOption[] {
  return Object.entries(options).map(([name, value]) => ({ name, value }));
}

/** A slash command (or its autocomplete) from its text or its name and options. */
export async function slashCommand(store: Store, user: UserRecord, location: Location, request: CommandRequest, autocomplete: boolean): Promise<BuiltCommand> {
  const guildId = location.kind === 'guild' ? location.guildId : null;
  const written = request.command !== undefined ? splitCommandText(request.command) : splitCommandText(`/${request.name ?? ''}`);
  if (typeof written === 'string') throw driverError(['command'], written);
  const found = await foundCommand(store, user, location, written.name, ApplicationCommandType.ChatInput, request.application);
  const definition: CommandDefinition = found.command.definition;
  const data = commandData(found);
  const { options } = request;
  if (request.command === undefined && Array.isArray(options)) {
    // Options as the wire carries them (a recorded invocation): sent as they were.
    if (options.length > 0) data.options = options;
    return { applicationId: found.application.id, data, label: `${autocomplete ? 'autocomplete ' : ''}/${definition.name}` };
  }
  const read = readCommandText(definition, written.rest);
  if (typeof read === 'string') throw driverError(['command'], read);
  const path = read.path;
  const given: GivenOption[] = request.command !== undefined
    ? read.options.map((option) => ({ name: option.name, value: option.text }))
    : givenFromObject(Array.isArray(options) ? {} : (options ?? {}));
  let focused = request.focused;
  if (autocomplete && focused === undefined) {
    focused = given.at(-1)?.name;
    if (focused === undefined) throw driverError(['focused'], 'name the option to autocomplete: write it last (/echo text:hel) or give focused');
  }
  const leaves = await leafWireOptions(store, guildId, leafOptions(definition, path) ?? [], given, autocomplete ? focused : undefined);
  if (leaves.length > 0 || path.length > 0) data.options = nestOptions(path, leaves);
  const text = [`/${[definition.name, ...path].join(' ')}`, ...given.map((option) => `${option.name}:${String(option.value)}`)].join(' ');
  return { applicationId: found.application.id, data, label: autocomplete ? `autocomplete ${text}` : text };
}

/** A user command on a person, or a message command on a message. */
export async function contextCommand(
  store: Store, user: UserRecord, location: Location, request: { name: string; application?: string | undefined }, target: { user: string } | { messageId: string },
): Promise<BuiltCommand> {
  const type = 'user' in target ? ApplicationCommandType.User : ApplicationCommandType.Message;
  const found = await foundCommand(store, user, location, request.name, type, request.application);
  const targetId = 'user' in target ? (await findUser(store, target.user, ['target'])).id : target.messageId;
  const data = { ...commandData(found), target_id: targetId };
  const on = 'user' in target ? ((await store.world.user(targetId))?.username ?? targetId) : `message ${targetId}`;
  return { applicationId: found.application.id, data, label: `${found.command.definition.name} on ${on}` };
}
