/**
 * A user invokes a command (or autocompletes, presses a button, submits a modal) in the
 * simulated client. The checks run in the service's order — where, which command and
 * version, may this user use it here, are the options right — and a refusal answers the
 * client at once with the reason. An accepted one becomes the exact payload the service
 * sends, is recorded in the ledger and is handed to delivery; the client hears the rest live.
 */
import { DEFAULT_HANDLER } from '../../shared/command-rules/index.js';
import { validateInvocation, type Invocation, type InvocationLookup } from '../../shared/invocation/index.js';
import type { ErrorTree } from '../../shared/command-rules/error-tree.js';
import { InteractionResponseType, type APIMessage } from 'discord-api-types/v10';
import { interactionMetadata, openerMetadata, type MetadataFacts } from '../domain/interaction-metadata.js';
import { candidateIds, preload } from '../queries/preloaded-lookup.js';
import { interactionPayload, nestOptions } from '../domain/interaction-payload.js';
import { hasPermissions } from '../domain/member-permissions.js';
import { PERMISSION } from '../domain/permissions.js';
import { apiUser } from '../domain/user-view.js';
import { invalidField, invalidFormBody, ServiceError } from '../http/service-error.js';
import { snowflakeField } from '../routes/path-values.js';
import type { ApplicationRecord, StoredCommand, UserRecord } from '../store/records.js';
import { randomText } from '../store/secrets.js';
import type { Store } from '../store/store.js';
import { deliver, fail } from './deliver.js';
import { launchActivity } from './launch.js';
import type { InteractionRecord } from './ledger.js';
import { contextAt, resolvedData, showsLastMessage, withLastMessage } from './payload-facts.js';
import { fromTemplate, newTemplate, type Holes, type Made } from './payload-template.js';
import { standingOf, type Standing } from './standing.js';
import { toUser, type InteractionServices } from './services.js';
import { componentSource } from './components.js';
import type { InvokeBody } from './invoke-body.js';

export type { InvokeBody } from './invoke-body.js';

/** Refuses the invocation: the client is told why, over its event stream and in the HTTP answer. */
function refuse(services: InteractionServices, user: UserRecord, nonce: string | null, reason: string, detail: string, error: ServiceError): never {
  toUser(services, user.id, 'INTERACTION_FAILURE', { id: null, nonce, reason, detail });
  throw error;
}

/** Whether the body's `nonce` is one an invocation takes: none, or a string of at most 25 characters. */
export function takesNonce(nonce: unknown): boolean {
  return nonce === undefined || (typeof nonce === 'string' && nonce.length <= 25);
}

