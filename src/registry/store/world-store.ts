/** Applications, users, guilds and what is in them: the simulated world the commands live in. */
import type { Sql } from './database.js';
import type {
  ApplicationRecord, ChannelRecord, GuildRecord, MemberRecord, RoleRecord, UserRecord,
} from './records.js';
import { hashSecret } from './secrets.js';

const APPLICATION_COLUMNS =
  'id, name, owner_id, flags, interactions_endpoint_url, redirect_uris, activity_url, public_key, private_key';

type ApplicationRow = Omit<ApplicationRecord, 'redirect_uris'> & { redirect_uris: string };
type UserRow = Omit<UserRecord, 'bot'> & { bot: number };
type ChannelRow = Omit<ChannelRecord, 'nsfw'> & { nsfw: number };
type MemberRow = Omit<MemberRecord, 'roles'> & { roles: string };

function application(row: ApplicationRow | undefined): ApplicationRecord | undefined {
  if (!row) return undefined;
  return {
    id: row.id, name: row.name, owner_id: row.owner_id, flags: row.flags,
    interactions_endpoint_url: row.interactions_endpoint_url,
    redirect_uris: JSON.parse(row.redirect_uris) as string[], activity_url: row.activity_url,
    public_key: row.public_key, private_key: row.private_key,
  };
}

function user(row: UserRow | undefined): UserRecord | undefined {
  if (!row) return undefined;
  return { id: row.id, username: row.username, global_name: row.global_name, locale: row.locale, bot: row.bot === 1 };
}

function channel(row: ChannelRow): ChannelRecord {
  return {
    id: row.id, guild_id: row.guild_id, name: row.name, type: row.type,
    parent_id: row.parent_id, nsfw: row.nsfw === 1, position: row.position,
  };
}

function member(row: MemberRow): MemberRecord {
  return {
    guild_id: row.guild_id, user_id: row.user_id, roles: JSON.parse(row.roles) as string[],
    nick: row.nick, joined_at: row.joined_at,
  };
}

/** Reads and writes of the world's entities. */
export class WorldStore {
  constructor(private readonly sql: Sql) {}

  isEmpty(): boolean {
    return !this.sql.get('SELECT 1 AS found FROM applications LIMIT 1');
  }

  putApplication(record: ApplicationRecord, botToken: string, clientSecret: string | null): void {
    this.sql.run(
      `INSERT INTO applications (${APPLICATION_COLUMNS}, bot_token_hash, client_secret_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, owner_id = excluded.owner_id,
         flags = excluded.flags, interactions_endpoint_url = excluded.interactions_endpoint_url,
         redirect_uris = excluded.redirect_uris, activity_url = excluded.activity_url,
         bot_token_hash = excluded.bot_token_hash, client_secret_hash = excluded.client_secret_hash`,
      record.id, record.name, record.owner_id, record.flags, record.interactions_endpoint_url,
      JSON.stringify(record.redirect_uris), record.activity_url, record.public_key, record.private_key,
      hashSecret(botToken), clientSecret === null ? null : hashSecret(clientSecret),
    );
  }

