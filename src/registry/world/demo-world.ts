/**
 * The small world a fresh registry starts with when given none: two people, a bot, an app
 * with an Activity, and a guild with roles and channels of the common types. Its tokens
 * are random, printed at creation and kept in the keychain (`npm run tokens` lists them).
 * The Activity is the sample (examples/activity, `npm run activity`, which `npm start`
 * starts too): its URL mappings send `/` to the sample's Vite dev server and `/quotes` to its
 * quotes API, at the ports the sample uses by default. A confidential client, whose token
 * server exchanges codes with its secret, and whose placeholder redirect URI is where
 * `authorize()` codes nominally go, as Discord's Activity guide registers one.
 */
import type { WorldFile } from '../../shared/world-file.js';
import { PERMISSION, EMBEDDED_FLAG } from '../domain/permissions.js';
import { generateSecret, generateToken } from '../store/secrets.js';

/** Where the sample Activity listens by default (examples/activity/dev.mjs): its quotes API, its dev server. */
const SAMPLE_MAPPINGS = [{ prefix: '/quotes', target: '127.0.0.1:3002' }, { prefix: '/', target: '127.0.0.1:5173' }];

export function demoWorld(nextId: () => string): WorldFile {
  const [alice, bob, bot, activity, guild] = [nextId(), nextId(), nextId(), nextId(), nextId()];
  const moderator = nextId();
  const category = nextId();
  const general = nextId();
  return {
    users: [
      { id: alice, username: 'alice', global_name: 'Alice', locale: 'en-US', token: generateToken(alice) },
      { id: bob, username: 'bob', global_name: 'Bob', locale: 'fr', token: generateToken(bob) },
    ],
    applications: [
      { id: bot, name: 'Demo Bot', owner_id: alice, bot_token: generateToken(bot), client_secret: generateSecret() },
      {
        id: activity, name: 'Demo Activity', owner_id: alice, flags: EMBEDDED_FLAG,
        bot_token: generateToken(activity), client_secret: generateSecret(),
        redirect_uris: ['http://127.0.0.1/callback'], url_mappings: SAMPLE_MAPPINGS,
      },
    ],
    guilds: [
      {
        id: guild, name: 'Slashbench Lab', owner_id: alice, locale: 'en-US',
        roles: [
          { id: guild, name: '@everyone', permissions: (PERMISSION.VIEW_CHANNEL | PERMISSION.SEND_MESSAGES | PERMISSION.USE_APPLICATION_COMMANDS | PERMISSION.USE_EMBEDDED_ACTIVITIES).toString() },
          { id: moderator, name: 'Moderator', permissions: (PERMISSION.MANAGE_GUILD | PERMISSION.MANAGE_ROLES).toString() },
        ],
        channels: [
          { id: category, name: 'Text Channels', type: 4 },
          { id: general, name: 'general', type: 0, parent_id: category },
          { id: nextId(), name: 'after-dark', type: 0, parent_id: category, nsfw: true },
          { id: nextId(), name: 'Lounge', type: 2 },
          { id: nextId(), name: 'ideas', type: 11, parent_id: general },
        ],
        members: [
          { user_id: alice, roles: [] },
          { user_id: bob, roles: [moderator], nick: 'Bobby' },
        ],
        applications: [bot, activity],
      },
    ],
  };
}
