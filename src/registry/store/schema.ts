/**
 * The database schema, as numbered migrations tracked by `PRAGMA user_version`, so a data
 * directory made by an older Slashbench opens in a newer one.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    global_name TEXT,
    locale TEXT,
    bot INTEGER NOT NULL DEFAULT 0,
    token_hash TEXT UNIQUE
  );
  CREATE TABLE applications (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    owner_id TEXT,
    flags INTEGER NOT NULL DEFAULT 0,
    bot_token_hash TEXT NOT NULL UNIQUE,
    client_secret_hash TEXT,
    interactions_endpoint_url TEXT,
    redirect_uris TEXT NOT NULL DEFAULT '[]',
    activity_url TEXT,
    public_key TEXT NOT NULL,
    private_key TEXT NOT NULL
  );
  CREATE TABLE guilds (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    locale TEXT NOT NULL DEFAULT 'en-US'
  );
  CREATE TABLE roles (
    id TEXT PRIMARY KEY,
    guild_id TEXT NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    permissions TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX roles_by_guild ON roles (guild_id);
  CREATE TABLE channels (
    id TEXT PRIMARY KEY,
    guild_id TEXT REFERENCES guilds(id) ON DELETE CASCADE,
    name TEXT,
    type INTEGER NOT NULL,
    parent_id TEXT,
    nsfw INTEGER NOT NULL DEFAULT 0,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX channels_by_guild ON channels (guild_id);
  CREATE TABLE members (
    guild_id TEXT NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    roles TEXT NOT NULL DEFAULT '[]',
    nick TEXT,
    joined_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
  );
  CREATE TABLE guild_installs (
    guild_id TEXT NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, application_id)
  );
  -- scope is '' for global commands and the guild id otherwise, so one UNIQUE covers both.
  CREATE TABLE commands (
    id TEXT PRIMARY KEY,
    application_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    type INTEGER NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    definition TEXT NOT NULL,
    UNIQUE (application_id, scope, type, name)
  );
  CREATE TABLE command_creates (
    application_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX command_creates_by_scope ON command_creates (application_id, scope, at);
  CREATE TABLE command_permissions (
    application_id TEXT NOT NULL,
    guild_id TEXT NOT NULL,
    target_id TEXT NOT NULL,
    permissions TEXT NOT NULL,
    PRIMARY KEY (application_id, guild_id, target_id)
  );
  CREATE TABLE oauth_tokens (
    token_hash TEXT PRIMARY KEY,
    application_id TEXT NOT NULL,
    user_id TEXT,
    scopes TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  `,
  // 2: user-installed apps, DM and group DM recipients, and messages per channel.
  `
  CREATE TABLE user_installs (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, application_id)
  );
  CREATE TABLE channel_recipients (
    channel_id TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (channel_id, user_id)
  );
  CREATE INDEX channel_recipients_by_user ON channel_recipients (user_id);
  -- sort_key is the id left-padded to 20 digits, so text order is snowflake order.
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    sort_key TEXT NOT NULL,
    author_id TEXT NOT NULL,
    content TEXT NOT NULL DEFAULT '',
    timestamp TEXT NOT NULL,
    edited_timestamp TEXT,
    type INTEGER NOT NULL DEFAULT 0,
    flags INTEGER NOT NULL DEFAULT 0,
    embeds TEXT NOT NULL DEFAULT '[]',
    components TEXT NOT NULL DEFAULT '[]',
    attachments TEXT NOT NULL DEFAULT '[]',
    application_id TEXT,
    webhook_id TEXT,
    interaction_metadata TEXT
  );
  CREATE INDEX messages_by_channel ON messages (channel_id, sort_key);
  `,
  // 3: files a user uploads to a channel before naming them in an ATTACHMENT option.
  // url_key is the random part of the file's URL (`?hm=`): snowflake ids are guessable.
  `
  CREATE TABLE attachments (
    id TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    uploader_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    content_type TEXT,
    size INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    url_key TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    used_by_interaction TEXT
  );
  CREATE INDEX attachments_by_channel ON attachments (channel_id);
  `,
  // 4: OAuth2 (src/registry/oauth): authorization codes and refresh tokens as digests, the
  // grant every token came from (a reused code or refresh token revokes its grant), and the
  // RSA key that signs id_tokens, made once so tokens stay verifiable across restarts.
  `
  ALTER TABLE oauth_tokens ADD COLUMN grant_id TEXT;
  CREATE INDEX oauth_tokens_by_grant ON oauth_tokens (grant_id);
  CREATE TABLE oauth_codes (
    code_hash TEXT PRIMARY KEY,
    grant_id TEXT NOT NULL,
    application_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    scopes TEXT NOT NULL,
    redirect_uri TEXT,
    code_challenge TEXT,
    nonce TEXT,
    expires_at INTEGER NOT NULL,
    redeemed INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE oauth_refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    grant_id TEXT NOT NULL,
    application_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    scopes TEXT NOT NULL,
    rotated INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX oauth_refresh_tokens_by_grant ON oauth_refresh_tokens (grant_id);
  CREATE TABLE oauth_signing_keys (
    id TEXT PRIMARY KEY,
    private_key TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // 5: session tokens the host mints for the client (GET/POST /_host/session): a person may
  // hold several besides the world file's token, each stored as a digest like every secret.
  `
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
  `,
  // 6: a role's colour (RGB, 0 for none) and whether its members are listed apart (hoist),
  // which the member list shows and the world editor sets.
  `
  ALTER TABLE roles ADD COLUMN color INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE roles ADD COLUMN hoist INTEGER NOT NULL DEFAULT 0;
  `,
  // 7: replies (a message's message_reference, JSON) and polls: the poll as created (its
  // answers numbered 1..n, its expiry fixed at creation) and one row per vote, so counts and
  // voters are read, never kept twice. A message's poll and votes go with the message.
  `
  ALTER TABLE messages ADD COLUMN message_reference TEXT;
  CREATE TABLE polls (
    message_id TEXT PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
    question TEXT NOT NULL,
    answers TEXT NOT NULL,
    expiry TEXT NOT NULL,
    allow_multiselect INTEGER NOT NULL DEFAULT 0,
    layout_type INTEGER NOT NULL DEFAULT 1,
    finalized INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE poll_votes (
    message_id TEXT NOT NULL REFERENCES polls(message_id) ON DELETE CASCADE,
    answer_id INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (message_id, answer_id, user_id)
  );
  CREATE INDEX poll_votes_by_user ON poll_votes (message_id, user_id);
  `,
  // 8: files a bot sends with a message (multipart `files[n]`): the message they belong to
  // (null for a command option's upload). They go with their message, however it is deleted
  // (by its author, with its channel, by a world reload): the trigger is the one place.
  `
  ALTER TABLE attachments ADD COLUMN message_id TEXT;
  CREATE INDEX attachments_by_message ON attachments (message_id);
  CREATE TRIGGER messages_take_their_files AFTER DELETE ON messages
  BEGIN
    DELETE FROM attachments WHERE message_id = OLD.id;
  END;
  `,
  // 9: the order sessions were minted in (a person keeps the newest few; several may be minted in one millisecond).
  `
  ALTER TABLE sessions ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  `,
  // 10: interactions in flight and their ephemeral messages, so any process of a team (or a
  // second one on this data directory) can take an interaction's callback and follow-ups.
  `
  CREATE TABLE interactions (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    application_id TEXT NOT NULL,
    type INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    guild_id TEXT,
    channel_id TEXT NOT NULL,
    nonce TEXT,
    name TEXT,
    created_at INTEGER NOT NULL,
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
  );
  CREATE INDEX interactions_by_user ON interactions (user_id, application_id, response_type, created_at);
  CREATE INDEX interactions_by_time ON interactions (created_at);
  CREATE TABLE ephemeral_messages (
    id TEXT PRIMARY KEY,
    interaction_id TEXT NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX ephemeral_messages_by_interaction ON ephemeral_messages (interaction_id);
  `,
  // 11: what several registry processes on one data directory share besides the data: the
  // running Activity instances, the change feed (each process's events, read by the others
  // when SQLite's data_version moves), the processes alive (heartbeats), and the gateway
  // sessions each holds (live, or resumable until a time), so an interaction reaches a bot
  // whose session is on another process.
  `
  CREATE TABLE activity_instances (
    id TEXT PRIMARY KEY,
    application_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    guild_id TEXT,
    participants TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    UNIQUE (application_id, channel_id)
  );
  CREATE TABLE feed (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    origin TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE processes (
    id TEXT PRIMARY KEY,
    heartbeat_at INTEGER NOT NULL
  );
  CREATE TABLE gateway_sessions (
    id TEXT PRIMARY KEY,
    application_id TEXT NOT NULL,
    shard_id INTEGER NOT NULL,
    shard_count INTEGER NOT NULL,
    process_id TEXT NOT NULL,
    resumable_until INTEGER
  );
  CREATE INDEX gateway_sessions_by_application ON gateway_sessions (application_id);
  `,
  // 12: an app's Activity URL mappings (JSON, url-mappings.ts), which the Activity proxy routes by.
  `
  ALTER TABLE applications ADD COLUMN url_mappings TEXT NOT NULL DEFAULT '[]';
  `,
];
