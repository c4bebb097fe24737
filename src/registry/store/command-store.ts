/**
 * Commands and their daily-create ledger. A command's scope column is '' for global and
 * the guild id otherwise, so (application, scope, type, name) is one UNIQUE index: the
 * database itself refuses a duplicate name, whatever the routes do.
 */
import type { CommandDefinition } from '../../shared/command-rules/definition.js';
import type { Sql } from './database.js';
import type { StoredCommand } from './records.js';
import { upgradeDefinition } from './stored-definition.js';

interface CommandRow {
  id: string;
  application_id: string;
  scope: string;
  version: string;
  definition: string;
}

const COLUMNS = 'id, application_id, scope, version, definition';

function scopeOf(guildId: string | null): string {
  return guildId ?? '';
}

/**
 * A command as stored, its definition still JSON text: what a bulk overwrite matches,
 * compares and rewrites, without decoding (and re-encoding) up to 32 MiB of definitions.
 */
export interface EncodedCommand {
  id: string;
  application_id: string;
  guild_id: string | null;
  version: string;
  type: number;
  name: string;
  /** The definition as JSON text, exactly as `put` wrote it (maybe in an older shape: compare with `sameEncodedDefinition`). */
  definition: string;
}

/** What deleting a command needs to know of it. */
export type CommandKey = Pick<StoredCommand, 'id' | 'application_id' | 'guild_id'>;

function decode(row: CommandRow): StoredCommand {
  return {
    id: row.id,
    application_id: row.application_id,
    guild_id: row.scope === '' ? null : row.scope,
    version: row.version,
    definition: upgradeDefinition(JSON.parse(row.definition) as CommandDefinition),
  };
}

/** Reads and writes of commands, one scope (global or a guild) at a time. */
export class CommandStore {
  constructor(private readonly sql: Sql) {}

  async list(applicationId: string, guildId: string | null): Promise<StoredCommand[]> {
    return (await this.sql.all<CommandRow>(`SELECT ${COLUMNS} FROM commands WHERE application_id = ? AND scope = ? ORDER BY id`, applicationId, scopeOf(guildId)))
      .map(decode);
  }

  /** A scope's commands by id, definitions left encoded (see EncodedCommand). */
  async listEncoded(applicationId: string, guildId: string | null): Promise<EncodedCommand[]> {
    return (await this.sql.all<CommandRow & { type: number; name: string }>(
        `SELECT ${COLUMNS}, type, name FROM commands WHERE application_id = ? AND scope = ? ORDER BY id`, applicationId, scopeOf(guildId),
      ))
      .map((row) => ({
        id: row.id, application_id: row.application_id, guild_id: row.scope === '' ? null : row.scope,
        version: row.version, type: row.type, name: row.name, definition: row.definition,
      }));
  }

  async get(applicationId: string, guildId: string | null, id: string): Promise<StoredCommand | undefined> {
    const row = await this.sql.get<CommandRow>(
      `SELECT ${COLUMNS} FROM commands WHERE application_id = ? AND scope = ? AND id = ?`,
      applicationId, scopeOf(guildId), id,
    );
    return row && decode(row);
  }

  /** A command by id alone, whatever its app and scope (the client names commands by id). */
  async byId(id: string): Promise<StoredCommand | undefined> {
    const row = await this.sql.cachedGet<CommandRow>(`SELECT ${COLUMNS} FROM commands WHERE id = ?`, id);
    return row && decode(row);
  }

  /** Inserts or replaces a command by id; `encoded` is its definition's JSON when the caller already has it. */
  async put(command: StoredCommand, encoded: string = JSON.stringify(command.definition)): Promise<void> {
    await this.sql.run(
      `INSERT INTO commands (id, application_id, scope, type, name, version, definition) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET type = excluded.type, name = excluded.name,
         version = excluded.version, definition = excluded.definition`,
      command.id, command.application_id, scopeOf(command.guild_id), command.definition.type,
      command.definition.name, command.version, encoded,
    );
  }

  /** Deletes a command and, as the spec requires, every permission overwrite it had. */
  async delete(command: CommandKey): Promise<void> {
    await this.removeRow(command.id);
    await this.deletePermissions(command);
  }

  /** Removes only the command's row, keeping its permissions (a bulk overwrite rewrites kept commands). */
  async removeRow(id: string): Promise<void> {
    await this.sql.run('DELETE FROM commands WHERE id = ?', id);
  }

  /** Drops a command's overwrites: in its guild, or in every guild for a global command. */
  async deletePermissions(command: CommandKey): Promise<void> {
    if (command.guild_id === null) {
      await this.sql.run('DELETE FROM command_permissions WHERE application_id = ? AND target_id = ?', command.application_id, command.id);
    } else {
      await this.sql.run(
        'DELETE FROM command_permissions WHERE application_id = ? AND guild_id = ? AND target_id = ?',
        command.application_id, command.guild_id, command.id,
      );
    }
  }

  /** Times (ms) of the creates in a scope since `since`, oldest first: the daily limit's ledger. */
  async createsSince(applicationId: string, guildId: string | null, since: number): Promise<number[]> {
    return (await this.sql.all<{ at: number }>('SELECT at FROM command_creates WHERE application_id = ? AND scope = ? AND at > ? ORDER BY at', applicationId, scopeOf(guildId), since))
      .map((row) => row.at);
  }

  async recordCreates(applicationId: string, guildId: string | null, at: number, count: number): Promise<void> {
    for (let index = 0; index < count; index++) {
      await this.sql.run('INSERT INTO command_creates (application_id, scope, at) VALUES (?, ?, ?)', applicationId, scopeOf(guildId), at);
    }
  }

  /** Forgets creates older than `before`, so the ledger stays small. */
  async pruneCreates(before: number): Promise<void> {
    await this.sql.run('DELETE FROM command_creates WHERE at <= ?', before);
  }
}
