/**
 * Create (upsert), edit, delete and bulk overwrite, with the service's limits. Each runs
 * its read-check-write inside one store transaction, so a refusal changes nothing and a
 * bulk overwrite is all or nothing, even if the process dies half-way.
 */
import type { CommandDefinition } from '../../shared/command-rules/definition.js';
import { validateCommand, validateCommandEdit, validateCommandList } from '../../shared/command-rules/index.js';
import { invalidField, invalidFormBody, ServiceError } from '../http/service-error.js';
import type { ApplicationRecord, StoredCommand } from '../store/records.js';
import type { Store } from '../store/store.js';
import { sameEncodedDefinition } from '../store/stored-definition.js';
import { checkDailyCreates, recordDailyCreates } from './daily-creates.js';

/** Commands of each type per scope (spec, Limits). */
export const COMMAND_LIMITS: Readonly<Record<number, number>> = { 1: 100, 2: 15, 3: 15, 4: 1 };

export interface CommandScope {
  store: Store;
  application: ApplicationRecord;
  /** null for global commands. */
  guildId: string | null;
  now: number;
  nextId: () => string;
}

function ruleContext(scope: CommandScope) {
  return { scope: scope.guildId === null ? 'global' : 'guild', applicationFlags: scope.application.flags } as const;
}

/**
 * The writes that take turns: every write to an application's commands reads its lists and
 * its day's creates (any scope's), so two at once would collide and one retry (database.ts).
 */
function writesOf(scope: CommandScope): string {
  return `commands:${scope.application.id}`;
}

function sameKey(a: CommandDefinition, b: CommandDefinition): boolean {
  return a.type === b.type && a.name === b.name;
}

/** The stored command with `definition`, under a new version only when something changed. */
function revise(command: StoredCommand, definition: CommandDefinition, nextId: () => string): StoredCommand {
  if (JSON.stringify(command.definition) === JSON.stringify(definition)) return command;
  return { ...command, definition, version: nextId() };
}

function checkTypeLimit(commands: ReadonlyArray<CommandDefinition>): void {
  const counts = new Map<number, number>();
  for (const command of commands) counts.set(command.type, (counts.get(command.type) ?? 0) + 1);
  for (const [type, count] of counts) {
    const limit = COMMAND_LIMITS[type] ?? 0;
    if (count > limit) throw new ServiceError('maxCommands', { limit });
  }
}

/** POST: a new command (201), or the existing one of the same type and name overwritten (200). */
export async function createCommand(scope: CommandScope, body: unknown): Promise<{ created: boolean; command: StoredCommand }> {
  const result = validateCommand(body, ruleContext(scope));
  if (!result.ok) throw invalidFormBody(result.errors);
  const definition = result.value;
  const { store, application, guildId } = scope;
  return await store.transaction(async () => {
    const existing = await store.commands.list(application.id, guildId);
    const same = existing.find((command) => sameKey(command.definition, definition));
    if (same) {
      const updated = revise(same, definition, scope.nextId);
      await store.commands.put(updated);
      return { created: false, command: updated };
    }
    checkTypeLimit([...existing.map((command) => command.definition), definition]);
    await checkDailyCreates(store, application.id, guildId, 1, scope.now);
    const id = scope.nextId();
    const command: StoredCommand = { id, application_id: application.id, guild_id: guildId, version: id, definition };
    await store.commands.put(command);
    await recordDailyCreates(store, application.id, guildId, 1, scope.now);
    return { created: true, command };
  }, writesOf(scope));
}

/** The command `id` in this scope, or the service's 10063. */
export async function findCommand(scope: CommandScope, id: string): Promise<StoredCommand> {
  const command = await scope.store.commands.get(scope.application.id, scope.guildId, id);
  if (!command) throw new ServiceError('unknownCommand');
  return command;
}

/** PATCH: given fields replace the stored ones; the merged result must pass every rule. */
export async function editCommand(scope: CommandScope, id: string, patch: unknown): Promise<StoredCommand> {
  const { store } = scope;
  return await store.transaction(async () => {
    const command = await findCommand(scope, id);
    const result = validateCommandEdit(command.definition, patch, ruleContext(scope));
    if (!result.ok) throw invalidFormBody(result.errors);
    const definition = result.value;
    const clash = (await store.commands
      .list(scope.application.id, scope.guildId))
      .find((other) => other.id !== id && sameKey(other.definition, definition));
    if (clash) throw invalidField(['name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', 'Application command names must be unique');
    const updated = revise(command, definition, scope.nextId);
    // Renaming a command deletes its permissions (spec, Permissions).
    if (updated.definition.name !== command.definition.name) await store.commands.deletePermissions(command);
    await store.commands.put(updated);
    return updated;
  }, writesOf(scope));
}

/** DELETE: the command and its permissions. */
export async function deleteCommand(scope: CommandScope, id: string): Promise<void> {
  await scope.store.transaction(async () => await scope.store.commands.delete(await findCommand(scope, id)), writesOf(scope));
}

/**
 * PUT: the whole list of the scope, all types. Elements match existing commands by `id`,
 * else by type and name, and keep their ids; the rest are new (counted as daily creates)
 * and the existing ones left out are deleted with their permissions. Stored definitions
 * stay JSON text throughout: each new one is encoded once, compared with the stored text
 * (the same test as `revise`, decoding only a text that differs) and written as that text.
 */
export async function overwriteCommands(scope: CommandScope, body: unknown): Promise<StoredCommand[]> {
  const result = validateCommandList(body, ruleContext(scope));
  if (!result.ok) throw invalidFormBody(result.errors);
  const items = result.value;
  const { store, application, guildId } = scope;
  return await store.transaction(async () => {
    const existing = await store.commands.listEncoded(application.id, guildId);
    checkTypeLimit(items.map((item) => item.command));
    if (existing.some((command) => command.type === 4) && !items.some((item) => item.command.type === 4)) {
      throw new ServiceError('entryPointRemoved');
    }
    const unmatched = new Map(existing.map((command) => [command.id, command]));
    const matches = items.map((item) => {
      const byId = item.id === undefined ? undefined : unmatched.get(item.id);
      const match = byId && byId.type === item.command.type
        ? byId
        : [...unmatched.values()].find((command) => command.type === item.command.type && command.name === item.command.name);
      if (match) unmatched.delete(match.id);
      return match;
    });
    const created = matches.filter((match) => match === undefined).length;
    await checkDailyCreates(store, application.id, guildId, created, scope.now);

    for (const command of unmatched.values()) await store.commands.delete(command);
    for (const [index, match] of matches.entries()) {
      if (!match) continue;
      // Renaming deletes permissions; then free the row so swapped names never collide on the UNIQUE index.
      if (match.name !== items[index]?.command.name) await store.commands.deletePermissions(match);
      await store.commands.removeRow(match.id);
    }
    const saved: StoredCommand[] = [];
    for (const [index, item] of items.entries()) {
      const match = matches[index];
      const encoded = JSON.stringify(item.command);
      const command: StoredCommand = match
        ? { id: match.id, application_id: application.id, guild_id: guildId, version: sameEncodedDefinition(encoded, match.definition) ? match.version : scope.nextId(), definition: item.command }
        : newCommand(scope.nextId(), application.id, guildId, item.command);
      await store.commands.put(command, encoded);
      saved.push(command);
    }
    await recordDailyCreates(store, application.id, guildId, created, scope.now);
    return saved;
  }, writesOf(scope));
}

function newCommand(id: string, applicationId: string, guildId: string | null, definition: CommandDefinition): StoredCommand {
  return { id, application_id: applicationId, guild_id: guildId, version: id, definition };
}
