/**
 * Whether a user may see and use a command where they are, as one ordered list of checks
 * with a verdict each. The command index keeps the commands whose checks all pass; the
 * explain endpoint shows the same checks, so "why can't I see this?" always has the
 * answer the index acted on. No I/O: the caller gathers the facts.
 */
import { effectiveContexts, effectiveIntegrationTypes } from '../../shared/command-rules/install-contexts.js';
import type { CommandPermissions, PermissionOverwrite } from '../store/permission-store.js';
import type { ChannelRecord, GuildRecord, MemberRecord, RoleRecord, StoredCommand } from '../store/records.js';
import { hasPermissions, memberPermissions } from './member-permissions.js';
import { PERMISSION } from './permissions.js';

export const CONTEXT = { GUILD: 0, BOT_DM: 1, PRIVATE_CHANNEL: 2 } as const;
export const INTEGRATION = { GUILD_INSTALL: 0, USER_INSTALL: 1 } as const;
const OVERWRITE = { ROLE: 1, USER: 2, CHANNEL: 3 } as const;

export interface GuildPlace {
  kind: 'guild';
  guild: GuildRecord;
  roles: ReadonlyArray<RoleRecord>;
  /** The user's membership; undefined when they are not in the guild. */
  member: MemberRecord | undefined;
  /** undefined: no particular channel (channel checks are skipped). */
  channel: ChannelRecord | undefined;
  /** The thread's parent, whose overwrites and age restriction the thread follows. */
  parent: ChannelRecord | undefined;
  appInstalled: boolean;
  /** The command's own overwrites and the app-level ones (id = application id) in this guild. */
  commandOverwrites: CommandPermissions | undefined;
  appOverwrites: CommandPermissions | undefined;
}

export type Place =
  | GuildPlace
  | { kind: 'bot_dm'; mutualGuild: boolean }
  | { kind: 'private_channel' };

export interface VisibilityFacts {
  command: StoredCommand;
  userId: string;
  userInstalled: boolean;
  place: Place;
}

export type Verdict = 'pass' | 'fail' | 'skip';

export interface Check {
  rule: string;
  verdict: Verdict;
  detail: string;
}

export interface Visibility {
  visible: boolean;
  context: number;
  /** The installation the command is reached through, or null when none is. */
  integration: number | null;
  checks: Check[];
}

function contextOf(place: Place): number {
  if (place.kind === 'guild') return CONTEXT.GUILD;
  return place.kind === 'bot_dm' ? CONTEXT.BOT_DM : CONTEXT.PRIVATE_CHANNEL;
}

/** The scope a stored command was registered in, which decides what its lists mean. */
function scopeOf(command: StoredCommand): 'global' | 'guild' {
  return command.guild_id === null ? 'global' : 'guild';
}

/** Told each check in turn; `detail` writes the explanation, for the checks someone reads. */
type CheckSink = (rule: string, verdict: Verdict, detail: () => string) => void;

/** Every check, in the order the service applies them. */
export function explainVisibility(facts: VisibilityFacts): Visibility {
  const checks: Check[] = [];
  const { context, integration } = runChecks(facts, (rule, verdict, detail) => checks.push({ rule, verdict, detail: detail() }));
  return { visible: checks.every((check) => check.verdict !== 'fail'), context, integration, checks };
}

/**
 * The verdict alone, for an invocation: the very checks `explainVisibility` runs, but only
 * the first failed one has its detail written (the refusal quotes it).
 */
export function visibilityVerdict(facts: VisibilityFacts): { visible: boolean; failed: Check | undefined } {
  let failed: Check | undefined;
  runChecks(facts, (rule, verdict, detail) => {
    if (verdict === 'fail' && failed === undefined) failed = { rule, verdict, detail: detail() };
  });
  return { visible: failed === undefined, failed };
}

