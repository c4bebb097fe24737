/**
 * A scenario's steps run again on a bench, as the people did them, each then compared with
 * what was recorded. A step waits for what the recording saw (the interaction's end, its
 * reply, as many follow-ups, its modal or choices), never longer than its limit, and its
 * outcome is normalized the same way before the comparison.
 */
import { differences, type Difference } from '../../shared/scenario/diff.js';
import { normalizeOutcome, worldIds } from '../../shared/scenario/normalize.js';
import type { ExpectedOutcome, MessageReference, ScenarioAction, ScenarioFile, ScenarioStep } from '../../shared/scenario/scenario-file.js';
import type { DriverAction, DriverRun, DriverWait } from '../../shared/driver-api.js';
import { BenchRequestError, BenchWaitError } from '../errors.js';
import type { Bench } from '../start-bench.js';
import type { BenchUser } from '../chat.js';

export interface StepResult {
  step: ScenarioStep;
  passed: boolean;
  differences: Difference[];
  /** Why the step could not be taken at all (a message an earlier step did not make, a refused request). */
  error?: string;
  actual: ExpectedOutcome | null;
  durationMs: number;
}

/** Runs every step in order; a step that cannot be taken fails and the next ones still run. */
export async function replaySteps(scenario: ScenarioFile, bench: Bench, options: { timeoutMs: number }): Promise<StepResult[]> {
  const known = worldIds(scenario.world);
  const runs = new Map<string, DriverRun>();
  const results: StepResult[] = [];
  for (const step of scenario.steps) {
    const started = performance.now();
    try {
      const user = stepUser(bench, step.user);
      const action = driverAction(step.action, runs);
      const run = await settle(user, await user.http.act(user.token, action, `${step.id} ${step.label}`), step.expect, options.timeoutMs);
      runs.set(step.id, run);
      const actual = normalizeOutcome(run, known);
      const found = differences(step.expect, actual);
      results.push({ step, passed: found.length === 0, differences: found, actual, durationMs: performance.now() - started });
    } catch (error) {
      if (!(error instanceof BenchRequestError) && !(error instanceof StepError)) throw error;
      results.push({ step, passed: false, differences: [], error: error.message, actual: null, durationMs: performance.now() - started });
    }
  }
  return results;
}

/** A step that cannot be taken as recorded. */
class StepError extends Error {}

function stepUser(bench: Bench, id: string): BenchUser {
  try {
    return bench.user(id);
  } catch (error) {
    throw new StepError(`its person ${id} cannot act: ${(error as Error).message}`, { cause: error });
  }
}

/** The message an earlier step made, in this replay. */
function messageId(reference: MessageReference, runs: ReadonlyMap<string, DriverRun>): string {
  if ('id' in reference) return reference.id;
  const run = runs.get(reference.step);
  const message = reference.message === 'reply' ? run?.reply : run?.follow_ups[reference.message];
  const which = reference.message === 'reply' ? 'reply' : `follow-up ${reference.message + 1}`;
  if (!message) throw new StepError(`it acts on the ${which} of ${reference.step}, which the bot did not send this time`);
  return message.id;
}

function driverAction(action: ScenarioAction, runs: ReadonlyMap<string, DriverRun>): DriverAction {
  switch (action.action) {
    case 'command':
    case 'autocomplete':
      return { action: action.action, channel: action.channel, name: action.name, options: action.options };
    case 'user_command':
      return { action: 'user_command', channel: action.channel, name: action.name, target: action.target };
    case 'message_command':
      return { action: 'message_command', channel: action.channel, name: action.name, message_id: messageId(action.message, runs) };
    case 'click':
      return { action: 'click', channel: action.channel, message_id: messageId(action.message, runs), component: action.custom_id };
    case 'select':
      return { action: 'select', channel: action.channel, message_id: messageId(action.message, runs), custom_id: action.custom_id, values: action.values };
    default: {
      const opener = runs.get(action.opener);
      if (!opener) throw new StepError(`it submits the modal of ${action.opener}, which did not run`);
      return { action: 'submit', run: opener.id, fields: action.fields };
    }
  }
}

/** The run once what the recording saw has come (or its limit passed): its end, then its reply, follow-ups, modal or choices. */
async function settle(user: BenchUser, run: DriverRun, expected: ExpectedOutcome, timeoutMs: number): Promise<DriverRun> {
  const waits: Array<[DriverWait, number]> = [['end', 1]];
  if (expected.reply) waits.push(['reply', 1]);
  if (expected.follow_ups.length > 0) waits.push(['follow_ups', expected.follow_ups.length]);
  if (expected.modal) waits.push(['modal', 1]);
  if (expected.choices) waits.push(['choices', 1]);
  let latest = run;
  for (const [wait, count] of waits) {
    try {
      latest = await user.http.wait(user.token, run.id, wait, { count, timeoutMs });
    } catch (error) {
      if (!(error instanceof BenchWaitError)) throw error;
      latest = error.run;
    }
  }
  return latest;
}
