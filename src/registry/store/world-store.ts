/** Applications, users, guilds and what is in them: the simulated world the commands live in. */
import type { Sql } from './database.js';
import type { Keychain } from './keychain.js';
import type {
  ApplicationRecord, ChannelRecord, GuildRecord, MemberRecord, RoleRecord, UserRecord,
} from './records.js';
import { hashSecret } from './secrets.js';
import {
  APPLICATION_COLUMNS, ROLE_COLUMNS, application, channel, member, role, user,
  type ApplicationRow, type ChannelRow, type MemberRow, type RoleRow, type UserRow,
} from './world-rows.js';

/** Reads and writes of the world's entities. */
export class WorldStore {
  /** The keychain hears every token given in plaintext, so it can be shown again. */
  constructor(private readonly sql: Sql, private readonly keychain: Keychain) {}

  async isEmpty(): Promise<boolean> {
    return !await this.sql.get('SELECT 1 AS found FROM applications LIMIT 1');
  }

  /** Upserts an application; a null token or secret keeps the stored digest (exported worlds carry none). */
  async putApplication(record: ApplicationRecord, botToken: string | null, clientSecret: string | null): Promise<void> {
    const botTokenHash = botToken === null
      ? (await this.sql.get<{ hash: string }>('SELECT bot_token_hash AS hash FROM applications WHERE id = ?', record.id))?.hash
      : hashSecret(botToken);
    if (botTokenHash === undefined) throw new Error(`application ${record.id} is new and needs a bot token`);
    await this.sql.run(
      `INSERT INTO applications (${APPLICATION_COLUMNS}, bot_token_hash, client_secret_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, owner_id = excluded.owner_id,
         flags = excluded.flags, interactions_endpoint_url = excluded.interactions_endpoint_url,
         redirect_uris = excluded.redirect_uris, activity_url = excluded.activity_url, url_mappings = excluded.url_mappings,
         bot_token_hash = excluded.bot_token_hash,
         client_secret_hash = coalesce(excluded.client_secret_hash, applications.client_secret_hash)`,
      record.id, record.name, record.owner_id, record.flags, record.interactions_endpoint_url,
      JSON.stringify(record.redirect_uris), record.activity_url, JSON.stringify(record.url_mappings), record.public_key, record.private_key,
      botTokenHash, clientSecret === null ? null : hashSecret(clientSecret),
    );
    if (botToken !== null) this.sql.afterCommit(() => this.keychain.remember({ kind: 'bot_token', applicationId: record.id, value: botToken }));
    if (clientSecret !== null) this.sql.afterCommit(() => this.keychain.remember({ kind: 'client_secret', applicationId: record.id, value: clientSecret }));
  }