function runChecks(facts: VisibilityFacts, add: CheckSink): { context: number; integration: number | null } {
  const { command, place } = facts;
  const context = contextOf(place);

  if (command.guild_id !== null) {
    const here = place.kind === 'guild' && place.guild.id === command.guild_id;
    add('scope', here ? 'pass' : 'fail', () => here ? 'A command of this guild.' : 'A guild command exists only in its own guild, never in DMs.');
  } else add('scope', 'pass', () => 'A global command.');

  const integration = reachedThrough(facts);
  add('installation', integration === null ? 'fail' : 'pass', () => installationDetail(facts, integration));

  const contexts = effectiveContexts(command.definition, scopeOf(command));
  add('context', contexts.includes(context) ? 'pass' : 'fail', () => {
    const contextNames = ['GUILD', 'BOT_DM', 'PRIVATE_CHANNEL'];
    return `Used in ${contextNames[context]}; the command allows ${contexts.map((value) => contextNames[value]).join(', ') || 'no context'}` +
      (command.definition.contexts === null && command.definition.dm_permission === false ? ' (dm_permission is false).' : '.');
  });

  if (command.definition.nsfw) {
    const restricted = place.kind === 'guild' ? (place.parent ?? place.channel)?.nsfw : false;
    if (place.kind === 'guild' && place.channel === undefined) add('age restriction', 'skip', () => 'No channel given: age-restricted commands show only in age-restricted channels.');
    else add('age restriction', restricted ? 'pass' : 'fail', () => restricted ? 'An age-restricted channel.' : 'An age-restricted command shows only in age-restricted channels.');
  } else add('age restriction', 'pass', () => 'The command is not age-restricted.');

  if (place.kind === 'guild') guildChecks(facts, place, integration, add);
  return { context, integration };
}

/** The installation that brings the command here: the guild's install first, then the user's. */
function reachedThrough(facts: VisibilityFacts): number | null {
  const { command, place, userInstalled } = facts;
  const types = effectiveIntegrationTypes(command.definition, scopeOf(command));
  const byGuild =
    types.includes(INTEGRATION.GUILD_INSTALL) &&
    ((place.kind === 'guild' && place.appInstalled) || (place.kind === 'bot_dm' && place.mutualGuild));
  if (byGuild) return INTEGRATION.GUILD_INSTALL;
  if (command.guild_id === null && userInstalled && types.includes(INTEGRATION.USER_INSTALL)) return INTEGRATION.USER_INSTALL;
  return null;
}

function installationDetail(facts: VisibilityFacts, integration: number | null): string {
  if (integration === INTEGRATION.GUILD_INSTALL) {
    return facts.place.kind === 'bot_dm' ? 'GUILD_INSTALL: you share a guild with the app.' : 'GUILD_INSTALL: the app is installed in this guild.';
  }
  if (integration === INTEGRATION.USER_INSTALL) return 'USER_INSTALL: you installed the app.';
  const types = effectiveIntegrationTypes(facts.command.definition, scopeOf(facts.command));
  const where = {
    guild: 'the app is not installed in this guild',
    bot_dm: 'you share no guild with the app',
    private_channel: 'only apps you installed work here',
  }[facts.place.kind];
  return `Not reachable: ${where}, and the command's integration_types are [${types.join(', ')}]` +
    (facts.userInstalled ? '.' : ' and you have not installed the app.');
}

function guildChecks(facts: VisibilityFacts, place: GuildPlace, integration: number | null, add: CheckSink): void {
  const { member } = place;
  if (!member) {
    add('membership', 'fail', () => 'You are not a member of this guild.');
    return;
  }
  add('membership', 'pass', () => 'You are a member of this guild.');
  const bits = memberPermissions(place.guild, member, place.roles);
  const administrator = hasPermissions(bits, PERMISSION.ADMINISTRATOR);
  if (integration === INTEGRATION.USER_INSTALL) {
    const allowed = hasPermissions(bits, PERMISSION.USE_EXTERNAL_APPS);
    add('external apps', allowed ? 'pass' : 'fail', () => allowed ? 'You may use external apps here.' : 'User-installed apps need USE_EXTERNAL_APPS in the guild.');
    add('command permissions', 'skip', () => "A guild's command permissions apply to apps installed in it, not to apps you installed.");
    return;
  }
  const canUse = hasPermissions(bits, PERMISSION.USE_APPLICATION_COMMANDS);
  add('use application commands', canUse ? 'pass' : 'fail', () => canUse ? 'You have USE_APPLICATION_COMMANDS.' : 'You lack USE_APPLICATION_COMMANDS.');
  if (administrator) {
    add('command permissions', 'pass', () => 'Administrators can use every command.');
    return;
  }
  channelCheck(facts, place, add);
  memberCheck(facts, place, member, bits, add);
}

