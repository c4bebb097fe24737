/**
 * The scenario file: a session recorded in the client's inspector, to replay against a bot
 * (`slashbench replay scenario.json`). It holds the world it happened in (without tokens),
 * each step a person took (who, where, what, with messages named by the step that made
 * them, since their ids change from run to run), and what came of each step, normalized:
 * ids made during the session, tokens and times replaced by placeholders, so a replay that
 * behaves the same compares equal. Versioned: a file of another version is refused by name.
 */
import { z } from 'zod';
import { formatWorldPath, worldIssues, WORLD_PARSE } from '../world-issues.js';
import { worldFileSchema } from '../world-file.js';

export const SCENARIO_VERSION = 1;

const snowflake = z.string().regex(/^\d{1,20}$/, 'must be a snowflake (digits)');

/** A message a step acts on: one an earlier step's answer made (`reply` or follow-up `n`), or one of the world. */
export const messageReferenceSchema = z.union([
  z.object({ step: z.string().min(1), message: z.union([z.literal('reply'), z.number().int().nonnegative()]) }),
  z.object({ id: snowflake }),
]);

const where = { channel: snowflake };

/** What the person did: the driver's actions, with recorded options as sent and messages by reference. */
export const scenarioActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('command'), ...where, name: z.string().min(1), options: z.array(z.record(z.string(), z.unknown())) }),
  z.object({ action: z.literal('autocomplete'), ...where, name: z.string().min(1), options: z.array(z.record(z.string(), z.unknown())) }),
  z.object({ action: z.literal('user_command'), ...where, name: z.string().min(1), target: snowflake }),
  z.object({ action: z.literal('message_command'), ...where, name: z.string().min(1), message: messageReferenceSchema }),
  z.object({ action: z.literal('click'), ...where, message: messageReferenceSchema, custom_id: z.string().min(1) }),
  z.object({ action: z.literal('select'), ...where, message: messageReferenceSchema, custom_id: z.string().min(1), values: z.array(z.string()) }),
  z.object({ action: z.literal('submit'), opener: z.string().min(1), fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])) }),
]);

/** The outcome a step is expected to have, normalized (`outcome.ts`'s Outcome without the interaction's id). */
export const expectedOutcomeSchema = z.object({
  status: z.enum(['pending', 'succeeded', 'failed']),
  response_type: z.number().int().nullable(),
  failure: z.object({ reason: z.string(), detail: z.string() }).nullable(),
  reply: z.record(z.string(), z.unknown()).nullable(),
  follow_ups: z.array(z.record(z.string(), z.unknown())),
  modal: z.record(z.string(), z.unknown()).nullable(),
  choices: z.array(z.record(z.string(), z.unknown())).nullable(),
});

export const scenarioStepSchema = z.object({
  /** `s1`, `s2`, ...: what later steps name. */
  id: z.string().min(1),
  /** What the inspector called it: `/echo`, `component yes`. */
  label: z.string(),
  /** The person who acted. */
  user: snowflake,
  action: scenarioActionSchema,
  expect: expectedOutcomeSchema,
});

export const scenarioFileSchema = z.object({
  slashbench_scenario: z.literal(SCENARIO_VERSION),
  name: z.string(),
  recorded_at: z.string(),
  /** The app under test: the one whose bot the replay waits for. */
  application: snowflake,
  world: worldFileSchema,
  steps: z.array(scenarioStepSchema).min(1),
});

export type MessageReference = z.infer<typeof messageReferenceSchema>;
export type ScenarioAction = z.infer<typeof scenarioActionSchema>;
export type ExpectedOutcome = z.infer<typeof expectedOutcomeSchema>;
export type ScenarioStep = z.infer<typeof scenarioStepSchema>;
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;

/** Parses a scenario, or says what is wrong with it (the version first: a newer file is not misread). */
export function parseScenarioFile(input: unknown): { ok: true; scenario: ScenarioFile } | { ok: false; message: string } {
  const version = (input as { slashbench_scenario?: unknown } | null)?.slashbench_scenario;
  if (version !== SCENARIO_VERSION) {
    return { ok: false, message: `not a scenario of version ${SCENARIO_VERSION} (slashbench_scenario is ${JSON.stringify(version) ?? 'missing'})` };
  }
  const result = scenarioFileSchema.safeParse(input, WORLD_PARSE);
  if (result.success) return { ok: true, scenario: result.data };
  const problems = worldIssues(result.error).slice(0, 5).map((issue) => `${formatWorldPath(issue.path)}: ${issue.message}`);
  return { ok: false, message: problems.join('; ') };
}
