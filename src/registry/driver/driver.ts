/**
 * The test driver: a person acts through the same services the client uses. Their
 * invocation goes through the person route's own work (`POST /api/v10/interactions`, with
 * their own token, as the client sends it: interactions/invoke-as-person.ts), what they
 * hear is the client's event stream (the bus's client events, as the gateway forwards
 * them), and the messages of a run are read back as the bot's API shows them
 * (`GET /webhooks/{app}/{token}/messages/{id}`'s view of the stored message), so a test
 * sees what a bot would. Waits answer when an event settles them, or at their time limit
 * with what had happened by then.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { APIMessage } from 'discord-api-types/v10';
import type { DriverAction, DriverRun, DriverWait, DriverWaitFailure, RefusedRequest } from '../../shared/driver-api.js';
import { refusedInvocation, type RunFacts } from '../../shared/scenario/outcome.js';
import { ATTACHMENT_SIZE_LIMIT } from '../../shared/attachment-limits.js';
import type { RegistryContext } from '../registry-context.js';
import { answeredError } from '../http/framework-errors.js';
import { DEFAULT_BODY_LIMIT } from '../http/json-body.js';
import type { OriginSource } from '../http/request-origin.js';
import { ServiceError } from '../http/service-error.js';
import { appMessageView, findAppMessage } from '../interactions/app-messages.js';
import { nextTurn } from '../interactions/inline-answers.js';
import { invokeFor } from '../interactions/invoke-as-person.js';
import { errorBodySentence } from '../interactions/refusal.js';
import { locateChannel, type Location } from '../queries/command-index.js';
import type { UserRecord } from '../store/records.js';
import { contextCommand, slashCommand } from './command-actions.js';
import { clickData, selectData, submitData, visibleMessage } from './component-actions.js';
import { driverError, findChannel, findGuild } from './names.js';
import { uploadOptionFiles } from './option-files.js';
import type { BookedRun, RunBook } from './run-book.js';
import { describeWait, judge, progress } from './waits.js';

/** The headers of the caller's request the person route should see: their token and language. */
export type CallerHeaders = Record<string, string>;

/** The caller's request as the person route reads it: those headers, and how it reached the registry. */
export type Caller = Omit<OriginSource, 'headers'> & { headers: CallerHeaders };

interface Planned extends RunFacts {
  applicationId: string;
  channelId: string;
  guildId: string | null;
  label: string;
  body: Record<string, unknown>;
}

export type WaitAnswer = { status: 200; body: DriverRun } | { status: 408 | 409; body: DriverWaitFailure };

export class Driver {
  constructor(private readonly context: RegistryContext, private readonly app: FastifyInstance, private readonly book: RunBook) {}

  /** Starts what `action` asks of `user`, answering the run once the person route has answered. */
  async start(user: UserRecord, caller: Caller, action: DriverAction): Promise<DriverRun> {
    const nonce = randomBytes(12).toString('base64url');
    const planned = await this.plan(user, action);
    await this.uploadFiles(planned, caller.headers);
    const run: BookedRun = {
      id: nonce, kind: planned.kind, ...(planned.messageId === undefined ? {} : { messageId: planned.messageId }), label: planned.label,
      userId: user.id, channelId: planned.channelId, guildId: planned.guildId, applicationId: planned.applicationId,
      interactionId: null, startedAt: Date.now(), events: [], invocation: null,
    };
    this.book.add(run);
    // The route's own work, not a request through Fastify (inject): the same checks and
    // answer (as its lean path, http/lean-route.ts), without building a request and a reply.
    try {
      const body = { ...planned.body, nonce };
      // The route reads no larger body (a recorded invocation's options are sent as they were).
      if (Buffer.byteLength(JSON.stringify(body)) > DEFAULT_BODY_LIMIT) throw new ServiceError('entityTooLarge');
      await invokeFor(this.context, caller, body);
    } catch (error) {
      const refusal = answeredError(error, this.app.log);
      const body = refusal.body();
      run.invocation = { status: refusal.status, body };
      this.book.record(run, refusedInvocation(refusal.status, body));
    }
    return this.view(run);
  }

