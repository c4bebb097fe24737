/**
 * Gathers, from the store, the facts the visibility rules need for a user at a place (a
 * guild, optionally one of its channels, or a DM / group DM), and runs the rules on every
 * command of every app that could reach them there. The command index and the explain view
 * are both made from this, so they agree; an invocation asks for the verdict alone.
 */
import { explainVisibility, visibilityVerdict, type Place, type Verdict, type Visibility } from '../domain/command-visibility.js';
import { ServiceError } from '../http/service-error.js';
import type { CommandPermissions } from '../store/permission-store.js';
import type { ApplicationRecord, ChannelRecord, GuildRecord, MemberRecord, RoleRecord, StoredCommand, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { someAsync } from '../async-lists.js';

/**
 * Where the user looks from: a guild (and maybe a channel in it), or a private channel.
 * A guild location carries what every check there reads (the guild, its roles, the user's
 * membership, the thread's parent), read once when the location is found and passed down.
 */
export type Location =
  | {
    kind: 'guild'; guildId: string; guild: GuildRecord; roles: RoleRecord[];
    /** The looking user's membership (locating checks they are a member). */
    member: MemberRecord;
    channel: ChannelRecord | undefined;
    /** A thread's parent channel, whose overwrites and age restriction the thread follows. */
    parent: ChannelRecord | undefined;
  }
  | { kind: 'private'; channel: ChannelRecord; recipients: string[] };

export interface Evaluated {
  application: ApplicationRecord;
  command: StoredCommand;
  visibility: Visibility;
}

/** The location of a channel the user may look from: 10003 unknown, 50001 when not theirs. */
export async function locateChannel(store: Store, user: UserRecord, channelId: string): Promise<Location> {
  const channel = await store.world.channel(channelId);
  if (!channel) throw new ServiceError('unknownChannel');
  if (channel.guild_id !== null) {
    const parent = channel.parent_id && isThread(channel) ? await store.world.channel(channel.parent_id) : undefined;
    return { ...await guildFacts(store, user, channel.guild_id), channel, parent };
  }
  const recipients = await store.world.recipients(channel.id);
  if (!recipients.includes(user.id)) throw new ServiceError('missingAccess');
  return { kind: 'private', channel, recipients };
}

/** A guild the user is a member of: 10004 unknown, 50001 when not a member. */
export async function locateGuild(store: Store, user: UserRecord, guildId: string): Promise<Location> {
  return await guildFacts(store, user, guildId);
}

async function guildFacts(store: Store, user: UserRecord, guildId: string): Promise<Location & { kind: 'guild' }> {
  const guild = await store.world.guild(guildId);
  if (!guild) throw new ServiceError('unknownGuild');
  const member = await store.world.member(guildId, user.id);
  if (!member) throw new ServiceError('missingAccess');
  return { kind: 'guild', guildId, guild, roles: await store.world.roles(guildId), member, channel: undefined, parent: undefined };
}

/** One command's verdicts here, whether or not its app could reach this place (the explain view). */
export async function evaluateCommand(store: Store, user: UserRecord, location: Location, command: StoredCommand): Promise<Evaluated> {
  const application = await store.world.application(command.application_id);
  if (!application) throw new ServiceError('unknownCommand');
  const userInstalled = (await store.world.userApplications(user.id)).includes(application.id);
  const place = (await placeFor(store, user, application, location))(command);
  return { application, command, visibility: explainVisibility({ command, userId: user.id, userInstalled, place }) };
}

/** Whether the user may use a command of `application` here, and if not the first check that failed. */
export interface CommandVerdict {
  visible: boolean;
  failed: { rule: string; verdict: Verdict; detail: string } | undefined;
}

/**
 * The invocation's question: the same checks as `evaluateCommand`, on the same facts, but
 * without writing the detail of every check that passed.
 */
export async function commandVerdict(
  store: Store, user: UserRecord, location: Location, application: ApplicationRecord, command: StoredCommand,
): Promise<CommandVerdict> {
  const userInstalled = (await store.world.userApplications(user.id)).includes(application.id);
  const place = (await placeFor(store, user, application, location))(command);
  return visibilityVerdict({ command, userId: user.id, userInstalled, place });
}

/** Every command that could reach the user here, each with its verdicts. */
export async function evaluateLocation(store: Store, user: UserRecord, location: Location): Promise<Evaluated[]> {
  const userInstalled = new Set(await store.world.userApplications(user.id));
  const candidates = new Set(userInstalled);
  if (location.kind === 'guild') for (const id of await store.world.installs(location.guildId)) candidates.add(id);
  else for (const id of location.recipients) if (await store.world.application(id)) candidates.add(id);
  const evaluated: Evaluated[] = [];
  for (const applicationId of [...candidates].sort()) {
    const application = await store.world.application(applicationId);
    if (!application) continue;
    const commands = await store.commands.list(applicationId, null);
    if (location.kind === 'guild') commands.push(...await store.commands.list(applicationId, location.guildId));
    const place = await placeFor(store, user, application, location);
    for (const command of commands) {
      const visibility = explainVisibility({
        command, userId: user.id, userInstalled: userInstalled.has(applicationId), place: place(command),
      });
      evaluated.push({ application, command, visibility });
    }
  }
  return evaluated;
}

/** The place as one app's commands see it (overwrites are per app and command). */
async function placeFor(store: Store, user: UserRecord, application: ApplicationRecord, location: Location): Promise<(command: StoredCommand) => Place> {
  if (location.kind === 'private') {
    const withBot = location.channel.type === 1 && location.recipients.includes(application.id);
    if (!withBot) return () => ({ kind: 'private_channel' });
    const mutualGuild = await someAsync(await store.world.guildsOf(application.id), async (guildId) => (await store.world.member(guildId, user.id)) !== undefined);
    return () => ({ kind: 'bot_dm', mutualGuild });
  }
  const { guild } = location;
  const overwrites = new Map<string, CommandPermissions>(
    (await store.permissions.list(application.id, guild.id)).map((entry) => [entry.id, entry]),
  );
  const base = {
    kind: 'guild' as const, guild, roles: location.roles, member: location.member,
    channel: location.channel, parent: location.parent, appInstalled: await store.world.isInstalled(guild.id, application.id),
    appOverwrites: overwrites.get(application.id),
  };
  return (command) => ({ ...base, commandOverwrites: overwrites.get(command.id) });
}

function isThread(channel: ChannelRecord): boolean {
  return channel.type === 10 || channel.type === 11 || channel.type === 12;
}