  application(id: string): ApplicationRecord | undefined {
    return application(this.sql.get<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = ?`, id));
  }

  applicationByBotToken(token: string): ApplicationRecord | undefined {
    return application(
      this.sql.get<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE bot_token_hash = ?`, hashSecret(token)),
    );
  }

  applications(): ApplicationRecord[] {
    return this.sql
      .all<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications ORDER BY id`)
      .map((row) => application(row) as ApplicationRecord);
  }

  setInteractionsEndpoint(applicationId: string, url: string | null): void {
    this.sql.run('UPDATE applications SET interactions_endpoint_url = ? WHERE id = ?', url, applicationId);
  }

  /** Upserts a user; a null token leaves the stored one as it was. */
  putUser(record: UserRecord, token: string | null): void {
    this.sql.run(
      `INSERT INTO users (id, username, global_name, locale, bot, token_hash) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, global_name = excluded.global_name,
         locale = excluded.locale, bot = excluded.bot, token_hash = coalesce(excluded.token_hash, users.token_hash)`,
      record.id, record.username, record.global_name, record.locale, record.bot ? 1 : 0,
      token === null ? null : hashSecret(token),
    );
  }

  user(id: string): UserRecord | undefined {
    return user(this.sql.get<UserRow>('SELECT id, username, global_name, locale, bot FROM users WHERE id = ?', id));
  }

  userByToken(token: string): UserRecord | undefined {
    return user(
      this.sql.get<UserRow>('SELECT id, username, global_name, locale, bot FROM users WHERE token_hash = ?', hashSecret(token)),
    );
  }

  putGuild(record: GuildRecord): void {
    this.sql.run(
      `INSERT INTO guilds (id, name, owner_id, locale) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, owner_id = excluded.owner_id, locale = excluded.locale`,
      record.id, record.name, record.owner_id, record.locale,
    );
  }

  guild(id: string): GuildRecord | undefined {
    const row = this.sql.get<GuildRecord>('SELECT id, name, owner_id, locale FROM guilds WHERE id = ?', id);
    return row && { id: row.id, name: row.name, owner_id: row.owner_id, locale: row.locale };
  }

  putRole(record: RoleRecord): void {
    this.sql.run(
      `INSERT INTO roles (id, guild_id, name, permissions, position) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET guild_id = excluded.guild_id, name = excluded.name,
         permissions = excluded.permissions, position = excluded.position`,
      record.id, record.guild_id, record.name, record.permissions, record.position,
    );
  }

  roles(guildId: string): RoleRecord[] {
    return this.sql
      .all<RoleRecord>('SELECT id, guild_id, name, permissions, position FROM roles WHERE guild_id = ? ORDER BY position, id', guildId)
      .map((row) => ({ id: row.id, guild_id: row.guild_id, name: row.name, permissions: row.permissions, position: row.position }));
  }

  putChannel(record: ChannelRecord): void {
    this.sql.run(
      `INSERT INTO channels (id, guild_id, name, type, parent_id, nsfw, position) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET guild_id = excluded.guild_id, name = excluded.name, type = excluded.type,
         parent_id = excluded.parent_id, nsfw = excluded.nsfw, position = excluded.position`,
      record.id, record.guild_id, record.name, record.type, record.parent_id, record.nsfw ? 1 : 0, record.position,
    );
  }

  channels(guildId: string): ChannelRecord[] {
    return this.sql
      .all<ChannelRow>('SELECT id, guild_id, name, type, parent_id, nsfw, position FROM channels WHERE guild_id = ? ORDER BY position, id', guildId)
      .map(channel);
  }

  putMember(record: MemberRecord): void {
    this.sql.run(
      `INSERT INTO members (guild_id, user_id, roles, nick, joined_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (guild_id, user_id) DO UPDATE SET roles = excluded.roles, nick = excluded.nick`,
      record.guild_id, record.user_id, JSON.stringify(record.roles), record.nick, record.joined_at,
    );
  }

  members(guildId: string): MemberRecord[] {
    return this.sql
      .all<MemberRow>('SELECT guild_id, user_id, roles, nick, joined_at FROM members WHERE guild_id = ? ORDER BY joined_at, user_id', guildId)
      .map(member);
  }

  install(guildId: string, applicationId: string): void {
    this.sql.run('INSERT OR IGNORE INTO guild_installs (guild_id, application_id) VALUES (?, ?)', guildId, applicationId);
  }

  isInstalled(guildId: string, applicationId: string): boolean {
    return !!this.sql.get('SELECT 1 AS found FROM guild_installs WHERE guild_id = ? AND application_id = ?', guildId, applicationId);
  }

  /** Guilds an application is installed in: its bot's guilds. */
  guildsOf(applicationId: string): string[] {
    return this.sql
      .all<{ guild_id: string }>('SELECT guild_id FROM guild_installs WHERE application_id = ? ORDER BY guild_id', applicationId)
      .map((row) => row.guild_id);
  }
}