  /** Uploads the files the options give (ATTACHMENT options' values) as the person, naming each by its id instead. */
  private async uploadFiles(planned: Planned, headers: CallerHeaders): Promise<void> {
    const data = planned.body.data as Record<string, unknown>;
    if (!Array.isArray(data.options)) return;
    data.options = await uploadOptionFiles(data.options, async (file, at) => {
      const answer = await this.app.inject({
        method: 'POST', url: `/api/v10/channels/${planned.channelId}/attachments`, headers: { ...headers, 'content-type': 'application/json' }, payload: file,
      });
      let body: { id?: unknown } = {};
      try {
        body = answer.json();
      } catch {
        // Not JSON: the status says enough.
      }
      if (answer.statusCode === 200 && typeof body.id === 'string') return body.id;
      throw driverError(at, `the upload route refused the file (${answer.statusCode}): ${errorBodySentence(body, '; ')}; a file is {filename, content_type, data (base64)} of at most ${ATTACHMENT_SIZE_LIMIT / 1024 / 1024} MiB`);
    });
  }

  /** The caller's run, or 404 (another person's runs are not theirs to read). */
  run(user: UserRecord, id: string): BookedRun {
    const run = this.book.get(id);
    if (!run || run.userId !== user.id) throw driverError(['run'], `no run ${id} of ${user.username} (runs are kept 15 minutes)`);
    return run;
  }

  /** Waits up to `timeoutMs` for `wait`; `closed` resolves when the caller has gone away or the registry closes. */
  async wait(run: BookedRun, wait: DriverWait, count: number, timeoutMs: number, closed: Promise<void>): Promise<WaitAnswer> {
    const heard = await new Promise<ReturnType<typeof judge> | 'timeout'>((resolve) => {
      const now = judge(wait, count, this.book.outcome(run));
      if (now.state !== 'waiting') return resolve(now);
      const done = (result: ReturnType<typeof judge> | 'timeout') => {
        clearTimeout(timer);
        unwatch();
        resolve(result);
      };
      const timer = setTimeout(() => done('timeout'), timeoutMs);
      const unwatch = this.book.watch(run, () => {
        const next = judge(wait, count, this.book.outcome(run));
        if (next.state !== 'waiting') done(next);
      });
      void closed.then(() => done('timeout'));
    });
    // The event that settled the wait may be one of several an answer sends in one turn (its
    // message, then its success and the callback's record): the run is judged and read once
    // they are all in.
    await nextTurn();
    const settled = heard === 'timeout' ? heard : judge(wait, count, this.book.outcome(run));
    const verdict = settled !== 'timeout' && settled.state === 'waiting' ? heard : settled;
    const body = await this.view(run);
    if (verdict !== 'timeout' && verdict.state === 'met') return { status: 200, body };
    const expected = `Expected ${describeWait(wait, count)} to ${run.label}`;
    if (verdict === 'timeout') {
      return { status: 408, body: { message: `${expected} within ${timeoutMs} ms, but ${progress(run.events, body)}.`, code: 0, run: body } };
    }
    return { status: 409, body: { message: `${expected}, but ${verdict.state === 'never' ? verdict.why : 'it did not come'}.`, code: 0, run: body } };
  }

  /** The run as JSON: its outcome, with its messages as the bot's API shows them now. */
  async view(run: BookedRun): Promise<DriverRun> {
    const outcome = this.book.outcome(run);
    // As the webhook's GET answers it (the message as stored now, edits included); one deleted since is shown as last heard.
    const readBack = async (message: APIMessage): Promise<APIMessage> => {
      const stored = await findAppMessage(this.context, { channel_id: run.channelId }, message.id);
      return stored ? await appMessageView(this.context, stored) : message;
    };
    const delivery = run.events.find((event) => event.type === 'INTERACTION_DELIVERY')?.data.method;
    const reply = outcome.reply && (await readBack(outcome.reply));
    const followUps = await Promise.all(outcome.follow_ups.map(readBack));
    // The run's own fields first: the first "id" a reader meets is the run's.
    return {
      id: run.id, kind: run.kind, label: run.label, user_id: run.userId, channel_id: run.channelId, guild_id: run.guildId,
      application_id: run.applicationId, ...outcome, reply, follow_ups: followUps,
      delivery: delivery === 'http' || delivery === 'gateway' ? delivery : null, refusals: refusals(run), invocation: run.invocation,
    };
  }