/** The channel check: the command's overwrite for this channel (or its parent), then All Channels, then the app's. */
function channelCheck(facts: VisibilityFacts, place: GuildPlace, add: CheckSink): void {
  if (!place.channel) {
    add('channel permission', 'skip', () => 'No channel given.');
    return;
  }
  const allChannels = (BigInt(place.guild.id) - 1n).toString();
  const ids = [place.channel.id, ...(place.parent ? [place.parent.id] : []), allChannels];
  for (const [level, set] of levels(place)) {
    for (const id of ids) {
      const overwrite = find(set, id, OVERWRITE.CHANNEL);
      if (!overwrite) continue;
      const which = id === allChannels ? 'All Channels' : id === place.channel.id ? 'this channel' : 'the parent channel';
      add('channel permission', overwrite.permission ? 'pass' : 'fail', () => `The ${level} overwrite for ${which} ${overwrite.permission ? 'allows' : 'denies'} it.`);
      return;
    }
  }
  add('channel permission', 'pass', () => 'No channel overwrite applies.');
}

/** The user/role check: user over roles over @everyone, the command's own before the app's, then default_member_permissions. */
function memberCheck(facts: VisibilityFacts, place: GuildPlace, member: MemberRecord, bits: bigint, add: CheckSink): void {
  for (const [level, set] of levels(place)) {
    const user = find(set, facts.userId, OVERWRITE.USER);
    if (user) {
      add('member permission', user.permission ? 'pass' : 'fail', () => `The ${level} overwrite for you ${user.permission ? 'allows' : 'denies'} it.`);
      return;
    }
    const roles = member.roles.filter((id) => id !== place.guild.id).map((id) => find(set, id, OVERWRITE.ROLE)).filter((overwrite) => overwrite !== undefined);
    if (roles.length > 0) {
      const allowed = roles.some((overwrite) => overwrite.permission);
      add('member permission', allowed ? 'pass' : 'fail', () => `The ${level} overwrites for your roles ${allowed ? 'allow' : 'deny'} it (one allowing role is enough).`);
      return;
    }
    const everyone = find(set, place.guild.id, OVERWRITE.ROLE);
    if (everyone) {
      add('member permission', everyone.permission ? 'pass' : 'fail', () => `The ${level} overwrite for @everyone ${everyone.permission ? 'allows' : 'denies'} it.`);
      return;
    }
  }
  const required = facts.command.definition.default_member_permissions;
  if (required === null) {
    add('member permission', 'pass', () => 'No overwrite applies and default_member_permissions is not set.');
    return;
  }
  const ok = required !== '0' && hasPermissions(bits, BigInt(required));
  add('member permission', ok ? 'pass' : 'fail', () => required === '0'
    ? 'default_member_permissions "0": administrators only, unless an overwrite allows.'
    : `default_member_permissions ${required}: you ${ok ? 'have' : 'lack'} those permissions.`);
}

function levels(place: GuildPlace): Array<[string, ReadonlyArray<PermissionOverwrite>]> {
  return [
    ['command', place.commandOverwrites?.permissions ?? []],
    ['app-level', place.appOverwrites?.permissions ?? []],
  ];
}

function find(set: ReadonlyArray<PermissionOverwrite>, id: string, type: number): PermissionOverwrite | undefined {
  return set.find((overwrite) => overwrite.id === id && overwrite.type === type);
}
