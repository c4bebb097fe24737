/**
 * Permission bits the registry reasons about (api-facts.md, "Enumerations"), as bigints
 * because the bit set passes 2^32.
 */
export const PERMISSION = {
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  MENTION_EVERYONE: 1n << 17n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  MANAGE_ROLES: 1n << 28n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  USE_EMBEDDED_ACTIVITIES: 1n << 39n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  USE_EXTERNAL_APPS: 1n << 50n,
} as const;

/** What @everyone may do when a world file does not define the role itself. */
export const DEFAULT_EVERYONE_PERMISSIONS = (
  PERMISSION.VIEW_CHANNEL | PERMISSION.SEND_MESSAGES | PERMISSION.EMBED_LINKS | PERMISSION.ATTACH_FILES |
  PERMISSION.USE_EXTERNAL_EMOJIS | PERMISSION.USE_APPLICATION_COMMANDS | PERMISSION.SEND_MESSAGES_IN_THREADS |
  PERMISSION.USE_EMBEDDED_ACTIVITIES | PERMISSION.USE_EXTERNAL_APPS
).toString();

/** Application flag: the app has an Activity. */
export const EMBEDDED_FLAG = 1 << 17;
