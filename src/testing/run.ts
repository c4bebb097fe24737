/**
 * A run: one interaction a person started, and the ways a test waits on what became of it:
 * the reply (an APIMessage, as a bot reads it, with `click` and `select` on it), follow-ups,
 * the failure with its reason, a modal to fill in, autocomplete choices. Each wait resolves
 * on the registry's events, or fails at its limit with what had happened by then.
 */
import type { APIMessage } from 'discord-api-types/v10';
import type { Choice, DriverAction, DriverRun, DriverWait, RefusedRequest, ShownModal } from '../shared/driver-api.js';
import type { DriverHttp } from './driver-http.js';

/** Waits take this long at most unless told otherwise: longer than the app's 3 s deadline, so a missed deadline shows as the failure it is. */
export const DEFAULT_WAIT_MS = 5000;

export interface WaitOptions {
  /** How long to wait, in ms (5000 by default). */
  timeoutMs?: number;
}

/** Who acts and how to reach the registry: what runs, replies and modals share. */
export interface Actor {
  readonly http: DriverHttp;
  readonly token: string;
  readonly timeoutMs: number;
}

/** A message a run answered with, as a bot reads it, with what a person can do to it. */
export interface Reply extends APIMessage {
  /** Presses a button by its label or custom_id; the run of that press. */
  click(labelOrCustomId: string): Promise<Run>;
  /** Picks `values` in the select menu `customId` (options by value or label; people, roles, channels by name or id). */
  select(customId: string, values: readonly string[]): Promise<Run>;
}

/** A modal the app answered with, and its submission. */
export interface Modal extends ShownModal {
  /** Submits the modal with its fields by custom_id (a text input's value, a select's values). */
  submit(fields: Readonly<Record<string, string | readonly string[]>>): Promise<Run>;
}

/** Why a run had no answer: the reason (`deadline`, `refused`, `no-bot`, `endpoint-error`, `permission`, `http-404`, ...) and what was refused. */
export interface RunFailure {
  reason: string;
  detail: string;
  /** The bot's answers the registry refused, each with the service's error body (its error tree). */
  refusals: RefusedRequest[];
  /** The person route's answer when it refused the invocation itself. */
  invocation: DriverRun['invocation'];
}

/** Starts an action as the actor; its run. */
export async function startRun(actor: Actor, action: DriverAction, what: string): Promise<Run> {
  return new Run(actor, await actor.http.act(actor.token, action, what));
}

export class Run {
  constructor(private readonly actor: Actor, private latest: DriverRun) {}

  get id(): string {
    return this.latest.id;
  }

  /** `/echo text:hello`, `click Yes`, ... */
  get label(): string {
    return this.latest.label;
  }

  /** The run as last read from the registry (its outcome so far). */
  get state(): DriverRun {
    return this.latest;
  }

  /** The initial answer: the response message (for a deferred one, its edit; for a button's UPDATE_MESSAGE, the edited message). */
  async reply(options: WaitOptions = {}): Promise<Reply> {
    const run = await this.wait('reply', options);
    return asReply(this.actor, run.reply as APIMessage);
  }

  /** The first `count` follow-ups, in the order sent. */
  async followUps(count: number, options: WaitOptions = {}): Promise<Reply[]> {
    const run = await this.wait('follow_ups', { ...options, count });
    return run.follow_ups.slice(0, count).map((message) => asReply(this.actor, message));
  }

  /** Why there was no answer. */
  async failure(options: WaitOptions = {}): Promise<RunFailure> {
    const run = await this.wait('failure', options);
    const failure = run.failure ?? { reason: 'unknown', detail: '' };
    return { ...failure, refusals: run.refusals, invocation: run.invocation };
  }

  /** The modal the app answered with. */
  async modal(options: WaitOptions = {}): Promise<Modal> {
    const run = await this.wait('modal', options);
    const shown = run.modal as ShownModal;
    const modal = { ...shown } as Modal;
    Object.defineProperty(modal, 'submit', {
      enumerable: false,
      value: (fields: Readonly<Record<string, string | readonly string[]>>) =>
        startRun(this.actor, { action: 'submit', run: this.id, fields: fields as Record<string, string | string[]> }, `submitting ${shown.title || shown.custom_id}`),
    });
    return modal;
  }

  /** The autocomplete choices the app answered with. */
  async choices(options: WaitOptions = {}): Promise<Choice[]> {
    return (await this.wait('choices', options)).choices ?? [];
  }

  /** The run once it has ended, whichever way. */
  async end(options: WaitOptions = {}): Promise<DriverRun> {
    return this.wait('end', options);
  }

  private async wait(wait: DriverWait, options: WaitOptions & { count?: number }): Promise<DriverRun> {
    this.latest = await this.actor.http.wait(this.actor.token, this.id, wait, {
      timeoutMs: options.timeoutMs ?? this.actor.timeoutMs, ...(options.count === undefined ? {} : { count: options.count }),
    });
    return this.latest;
  }
}

/** The message with `click` and `select` beside its fields (not enumerable: the message still compares and serializes as itself). */
export function asReply(actor: Actor, message: APIMessage): Reply {
  const reply = { ...message } as Reply;
  const on = { channel: message.channel_id, message_id: message.id };
  Object.defineProperties(reply, {
    click: {
      enumerable: false,
      value: (component: string) => startRun(actor, { action: 'click', ...on, component }, `clicking "${component}"`),
    },
    select: {
      enumerable: false,
      value: (customId: string, values: readonly string[]) =>
        startRun(actor, { action: 'select', ...on, custom_id: customId, values: [...values] }, `selecting in "${customId}"`),
    },
  });
  return reply;
}
