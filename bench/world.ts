/**
 * Worlds for the benchmarks, written in code: ids from one counter (so every world's ids
 * are distinct and readable), users with tokens, apps with bot tokens, and one guild whose
 * @everyone may view, send and use commands, with a role for the person who invokes.
 */
import type { WorldFile } from '../src/shared/world-file.js';

/** VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS: a plain member. */
export const MEMBER_PERMISSIONS = ((1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n)).toString();

let counter = 0n;
/** A fresh snowflake-shaped id (decimal string), never the same twice in one run. */
export function nextBenchId(): string {
  counter += 1n;
  return (1_300_000_000_000_000_000n + counter * 1000n).toString();
}

export interface BenchUser {
  id: string;
  username: string;
  token: string;
}

export interface BenchApp {
  id: string;
  name: string;
  botToken: string;
}

export interface BenchGuild {
  id: string;
  /** The role the invoking users have (no permissions of its own). */
  testerRole: string;
  /** #bench, where commands are used. */
  channel: string;
  /** #elsewhere, which the permission overwrites name. */
  otherChannel: string;
  owner: BenchUser;
  /** Members with the tester role, not administrators: every visibility rule runs for them. */
  members: BenchUser[];
}

export interface BenchWorld {
  file: WorldFile;
  guild: BenchGuild;
  apps: BenchApp[];
}

export function benchUser(name: string): BenchUser {
  return { id: nextBenchId(), username: name, token: `user.${name}.${nextBenchId()}` };
}

export function benchApp(name: string): BenchApp {
  const id = nextBenchId();
  // Bot tokens must not start with "Bot" or "Bearer" (discord.js strips it).
  return { id, name, botToken: `app-${id}.bench-token` };
}

/** One guild with `appCount` apps installed and `memberCount` members besides its owner. */
export function benchWorld(options: { appCount: number; memberCount: number }): BenchWorld {
  const owner = benchUser('owner');
  const members = Array.from({ length: options.memberCount }, (_, index) => benchUser(`member${index}`));
  const apps = Array.from({ length: options.appCount }, (_, index) => benchApp(`Bench App ${index}`));
  const guildId = nextBenchId();
  const guild: BenchGuild = {
    id: guildId, testerRole: nextBenchId(), channel: nextBenchId(), otherChannel: nextBenchId(), owner, members,
  };
  const category = nextBenchId();
  const file: WorldFile = {
    users: [owner, ...members].map((user) => ({ id: user.id, username: user.username, locale: 'en-US' as const, token: user.token })),
    applications: apps.map((app) => ({ id: app.id, name: app.name, owner_id: owner.id, bot_token: app.botToken })),
    guilds: [{
      id: guildId, name: 'Bench Guild', owner_id: owner.id, locale: 'en-US',
      roles: [
        { id: guildId, name: '@everyone', permissions: MEMBER_PERMISSIONS },
        { id: guild.testerRole, name: 'Tester', permissions: '0' },
      ],
      channels: [
        { id: category, name: 'Text', type: 4 },
        { id: guild.channel, name: 'bench', type: 0, parent_id: category },
        { id: guild.otherChannel, name: 'elsewhere', type: 0, parent_id: category },
      ],
      members: [
        { user_id: owner.id, roles: [] },
        ...members.map((member) => ({ user_id: member.id, roles: [guild.testerRole] })),
      ],
      applications: apps.map((app) => app.id),
    }],
  };
  return { file, guild, apps };
}
