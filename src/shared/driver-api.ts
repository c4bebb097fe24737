/**
 * The test driver's HTTP contract (`/_slashbench/driver/*`): what a test asks a person to do
 * (invoke a command by its text or by name and options, autocomplete, press a button, pick
 * in a select, submit a modal, use a context menu) and the run it gets back, with the
 * interaction's outcome. One schema for the registry's routes and the JavaScript driver, so
 * both read the same fields; other languages read the same JSON (docs/testing.md).
 */
import { z } from 'zod';
import type { APIMessage } from 'discord-api-types/v10';
import type { Choice, Outcome, RunKind, ShownModal } from './scenario/outcome.js';

/** Where: a channel by id, or by name within a guild named by name or id. */
const place = {
  guild: z.string().min(1).optional(),
  channel: z.string().min(1),
};

/** Options by name (`{text: 'hello', times: 3}`), or as the wire carries them (a recorded invocation's, nested). */
const options = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);

const commandFields = {
  ...place,
  /** As typed in the chat box: `/echo text:hello`. */
  command: z.string().min(1).optional(),
  /** The command's name (with its subcommand path: `config set`), when `command` is not given. */
  name: z.string().min(1).optional(),
  options: options.optional(),
  /** The app, by name or id, when two apps have a command of that name here. */
  application: z.string().min(1).optional(),
};

const textOrName = (value: { command?: string | undefined; name?: string | undefined }) => (value.command === undefined) !== (value.name === undefined);
const textOrNameMessage = { message: 'give either command (the text) or name (with options)', path: ['command'] };

export const driverActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('command'), ...commandFields }).refine(textOrName, textOrNameMessage),
  z.object({
    action: z.literal('autocomplete'), ...commandFields,
    /** The option being typed; the last one written by default. */
    focused: z.string().min(1).optional(),
  }).refine(textOrName, textOrNameMessage),
  z.object({ action: z.literal('user_command'), ...place, name: z.string().min(1), target: z.string().min(1), application: z.string().min(1).optional() }),
  z.object({ action: z.literal('message_command'), ...place, name: z.string().min(1), message_id: z.string().min(1), application: z.string().min(1).optional() }),
  /** A button, by its label or custom_id. */
  z.object({ action: z.literal('click'), ...place, message_id: z.string().min(1), component: z.string().min(1) }),
  /** A select menu by custom_id; values by value (or an option's label; people, roles and channels by name). */
  z.object({ action: z.literal('select'), ...place, message_id: z.string().min(1), custom_id: z.string().min(1), values: z.array(z.string()) }),
  /** The modal the run `run` was answered with, its fields by custom_id. */
  z.object({ action: z.literal('submit'), run: z.string().min(1), fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])) }),
]);

export type DriverAction = z.input<typeof driverActionSchema>;

/** What a wait asks for (`GET /_slashbench/driver/runs/{id}?wait=`). */
export const DRIVER_WAITS = ['reply', 'follow_ups', 'failure', 'modal', 'choices', 'end'] as const;
export type DriverWait = (typeof DRIVER_WAITS)[number];

/** A request of the bot's that the registry refused, with the service's answer (its error tree). */
export interface RefusedRequest {
  method: string;
  path: string;
  status: number;
  answer: unknown;
  refusal: string;
}

/** A run: one interaction a person started through the driver, and what became of it so far. */
export interface DriverRun extends Outcome {
  id: string;
  kind: RunKind;
  /** `/echo text:hello`, `click Yes`, ... */
  label: string;
  user_id: string;
  channel_id: string;
  guild_id: string | null;
  application_id: string;
  /** How the app was reached: `gateway`, `http`, or null before delivery (or when refused first). */
  delivery: 'gateway' | 'http' | null;
  /** The bot's refused answers, each with the service's error body. */
  refusals: RefusedRequest[];
  /** The person route's answer when it refused the invocation itself (a permission, the options). */
  invocation: { status: number; body: unknown } | null;
}

/** A wait that was not met: 408 when the time ran out, 409 when the run ended another way. */
export interface DriverWaitFailure {
  message: string;
  code: 0;
  run: DriverRun;
}

export type { APIMessage, Choice, ShownModal };
