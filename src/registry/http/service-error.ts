/**
 * Errors cross the HTTP boundary as data: a status, the service's numeric code and its
 * message, never as thrown text. One table of every error the registry answers with, so
 * a code or message is changed in one place (api-facts.md, "Error body").
 */
import { ErrorCollector, type ErrorTree } from '../../shared/command-rules/error-tree.js';
import { storageProblem } from '../store/storage-error.js';

export const SERVICE_ERRORS = {
  badRequest: { status: 400, code: 0, message: '400: Bad Request' },
  unauthorized: { status: 401, code: 0, message: '401: Unauthorized' },
  notFound: { status: 404, code: 0, message: '404: Not Found' },
  methodNotAllowed: { status: 405, code: 0, message: '405: Method Not Allowed' },
  unknownApplication: { status: 404, code: 10002, message: 'Unknown Application' },
  unknownChannel: { status: 404, code: 10003, message: 'Unknown Channel' },
  unknownGuild: { status: 404, code: 10004, message: 'Unknown Guild' },
  unknownMember: { status: 404, code: 10007, message: 'Unknown Member' },
  unknownMessage: { status: 404, code: 10008, message: 'Unknown Message' },
  unknownWebhook: { status: 404, code: 10015, message: 'Unknown Webhook' },
  unknownInteraction: { status: 404, code: 10062, message: 'Unknown interaction' },
  alreadyAcknowledged: { status: 400, code: 40060, message: 'Interaction has already been acknowledged.' },
  maxFollowups: { status: 400, code: 40094, message: 'This interaction has hit the maximum number of follow up messages' },
  emptyMessage: { status: 400, code: 50006, message: 'Cannot send an empty message' },
  unknownRole: { status: 404, code: 10011, message: 'Unknown Role' },
  unknownUser: { status: 404, code: 10013, message: 'Unknown User' },
  invalidRole: { status: 400, code: 50028, message: 'Invalid Role' },
  unknownCommand: { status: 404, code: 10063, message: 'Unknown application command' },
  unknownCommandPermissions: { status: 404, code: 10066, message: 'Unknown application command permissions' },
  missingAccess: { status: 403, code: 50001, message: 'Missing Access' },
  missingPermissions: { status: 403, code: 50013, message: 'Missing Permissions' },
  dmAction: { status: 403, code: 50003, message: 'Cannot execute action on a DM channel' },
  othersMessage: { status: 403, code: 50005, message: 'Cannot edit a message authored by another user' },
  nonTextChannel: { status: 400, code: 50008, message: 'Cannot send messages in a non-text channel' },
  cannotMessageUser: { status: 400, code: 50007, message: 'Cannot send messages to this user' },
  // Polls (the service's 520xxx codes; their statuses are *inferred*).
  pollExpired: { status: 400, code: 520001, message: 'Poll expired' },
  pollNotEditable: { status: 400, code: 520003, message: 'Cannot update a poll message' },
  notAPoll: { status: 400, code: 520006, message: 'Cannot expire a non-poll message' },
  botsCannotUse: { status: 403, code: 20001, message: 'Bots cannot use this endpoint' },
  oauthUnauthorized: { status: 401, code: 40001, message: 'Unauthorized' },
  missingScope: { status: 403, code: 50026, message: 'Missing required OAuth2 scope' },
  invalidFormBody: { status: 400, code: 50035, message: 'Invalid Form Body' },
  invalidJson: { status: 400, code: 50109, message: 'The request body contains invalid JSON.' },
  entityTooLarge: { status: 413, code: 40005, message: 'Request entity too large' },
  // The plain rate-limit answer has no code: `{message, retry_after, global}`.
  rateLimited: { status: 429, code: null, message: 'You are being rate limited.' },
  internal: { status: 500, code: 0, message: '500: Internal Server Error' },
  // Not the service's own: the registry's disk refused a write (store/storage-error.ts).
  // The failed statement or transaction was rolled back, so the message can promise that.
  storageFull: { status: 507, code: 0, message: "507: Insufficient Storage: the registry's disk is full, so nothing was saved" },
  storageReadOnly: {
    status: 500, code: 0, message: '500: Internal Server Error: the registry cannot write to its data directory (read-only), so nothing was saved',
  },
  storageFailed: { status: 500, code: 0, message: "500: Internal Server Error: the registry's disk reported an I/O error, so nothing was saved" },
  databaseUnavailable: {
    status: 503, code: 0,
    message: "503: Service Unavailable: the registry's database cannot be reached, so nothing was saved; try again in a moment",
  },
  maxCommands: { status: 400, code: 30032, message: 'Maximum number of application commands reached (%d)' },
  maxDailyCreates: {
    status: 429,
    code: 30034,
    message: 'Max number of daily application command creates has been reached (%d)',
  },
  entryPointRemoved: {
    status: 400,
    code: 50240,
    message:
      "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
  },
} as const;

export type ServiceErrorName = keyof typeof SERVICE_ERRORS;

/** A refusal with the service's status and body; thrown inside routes, answered by the error handler. */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: number | null;
  readonly errors: ErrorTree | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    name: ServiceErrorName,
    options: { errors?: ErrorTree; limit?: number; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    const known = SERVICE_ERRORS[name];
    super(known.message.replace('%d', String(options.limit ?? '')));
    this.status = known.status;
    this.code = known.code;
    this.errors = options.errors;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** The JSON body the service answers with. */
  body(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.code === null ? {} : { code: this.code }),
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

/** The answer for a write the disk refused (full, read-only, failing), or undefined for any other error. */
export function storageRefusal(error: unknown): ServiceError | undefined {
  const problem = storageProblem(error);
  if (!problem) return undefined;
  const names = { full: 'storageFull', 'read-only': 'storageReadOnly', io: 'storageFailed', unavailable: 'databaseUnavailable' } as const;
  return new ServiceError(names[problem.kind], problem.kind === 'unavailable' ? { headers: { 'retry-after': '1' } } : {});
}

/** A 50035 refusal for one error tree. */
export function invalidFormBody(errors: ErrorTree): ServiceError {
  return new ServiceError('invalidFormBody', { errors });
}

/** A 50035 refusal for a single field. */
export function invalidField(path: ReadonlyArray<string | number>, code: string, message: string): ServiceError {
  const collector = new ErrorCollector();
  collector.add(path, code, message);
  return invalidFormBody(collector.tree);
}