  /** The invocation's body (without its nonce) and the run's facts. */
  private async plan(user: UserRecord, action: DriverAction): Promise<Planned> {
    const { store, ledger } = this.context;
    if (action.action === 'submit') {
      const opener = this.run(user, action.run);
      const modal = this.book.outcome(opener).modal;
      if (!modal) throw driverError(['run'], `${opener.label} was not answered with a modal (wait for it with run.modal() first)`);
      return {
        kind: 'modal', ...(opener.kind === 'component' && opener.messageId !== undefined ? { messageId: opener.messageId } : {}),
        applicationId: opener.applicationId, channelId: opener.channelId, guildId: opener.guildId, label: `submit ${modal.title || modal.custom_id}`,
        body: {
          type: 5, application_id: opener.applicationId, channel_id: opener.channelId, ...(opener.guildId === null ? {} : { guild_id: opener.guildId }),
          ...(opener.kind === 'component' && opener.messageId !== undefined ? { message_id: opener.messageId } : {}),
          data: submitData(modal, action.fields),
        },
      };
    }
    const location = await this.locate(user, action.guild, action.channel);
    const channelId = location.kind === 'guild' ? (location.channel?.id ?? '') : location.channel.id;
    const guildId = location.kind === 'guild' ? location.guildId : null;
    const where = { channel_id: channelId, ...(guildId === null ? {} : { guild_id: guildId }) };
    const planned = (kind: Planned['kind'], type: number, applicationId: string, label: string, data: Record<string, unknown>, messageId?: string): Planned => ({
      kind, ...(messageId === undefined ? {} : { messageId }), applicationId, channelId, guildId, label,
      body: { type, application_id: applicationId, ...where, ...(messageId === undefined ? {} : { message_id: messageId }), data },
    });
    switch (action.action) {
      case 'command':
      case 'autocomplete': {
        const autocomplete = action.action === 'autocomplete';
        const built = await slashCommand(store, user, location, action, autocomplete);
        return planned(autocomplete ? 'autocomplete' : 'command', autocomplete ? 4 : 2, built.applicationId, built.label, built.data);
      }
      case 'user_command':
      case 'message_command': {
        const built = await contextCommand(store, user, location, action, action.action === 'user_command' ? { user: action.target } : { messageId: action.message_id });
        return planned('command', 2, built.applicationId, built.label, built.data);
      }
      default: {
        const message = await visibleMessage(store, ledger, user, channelId, action.message_id);
        if (message.application_id === null) throw driverError(['message_id'], 'that message is not from an app: it has no components to use');
        const built = action.action === 'click' ? clickData(message, action.component) : await selectData(store, guildId, message, action.custom_id, action.values);
        return planned('component', 3, message.application_id, built.label, built.data, message.id);
      }
    }
  }

  /** The person's place: a guild's channel by names or ids, or a channel by id; refused when they cannot be there. */
  private async locate(user: UserRecord, guild: string | undefined, channel: string): Promise<Location> {
    const { store } = this.context;
    const found = await findChannel(store, guild === undefined ? null : await findGuild(store, guild), channel);
    try {
      return locateChannel(store, user, found.id);
    } catch (error) {
      if (error instanceof ServiceError) throw driverError(['channel'], `${user.username} cannot use #${found.name ?? found.id}: not a member of its guild, nor a recipient`);
      throw error;
    }
  }
}

/** The bot's requests the registry refused, from the run's events, each with the service's answer. */
function refusals(run: BookedRun): RefusedRequest[] {
  return run.events.flatMap((event): RefusedRequest[] => {
    const { data } = event;
    if (typeof data.refusal !== 'string') return [];
    if (event.type === 'INTERACTION_FAILURE') {
      return [{ method: 'POST', path: '(the endpoint\'s inline answer)', status: 400, answer: data.answer ?? null, refusal: data.refusal }];
    }
    return [{ method: String(data.method ?? ''), path: String(data.path ?? ''), status: Number(data.status ?? 0), answer: data.answer ?? null, refusal: data.refusal }];
  });
}
