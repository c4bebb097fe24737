/**
 * The PostgreSQL schema: the same tables and columns as the SQLite one (schema.ts), so one
 * SQL text serves both backends. Text sorts byte-wise (COLLATE "C") as SQLite's does, times
 * and counts are BIGINT (milliseconds outgrow INTEGER), files are BYTEA. Versions are kept
 * in `slashbench_schema`; several processes starting together take an advisory lock, so
 * one migrates and the others find it done.
 */

/** Tables whose rows a process keeps in its read cache (read-cache.ts): a write to one tells the other processes. */
const CACHED_TABLES = [
  'users', 'applications', 'guilds', 'roles', 'channels', 'members', 'guild_installs', 'user_installs', 'channel_recipients',
  'commands', 'command_permissions', 'sessions',
];

/** The schema's migrations, each a list of statements; the version is how many have run. */
export const POSTGRES_MIGRATIONS: ReadonlyArray<readonly string[]> = [
  [
    `CREATE TABLE users (
      id TEXT COLLATE "C" PRIMARY KEY,
      username TEXT NOT NULL,
      global_name TEXT,
      locale TEXT,
      bot INTEGER NOT NULL DEFAULT 0,
      token_hash TEXT UNIQUE
    )`,
    `CREATE TABLE applications (
      id TEXT COLLATE "C" PRIMARY KEY,
      name TEXT NOT NULL,
      owner_id TEXT,
      flags BIGINT NOT NULL DEFAULT 0,
      bot_token_hash TEXT NOT NULL UNIQUE,
      client_secret_hash TEXT,
      interactions_endpoint_url TEXT,
      redirect_uris TEXT NOT NULL DEFAULT '[]',
      activity_url TEXT,
      public_key TEXT NOT NULL,
      private_key TEXT NOT NULL
    )`,
    `CREATE TABLE guilds (
      id TEXT COLLATE "C" PRIMARY KEY,
      name TEXT NOT NULL,
      owner_id TEXT NOT NULL,
      locale TEXT NOT NULL DEFAULT 'en-US'
    )`,
    `CREATE TABLE roles (
      id TEXT COLLATE "C" PRIMARY KEY,
      guild_id TEXT COLLATE "C" NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      permissions TEXT NOT NULL,
      position INTEGER NOT NULL DEFAULT 0,
      color INTEGER NOT NULL DEFAULT 0,
      hoist INTEGER NOT NULL DEFAULT 0
    )`,
    'CREATE INDEX roles_by_guild ON roles (guild_id)',
    `CREATE TABLE channels (
      id TEXT COLLATE "C" PRIMARY KEY,
      guild_id TEXT COLLATE "C" REFERENCES guilds(id) ON DELETE CASCADE,
      name TEXT,
      type INTEGER NOT NULL,
      parent_id TEXT COLLATE "C",
      nsfw INTEGER NOT NULL DEFAULT 0,
      position INTEGER NOT NULL DEFAULT 0
    )`,
    'CREATE INDEX channels_by_guild ON channels (guild_id)',
    `CREATE TABLE members (
      guild_id TEXT COLLATE "C" NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
      user_id TEXT COLLATE "C" NOT NULL,
      roles TEXT NOT NULL DEFAULT '[]',
      nick TEXT,
      joined_at TEXT COLLATE "C" NOT NULL,
      PRIMARY KEY (guild_id, user_id)
    )`,
    `CREATE TABLE guild_installs (
      guild_id TEXT COLLATE "C" NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
      application_id TEXT COLLATE "C" NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      PRIMARY KEY (guild_id, application_id)
    )`,
    `CREATE TABLE commands (
      id TEXT COLLATE "C" PRIMARY KEY,
      application_id TEXT COLLATE "C" NOT NULL,
      scope TEXT COLLATE "C" NOT NULL,
      type INTEGER NOT NULL,
      name TEXT COLLATE "C" NOT NULL,
      version TEXT NOT NULL,
      definition TEXT NOT NULL,
      UNIQUE (application_id, scope, type, name)
    )`,
    `CREATE TABLE command_creates (
      application_id TEXT COLLATE "C" NOT NULL,
      scope TEXT COLLATE "C" NOT NULL,
      at BIGINT NOT NULL
    )`,
    'CREATE INDEX command_creates_by_scope ON command_creates (application_id, scope, at)',
    `CREATE TABLE command_permissions (
      application_id TEXT COLLATE "C" NOT NULL,
      guild_id TEXT COLLATE "C" NOT NULL,
      target_id TEXT COLLATE "C" NOT NULL,
      permissions TEXT NOT NULL,
      PRIMARY KEY (application_id, guild_id, target_id)
    )`,
    `CREATE TABLE oauth_tokens (
      token_hash TEXT PRIMARY KEY,
      application_id TEXT NOT NULL,
      user_id TEXT,
      scopes TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      grant_id TEXT
    )`,
    'CREATE INDEX oauth_tokens_by_grant ON oauth_tokens (grant_id)',
    `CREATE TABLE user_installs (
      user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      application_id TEXT COLLATE "C" NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, application_id)
    )`,
    `CREATE TABLE channel_recipients (
      channel_id TEXT COLLATE "C" NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
      user_id TEXT COLLATE "C" NOT NULL,
      position INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (channel_id, user_id)
    )`,
    'CREATE INDEX channel_recipients_by_user ON channel_recipients (user_id)',
    `CREATE TABLE messages (
      id TEXT COLLATE "C" PRIMARY KEY,
      channel_id TEXT COLLATE "C" NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
      sort_key TEXT COLLATE "C" NOT NULL,
      author_id TEXT COLLATE "C" NOT NULL,
      content TEXT NOT NULL DEFAULT '',
      timestamp TEXT NOT NULL,
      edited_timestamp TEXT,
      type INTEGER NOT NULL DEFAULT 0,
      flags BIGINT NOT NULL DEFAULT 0,
      embeds TEXT NOT NULL DEFAULT '[]',
      components TEXT NOT NULL DEFAULT '[]',
      attachments TEXT NOT NULL DEFAULT '[]',
      application_id TEXT,
      webhook_id TEXT,
      interaction_metadata TEXT,
      message_reference TEXT
    )`,
    'CREATE INDEX messages_by_channel ON messages (channel_id, sort_key)',
    `CREATE TABLE attachments (
      id TEXT COLLATE "C" PRIMARY KEY,
      channel_id TEXT COLLATE "C" NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
      uploader_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      filename TEXT NOT NULL,
      content_type TEXT,
      size BIGINT NOT NULL,
      bytes BYTEA NOT NULL,
      url_key TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      used_by_interaction TEXT,
      message_id TEXT COLLATE "C"
    )`,
    'CREATE INDEX attachments_by_channel ON attachments (channel_id)',
    'CREATE INDEX attachments_by_message ON attachments (message_id)',
    // A message's files go with it, however it is deleted (the one place, as in SQLite).
    `CREATE FUNCTION messages_take_their_files() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       DELETE FROM attachments WHERE message_id = OLD.id;
       RETURN OLD;
     END $$`,
    `CREATE TRIGGER messages_take_their_files AFTER DELETE ON messages
     FOR EACH ROW EXECUTE FUNCTION messages_take_their_files()`,
    `CREATE TABLE oauth_codes (
      code_hash TEXT PRIMARY KEY,
      grant_id TEXT NOT NULL,
      application_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      scopes TEXT NOT NULL,
      redirect_uri TEXT,
      code_challenge TEXT,
      nonce TEXT,
      expires_at BIGINT NOT NULL,
      redeemed INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE oauth_refresh_tokens (
      token_hash TEXT PRIMARY KEY,
      grant_id TEXT NOT NULL,
      application_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      scopes TEXT NOT NULL,
      rotated INTEGER NOT NULL DEFAULT 0
    )`,
    'CREATE INDEX oauth_refresh_tokens_by_grant ON oauth_refresh_tokens (grant_id)',
    `CREATE TABLE oauth_signing_keys (
      id TEXT COLLATE "C" PRIMARY KEY,
      private_key TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE sessions (
      token_hash TEXT COLLATE "C" PRIMARY KEY,
      user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      seq BIGINT NOT NULL DEFAULT 0
    )`,
    'CREATE INDEX sessions_by_user ON sessions (user_id, created_at)',
    `CREATE TABLE polls (
      message_id TEXT COLLATE "C" PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
      question TEXT NOT NULL,
      answers TEXT NOT NULL,
      expiry TEXT COLLATE "C" NOT NULL,
      allow_multiselect INTEGER NOT NULL DEFAULT 0,
      layout_type INTEGER NOT NULL DEFAULT 1,
      finalized INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE poll_votes (
      message_id TEXT COLLATE "C" NOT NULL REFERENCES polls(message_id) ON DELETE CASCADE,
      answer_id INTEGER NOT NULL,
      user_id TEXT COLLATE "C" NOT NULL,
      PRIMARY KEY (message_id, answer_id, user_id)
    )`,
    'CREATE INDEX poll_votes_by_user ON poll_votes (message_id, user_id)',
  ],
  // 2: interactions in flight and their ephemeral messages (schema.ts, 10).
  [
    `CREATE TABLE interactions (
      id TEXT COLLATE "C" PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      application_id TEXT COLLATE "C" NOT NULL,
      type INTEGER NOT NULL,
      user_id TEXT COLLATE "C" NOT NULL,
      guild_id TEXT,
      channel_id TEXT NOT NULL,
      nonce TEXT,
      name TEXT,
      created_at BIGINT NOT NULL,
      response_type INTEGER,
      answering INTEGER NOT NULL DEFAULT 0,
      expired INTEGER NOT NULL DEFAULT 0,
      original_message_id TEXT,
      source_message_id TEXT,
      followups INTEGER NOT NULL DEFAULT 0,
      user_installed_only INTEGER NOT NULL DEFAULT 0,
      owners TEXT NOT NULL,
      payload TEXT NOT NULL,
      metadata TEXT NOT NULL,
      origin TEXT NOT NULL,
      refusal TEXT
    )`,
    'CREATE INDEX interactions_by_user ON interactions (user_id, application_id, response_type, created_at)',
    'CREATE INDEX interactions_by_time ON interactions (created_at)',
    `CREATE TABLE ephemeral_messages (
      id TEXT COLLATE "C" PRIMARY KEY,
      interaction_id TEXT COLLATE "C" NOT NULL,
      body TEXT NOT NULL
    )`,
    'CREATE INDEX ephemeral_messages_by_interaction ON ephemeral_messages (interaction_id)',
  ],
  // 3: what the processes share besides the data (schema.ts, 11), and the change signal: a
  // write to any table a process caches rows of notifies `slashbench_changes` with the
  // writer's application_name (its process), once per table and transaction.
  [
    `CREATE TABLE activity_instances (
      id TEXT COLLATE "C" PRIMARY KEY,
      application_id TEXT COLLATE "C" NOT NULL,
      channel_id TEXT COLLATE "C" NOT NULL,
      guild_id TEXT,
      participants TEXT NOT NULL,
      started_at BIGINT NOT NULL,
      UNIQUE (application_id, channel_id)
    )`,
    `CREATE TABLE feed (
      id BIGSERIAL PRIMARY KEY,
      origin TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE processes (
      id TEXT COLLATE "C" PRIMARY KEY,
      heartbeat_at BIGINT NOT NULL
    )`,
    `CREATE TABLE gateway_sessions (
      id TEXT COLLATE "C" PRIMARY KEY,
      application_id TEXT COLLATE "C" NOT NULL,
      shard_id INTEGER NOT NULL,
      shard_count INTEGER NOT NULL,
      process_id TEXT NOT NULL,
      resumable_until BIGINT
    )`,
    'CREATE INDEX gateway_sessions_by_application ON gateway_sessions (application_id)',
    `CREATE FUNCTION slashbench_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM pg_notify('slashbench_changes', current_setting('application_name'));
       RETURN NULL;
     END $$`,
    ...CACHED_TABLES.map((table) => `CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION slashbench_changed()`),
  ],
  // 4: an app's Activity URL mappings (schema.ts, 12).
  [
    `ALTER TABLE applications ADD COLUMN url_mappings TEXT NOT NULL DEFAULT '[]'`,
  ],
];