/** Checks the body's own shape (50035 for what is missing or mistyped). */
export function parseInvokeBody(input: unknown): InvokeBody {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalidField([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
  }
  const body = input as Record<string, unknown>;
  if (![2, 3, 4, 5].includes(body.type as number)) throw invalidField(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of {2, 3, 4, 5}.');
  for (const field of ['application_id', 'channel_id'] as const) snowflakeField([field], body[field]);
  if (body.guild_id !== undefined && body.guild_id !== null) snowflakeField(['guild_id'], body.guild_id);
  if (!takesNonce(body.nonce)) {
    throw invalidField(['nonce'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  }
  if (typeof body.data !== 'object' || body.data === null || Array.isArray(body.data)) {
    throw invalidField(['data'], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
  }
  return body as unknown as InvokeBody;
}

/**
 * A started interaction: `sent` settles once the app's copy is on its way (rejecting if the
 * interaction could not be stored), `delivered` once its delivery has ended.
 */
export interface Started {
  record?: InteractionRecord;
  sent: Promise<void>;
  delivered: Promise<void>;
}

/**
 * Runs every check and starts the interaction; answers when it has been handed to delivery.
 * `origin` is the registry's address as the client reached it (file URLs in `resolved`).
 */
export async function invoke(
  services: InteractionServices, user: UserRecord, body: InvokeBody, origin: string,
): Promise<Started> {
  if (body.type === 3 || body.type === 5) {
    const standing = await checkedStanding(services.store, user, body, '');
    return await startInteraction(services, user, standing, body, await componentSource(services, user, standing.location, body), origin);
  }
  return await startCommand(services, user, body, await checkCommand(services, user, body, origin), origin);
}

/** Where the invocation stands, once the checks every invocation gets first have passed: the body's guild, the app. */
async function checkedStanding(store: Store, user: UserRecord, body: InvokeBody, commandId: string): Promise<Readonly<Standing>> {
  const standing = await standingOf(store, user, body.channel_id, body.application_id, commandId);
  const { location } = standing;
  const guildId = location.kind === 'guild' ? location.guildId : null;
  if ((body.guild_id ?? null) !== guildId) throw invalidField(['guild_id'], 'CHANNEL_NOT_IN_GUILD', 'The channel is not in this guild.');
  if (!standing.application) throw new ServiceError('unknownApplication');
  return standing;
}

/** What the checks of a command's invocation (not a component's) make of it. */
export interface CheckedCommand {
  standing: Readonly<Standing>;
  /** What the app is sent: the payload's `data`, the command, the person's files it sends. */
  source: { data: Readonly<Record<string, unknown>>; command: StoredCommand; attachments: readonly string[] };
  /** An entry point the service launches itself (DISCORD_LAUNCH_ACTIVITY): the app is sent nothing. */
  launches: boolean;
}

/** The ids a command's `data` names (in its options' values and its target): what its checks look up afresh. */
export function namedIds(data: InvokeBody['data']): string[] {
  return candidateIds([optionValues(data.options), data.target_id]);
}

/** A command's checks, in the service's order: the first that fails refuses the invocation. */
export async function checkCommand(services: InteractionServices, user: UserRecord, body: InvokeBody, origin: string): Promise<CheckedCommand> {
  const { store } = services;
  const nonce = body.nonce ?? null;
  const standing = await checkedStanding(store, user, body, String(body.data.id ?? ''));
  const { location, command } = standing;
  const guildId = location.kind === 'guild' ? location.guildId : null;
  if (!command) throw new ServiceError('unknownCommand');
  if (body.data.version !== command.version) {
    // Read-repair: the client's index is older than the command; it reloads and tries again.
    refuse(services, user, nonce, 'stale-version', `The command changed (version ${command.version}); reload the command index.`,
      invalidField(['data', 'version'], 'INTERACTION_APPLICATION_COMMAND_INVALID_VERSION', 'This command is outdated, please try again in a few minutes'));
  }
  const { failed } = standing;
  if (failed) refuse(services, user, nonce, 'permission', `${failed.rule}: ${failed.detail}`, new ServiceError('missingPermissions'));
  if (command.definition.type === 2 && !hasPermissions(standing.permissions, PERMISSION.SEND_MESSAGES)) {
    refuse(services, user, nonce, 'permission', 'Permission Denied: using a user command needs SEND_MESSAGES in the channel.', new ServiceError('missingPermissions'));
  }
  const kind = body.type === 4 ? 'autocomplete' : 'command';
  // The rules look up the ids in option values and a context menu's target, nothing else of
  // `data` (not the options' types): options that name no id keep their checks (checkedWithoutIds).
  const ids = namedIds(body.data);
  const options = ids.length === 0
    ? await checkedWithoutIds(store, command, body.data, kind)
    : checkOptions(command, body.data, kind, await lookupsOf(store, user, body, guildId, ids));
  if (!options.ok) refuse(services, user, nonce, 'invalid-options', 'The options do not fit the command.', invalidFormBody({ data: options.errors }));
  const { target, references } = options;
  if (command.definition.type === 3 && (target === undefined || !await store.messages.message(body.channel_id, target))) {
    throw new ServiceError('unknownMessage');
  }
  // DISCORD_LAUNCH_ACTIVITY: the service launches it, the app is not involved.
  const launches = command.definition.type === 4 && (command.definition.handler ?? DEFAULT_HANDLER) === 2;
  const resolved = launches ? undefined : await resolvedData(store, location, references, user.id, origin);
  const data = resolved ? { ...options.data, resolved } : options.data;
  // An autocomplete only shows the file to the app; the command itself sends it, once.
  return { standing, source: { data, command, attachments: kind === 'command' ? references.attachments : [] }, launches };
}

/** Starts a checked command's interaction, or launches its Activity. */
export async function startCommand(services: InteractionServices, user: UserRecord, body: InvokeBody, checked: CheckedCommand, origin: string): Promise<Started> {
  if (!checked.launches) return await startInteraction(services, user, checked.standing, body, checked.source, origin);
  const { location, application } = checked.standing;
  // checkedStanding refused the invocation when there is no app.
  if (!application) throw new ServiceError('unknownApplication');
  if (!await launchActivity(services, application, body.channel_id, location.kind === 'guild' ? location.guildId : null, user.id)) {
    throw invalidField(['data', 'id'], 'APPLICATION_HAS_NO_ACTIVITY', 'This app has no Activity to launch (no activity_url and no root URL mapping "/").');
  }
  toUser(services, user.id, 'INTERACTION_SUCCESS', { id: null, nonce: body.nonce ?? null });
  return { sent: Promise.resolve(), delivered: Promise.resolve() };
}

/** What the option rules make of an invocation: the `data` the app gets and the ids it names, or their refusal. */
type CheckedOptions =
  | { ok: true; data: Readonly<Record<string, unknown>>; target: string | undefined; references: References }
  | { ok: false; errors: ErrorTree };

type References = Invocation['references'] & { messages: string[] };

/** The lookups of the ids the options name: the users, roles and channels, and the person's own uploads to the channel. */
async function lookupsOf(store: Store, user: UserRecord, body: InvokeBody, guildId: string | null, ids: readonly string[]): Promise<InvocationLookup> {
  const [users, roles, channels, uploads] = await Promise.all([
    preload(ids, (id) => store.world.user(id)),
    preload(ids, (id) => store.world.role(id)),
    preload(ids, (id) => store.world.channel(id)),
    // The user's own upload to this channel, not yet sent with another interaction.
    preload(ids, (id) => store.attachments.usable(id, user.id, body.channel_id)),
  ]);
  return {
    user: (id) => users(id) !== undefined,
    role: (id) => guildId !== null && roles(id)?.guild_id === guildId,
    channel: (id) => {
      const channel = channels(id);
      return channel && (channel.guild_id === guildId) ? { type: channel.type } : undefined;
    },
    attachment: (id) => uploads(id) === true,
  };
}

/** The values of `options` and of the options nested in them (a subcommand's, a group's). */
function optionValues(options: unknown, depth = 0): unknown[] {
  if (!Array.isArray(options) || depth > 2) return [];
  return options.flatMap((option: unknown) => {
    if (typeof option !== 'object' || option === null) return [];
    const { value, options: nested } = option as { value?: unknown; options?: unknown };
    return [value, ...optionValues(nested, depth + 1)];
  });
}

/** Nothing to look up: options that name no id. */
const NO_LOOKUPS: InvocationLookup = { user: () => false, role: () => false, channel: () => undefined, attachment: () => false };

/** The longest `data` (as JSON) whose checked options are kept. */
const KEPT_DATA_CHARS = 4096;

/**
 * Options that name no id look nothing up: what the rules make of them is the command's (its
 * definition, at its version) and the body's alone, so it is kept as the standing is
 * (read-cache.ts, `cachedAnswer`: forgotten with any write to what it was made from, or
 * another process's commit), and the person's next such invocation skips the rules.
 */
async function checkedWithoutIds(store: Store, command: StoredCommand, data: Record<string, unknown>, kind: 'command' | 'autocomplete'): Promise<CheckedOptions> {
  const text = JSON.stringify(data);
  if (text.length > KEPT_DATA_CHARS) return checkOptions(command, data, kind, NO_LOOKUPS);
  return await store.sql.cachedAnswer(`options\u0000${command.id}\u0000${command.version}\u0000${kind}\u0000${text}`, async () => checkOptions(command, data, kind, NO_LOOKUPS));
}

/** The option rules (shared/invocation) on `data`, and the payload's `data` they make. */
function checkOptions(command: StoredCommand, input: Record<string, unknown>, kind: 'command' | 'autocomplete', lookup: InvocationLookup): CheckedOptions {
  const checked = validateInvocation(command.definition, input, { kind, lookup });
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const invocation = checked.value;
  const steps = invocation.path.map((name, index) => ({ name, type: index === 0 && invocation.path.length === 2 ? 2 : 1 }));
  const data: Record<string, unknown> = { id: command.id, name: command.definition.name, type: command.definition.type };
  if (command.guild_id !== null) data.guild_id = command.guild_id;
  if (invocation.options.length > 0 || steps.length > 0) data.options = nestOptions(steps, invocation.options);
  if (invocation.target !== undefined) data.target_id = invocation.target;
  const references = {
    ...invocation.references,
    users: command.definition.type === 2 && invocation.target ? [invocation.target] : invocation.references.users,
    messages: command.definition.type === 3 && invocation.target ? [invocation.target] : [],
  };
  return { ok: true, data, target: invocation.target, references };
}

/** What a message of this interaction says it answers: a command's target, or the modal's opener. */
async function metadataFacts(
  services: InteractionServices, user: UserRecord, application: ApplicationRecord, type: number, source: { data: Readonly<Record<string, unknown>>; command?: StoredCommand; messageId?: string },
): Promise<Omit<MetadataFacts, 'id' | 'type' | 'user' | 'owners'>> {
  const target = typeof source.data.target_id === 'string' ? source.data.target_id : undefined;
  const targetUser = source.command?.definition.type === 2 && target !== undefined ? await services.store.world.user(target) : undefined;
  const opener = type === 5 ? await services.ledger.modalOpener(user.id, application.id, InteractionResponseType.Modal) : undefined;
  const openerFacts = opener ? openerMetadata(opener.metadata) : undefined;
  return {
    ...(source.command ? { name: source.command.definition.name } : {}),
    ...(targetUser ? { targetUser: apiUser(targetUser) } : {}),
    ...(source.command?.definition.type === 3 && target !== undefined ? { targetMessageId: target } : {}),
    ...(source.messageId === undefined ? {} : { interactedMessageId: source.messageId }),
    ...(openerFacts ? { opener: openerFacts } : {}),
  };
}

/** Builds the payload, records the interaction and hands it to delivery. */
async function startInteraction(
  services: InteractionServices, user: UserRecord, standing: Readonly<Standing>, body: InvokeBody,
  source: { data: Readonly<Record<string, unknown>>; command?: StoredCommand; message?: APIMessage; messageId?: string; attachments?: readonly string[] },
  origin: string,
): Promise<Started & { record: InteractionRecord }> {
  const { store } = services;
  const { location, application, place } = standing;
  // invoke() refused the invocation when there is no app, and with it no place.
  if (!application || !place) throw new ServiceError('unknownApplication');
  const id = services.nextId();
  const token = `aW50ZXJhY3Rpb246${id}:${randomText(32)}`;
  const guildId = location.kind === 'guild' ? location.guildId : null;
  const { channel, owners } = place;
  const locale = user.locale ?? 'en-US';
  const make = async (holes: Holes): Promise<Made> => ({
    payload: interactionPayload({
      id: holes.id, token: holes.token, applicationId: application.id, type: body.type, data: source.data, user: apiUser(user),
      locale, context: contextAt(location, application.id), authorizingIntegrationOwners: owners,
      appPermissions: place.appPermissions,
      channel: withLastMessage(place.channelView, holes.lastMessageId),
      ...(location.kind === 'guild' && place.member ? { guild: { id: location.guild.id, locale: location.guild.locale, member: place.member } } : {}),
      ...(source.message ? { message: source.message } : {}),
    }),
    metadata: interactionMetadata({ id: holes.id, type: body.type, user: apiUser(user), owners, ...await metadataFacts(services, user, application, body.type, source) }),
  });
  const holes: Holes = { id, token, lastMessageId: showsLastMessage(place.channelView) ? await store.messages.lastMessageId(channel.id) : null };
  // A command's payload is the last one's, but for its holes, when it is made of the same
  // kept standing, language and kept (frozen) options (payload-template.ts): the person's
  // record, the place and the command are all the standing's, kept until any of them changes.
  const key = [locale, source.data];
  const { payload, metadata } = body.type === 2 && !source.message && Object.isFrozen(source.data)
    ? fromTemplate(standing, key, holes) ?? await newTemplate(standing, key, holes, make)
    : await make(holes);
  const record: InteractionRecord = {
    id, token, application_id: application.id, type: body.type, user_id: user.id, guild_id: guildId,
    channel_id: channel.id, nonce: body.nonce ?? null, name: source.command?.definition.name ?? null,
    created_at: services.now(), response_type: null, answering: false, expired: false, original_message_id: null, refusal: null,
    source_message_id: source.messageId ?? null, followups: 0, user_installed_only: !('0' in owners),
    authorizing_integration_owners: owners, payload, origin, metadata,
  };
  // The row every later route reads, and the files it sends marked used; written once, or
  // kept back for the first answer (deliver.ts) when no file is marked.
  let writing: Promise<void> | undefined;
  const write = (later = false) => (writing ??= (async () => {
    const files = source.attachments ?? [];
    await store.attachments.markUsed(files, id);
    await services.ledger.add(record, later && files.length === 0);
  })());
  // SQLite writes when asked, in this very turn (sqlite-database.ts), and the app's answer can
  // only arrive on a later one: there the row follows the app's copy out, off the time the
  // developer waits for (deliver.ts). A team's database answers over the network, so there the
  // row goes first, where a callback reaching any process finds it.
  if (store.sql.dialect !== 'sqlite') await write();
  // deliver() tells the client INTERACTION_CREATE, once the app's copy is on its way. The
  // route does not wait for it, so a fault of its own must end the interaction here rather
  // than reach the process as an unhandled rejection.
  let markSent!: (error?: unknown) => void;
  const sent = new Promise<void>((resolve, reject) => (markSent = (error) => (error === undefined ? resolve() : reject(error))));
  // The route hears a refused write through `sent`; nothing else must see the rejection as unhandled.
  sent.catch(() => undefined);
  const delivered = deliver(services, application, record, markSent, write).catch(async (error: unknown) => {
    markSent();
    await write();
    await fail(services, record, 'internal-error', `Slashbench failed while delivering: ${(error as Error).message}`);
  }).catch((error: unknown) => console.error(`slashbench: an interaction's failure could not be told: ${(error as Error).message}`));
  return { record, sent, delivered };
}