  async application(id: string): Promise<ApplicationRecord | undefined> {
    return application(await this.sql.cachedGet<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = ?`, id));
  }

  async applicationByBotToken(token: string): Promise<ApplicationRecord | undefined> {
    return application(
      await this.sql.cachedGet<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE bot_token_hash = ?`, hashSecret(token)),
    );
  }

  async applications(): Promise<ApplicationRecord[]> {
    return (await this.sql.all<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications ORDER BY id`))
      .map((row) => application(row) as ApplicationRecord);
  }

  async setInteractionsEndpoint(applicationId: string, url: string | null): Promise<void> {
    await this.sql.run('UPDATE applications SET interactions_endpoint_url = ? WHERE id = ?', url, applicationId);
  }

  /** Upserts a user; a null token leaves the stored one as it was. */
  async putUser(record: UserRecord, token: string | null): Promise<void> {
    await this.sql.run(
      `INSERT INTO users (id, username, global_name, locale, bot, token_hash) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, global_name = excluded.global_name,
         locale = excluded.locale, bot = excluded.bot, token_hash = coalesce(excluded.token_hash, users.token_hash)`,
      record.id, record.username, record.global_name, record.locale, record.bot ? 1 : 0,
      token === null ? null : hashSecret(token),
    );
    if (token !== null) this.sql.afterCommit(() => this.keychain.remember({ kind: 'user_token', userId: record.id, value: token }));
  }

  /** Every user, bots included, by id. */
  async users(): Promise<UserRecord[]> {
    return (await this.sql.all<UserRow>('SELECT id, username, global_name, locale, bot FROM users ORDER BY length(id), id'))
      .map((row) => user(row) as UserRecord);
  }

  async user(id: string): Promise<UserRecord | undefined> {
    return user(await this.sql.cachedGet<UserRow>('SELECT id, username, global_name, locale, bot FROM users WHERE id = ?', id));
  }

  async userByToken(token: string): Promise<UserRecord | undefined> {
    return user(
      await this.sql.cachedGet<UserRow>('SELECT id, username, global_name, locale, bot FROM users WHERE token_hash = ?', hashSecret(token)),
    );
  }

  /**
   * Deletes a person and everything that names them, so the world still loads back from an
   * export: their memberships, their DMs, their place in group DMs (one left empty goes),
   * their messages and OAuth2 grants; the schema cascades sessions, installs and uploads.
   * The caller has checked they own no guild or application.
   */
  async deleteUser(id: string): Promise<void> {
    await this.sql.run('DELETE FROM members WHERE user_id = ?', id);
    for (const { channel_id: channelId, type } of await this.sql.all<{ channel_id: string; type: number }>(
      'SELECT channel_id, type FROM channel_recipients JOIN channels ON channels.id = channel_id WHERE user_id = ?', id,
    )) {
      const others = (await this.recipients(channelId)).filter((userId) => userId !== id);
      if (type === 1 || others.length === 0) await this.deleteChannel(channelId);
      else await this.setRecipients(channelId, others);
    }
    await this.sql.run('DELETE FROM messages WHERE author_id = ?', id);
    for (const table of ['oauth_tokens', 'oauth_codes', 'oauth_refresh_tokens']) await this.sql.run(`DELETE FROM ${table} WHERE user_id = ?`, id);
    await this.sql.run('DELETE FROM users WHERE id = ?', id);
    this.sql.afterCommit(() => this.keychain.remember({ kind: 'forget_user', userId: id }));
  }

  async putGuild(record: GuildRecord): Promise<void> {
    await this.sql.run(
      `INSERT INTO guilds (id, name, owner_id, locale) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, owner_id = excluded.owner_id, locale = excluded.locale`,
      record.id, record.name, record.owner_id, record.locale,
    );
  }

  /** Every guild, by id: what a world export walks. */
  async guilds(): Promise<GuildRecord[]> {
    return (await this.sql.cachedAll<GuildRecord>('SELECT id, name, owner_id, locale FROM guilds ORDER BY length(id), id'))
      .map((row) => ({ id: row.id, name: row.name, owner_id: row.owner_id, locale: row.locale }));
  }

  async guild(id: string): Promise<GuildRecord | undefined> {
    const row = await this.sql.cachedGet<GuildRecord>('SELECT id, name, owner_id, locale FROM guilds WHERE id = ?', id);
    return row && { id: row.id, name: row.name, owner_id: row.owner_id, locale: row.locale };
  }

  async putRole(record: RoleRecord): Promise<void> {
    await this.sql.run(
      `INSERT INTO roles (id, guild_id, name, permissions, position, color, hoist) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET guild_id = excluded.guild_id, name = excluded.name,
         permissions = excluded.permissions, position = excluded.position, color = excluded.color, hoist = excluded.hoist`,
      record.id, record.guild_id, record.name, record.permissions, record.position, record.color ?? 0, record.hoist ? 1 : 0,
    );
  }

  async roles(guildId: string): Promise<RoleRecord[]> {
    return (await this.sql.cachedAll<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM roles WHERE guild_id = ? ORDER BY position, id`, guildId))
      .map(role);
  }

  async role(id: string): Promise<RoleRecord | undefined> {
    const row = await this.sql.cachedGet<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM roles WHERE id = ?`, id);
    return row && role(row);
  }

  /** Deletes a role and takes it from every member who held it. */
  async deleteRole(role: RoleRecord): Promise<void> {
    for (const held of await this.members(role.guild_id)) {
      if (held.roles.includes(role.id)) await this.putMember({ ...held, roles: held.roles.filter((id) => id !== role.id) });
    }
    await this.sql.run('DELETE FROM roles WHERE id = ?', role.id);
  }

  async putChannel(record: ChannelRecord): Promise<void> {
    await this.sql.run(
      `INSERT INTO channels (id, guild_id, name, type, parent_id, nsfw, position) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET guild_id = excluded.guild_id, name = excluded.name, type = excluded.type,
         parent_id = excluded.parent_id, nsfw = excluded.nsfw, position = excluded.position`,
      record.id, record.guild_id, record.name, record.type, record.parent_id, record.nsfw ? 1 : 0, record.position,
    );
  }

  async channels(guildId: string): Promise<ChannelRecord[]> {
    return (await this.sql.cachedAll<ChannelRow>('SELECT id, guild_id, name, type, parent_id, nsfw, position FROM channels WHERE guild_id = ? ORDER BY position, id', guildId))
      .map(channel);
  }

  async channel(id: string): Promise<ChannelRecord | undefined> {
    const row = await this.sql.cachedGet<ChannelRow>('SELECT id, guild_id, name, type, parent_id, nsfw, position FROM channels WHERE id = ?', id);
    return row && channel(row);
  }

  /** DMs and group DMs, which belong to no guild. */
  async privateChannels(): Promise<ChannelRecord[]> {
    return (await this.sql.all<ChannelRow>('SELECT id, guild_id, name, type, parent_id, nsfw, position FROM channels WHERE guild_id IS NULL ORDER BY length(id), id'))
      .map(channel);
  }

  /**
   * Deletes a channel with its threads, messages and recipients (the schema cascades);
   * channels it was the category of stay, without a parent, as in the real client.
   */
  async deleteChannel(id: string): Promise<void> {
    await this.sql.run('DELETE FROM channels WHERE parent_id = ? AND type IN (10, 11, 12)', id);
    await this.sql.run('UPDATE channels SET parent_id = NULL WHERE parent_id = ?', id);
    await this.sql.run('DELETE FROM channels WHERE id = ?', id);
  }

  /** The people in a DM or group DM, in the order they were given. */
  async recipients(channelId: string): Promise<string[]> {
    return (await this.sql.cachedAll<{ user_id: string }>('SELECT user_id FROM channel_recipients WHERE channel_id = ? ORDER BY position', channelId))
      .map((row) => row.user_id);
  }

  /** Replaces a DM's or group DM's recipients, keeping their order (a group DM's first is its owner). */
  async setRecipients(channelId: string, userIds: readonly string[]): Promise<void> {
    await this.sql.run('DELETE FROM channel_recipients WHERE channel_id = ?', channelId);
    for (const [position, userId] of userIds.entries()) {
      await this.sql.run('INSERT INTO channel_recipients (channel_id, user_id, position) VALUES (?, ?, ?)', channelId, userId, position);
    }
  }

  /** The DM (type 1) between two users, if one exists: there is at most one per pair. */
  async directMessageBetween(first: string, second: string): Promise<string | undefined> {
    return (await this.sql.get<{ id: string }>(
      `SELECT channels.id AS id FROM channels
       JOIN channel_recipients AS a ON a.channel_id = channels.id AND a.user_id = ?
       JOIN channel_recipients AS b ON b.channel_id = channels.id AND b.user_id = ?
       WHERE channels.type = 1 LIMIT 1`,
      first, second,
    ))?.id;
  }

  /** Upserts a member, joined_at included: callers pass the old one when nothing changes it. */
  async putMember(record: MemberRecord): Promise<void> {
    await this.sql.run(
      `INSERT INTO members (guild_id, user_id, roles, nick, joined_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (guild_id, user_id) DO UPDATE SET roles = excluded.roles, nick = excluded.nick, joined_at = excluded.joined_at`,
      record.guild_id, record.user_id, JSON.stringify(record.roles), record.nick, record.joined_at,
    );
  }

  async members(guildId: string): Promise<MemberRecord[]> {
    return (await this.sql.cachedAll<MemberRow>('SELECT guild_id, user_id, roles, nick, joined_at FROM members WHERE guild_id = ? ORDER BY joined_at, user_id', guildId))
      .map(member);
  }

  async member(guildId: string, userId: string): Promise<MemberRecord | undefined> {
    const row = await this.sql.cachedGet<MemberRow>('SELECT guild_id, user_id, roles, nick, joined_at FROM members WHERE guild_id = ? AND user_id = ?', guildId, userId);
    return row && member(row);
  }

  async deleteMember(guildId: string, userId: string): Promise<void> {
    await this.sql.run('DELETE FROM members WHERE guild_id = ? AND user_id = ?', guildId, userId);
  }

  async install(guildId: string, applicationId: string): Promise<void> {
    await this.sql.run('INSERT INTO guild_installs (guild_id, application_id) VALUES (?, ?) ON CONFLICT DO NOTHING', guildId, applicationId);
  }

  async isInstalled(guildId: string, applicationId: string): Promise<boolean> {
    return !!await this.sql.cachedGet('SELECT 1 AS found FROM guild_installs WHERE guild_id = ? AND application_id = ?', guildId, applicationId);
  }

  /** Removes an app from a guild; its bot's membership is the caller's to remove. */
  async uninstall(guildId: string, applicationId: string): Promise<void> {
    await this.sql.run('DELETE FROM guild_installs WHERE guild_id = ? AND application_id = ?', guildId, applicationId);
  }

  /** Applications installed in a guild. */
  async installs(guildId: string): Promise<string[]> {
    return (await this.sql.cachedAll<{ application_id: string }>('SELECT application_id FROM guild_installs WHERE guild_id = ? ORDER BY length(application_id), application_id', guildId))
      .map((row) => row.application_id);
  }

  /** Applications a user installed to their account (USER_INSTALL). */
  async userApplications(userId: string): Promise<string[]> {
    return (await this.sql.cachedAll<{ application_id: string }>('SELECT application_id FROM user_installs WHERE user_id = ? ORDER BY length(application_id), application_id', userId))
      .map((row) => row.application_id);
  }

  async installForUser(userId: string, applicationId: string): Promise<void> {
    await this.sql.run('INSERT INTO user_installs (user_id, application_id) VALUES (?, ?) ON CONFLICT DO NOTHING', userId, applicationId);
  }

  async uninstallForUser(userId: string, applicationId: string): Promise<void> {
    await this.sql.run('DELETE FROM user_installs WHERE user_id = ? AND application_id = ?', userId, applicationId);
  }

  /**
   * How many people installed an application to their account, and how many authorized it
   * at all: an install, or an OAuth grant of theirs that is still held.
   */
  async userCounts(applicationId: string): Promise<{ installs: number; authorizations: number }> {
    const counted = await this.sql.get<{ installs: number; authorizations: number }>(
      `SELECT (SELECT COUNT(*) FROM user_installs WHERE application_id = ?) AS installs,
        (SELECT COUNT(*) FROM (SELECT user_id FROM user_installs WHERE application_id = ?
          UNION SELECT user_id FROM oauth_tokens WHERE application_id = ? AND user_id IS NOT NULL) AS people) AS authorizations`,
      applicationId, applicationId, applicationId,
    );
    return { installs: Number(counted?.installs ?? 0), authorizations: Number(counted?.authorizations ?? 0) };
  }

  /** Guilds an application is installed in: its bot's guilds. */
  async guildsOf(applicationId: string): Promise<string[]> {
    return (await this.sql.cachedAll<{ guild_id: string }>('SELECT guild_id FROM guild_installs WHERE application_id = ? ORDER BY guild_id', applicationId))
      .map((row) => row.guild_id);
  }
}
