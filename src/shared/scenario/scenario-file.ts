/**
 * The scenario file: a session recorded in the client's inspector, to replay against a bot
 * (`slashbench replay scenario.json`). It holds the world it happened in (without tokens),
 * each step a person took (who, where, what, with messages named by the step that made
 * them, since their ids change from run to run), and what came of each step, normalized:
 * ids made during the session, tokens and times replaced by placeholders, so a replay that
 * behaves the same compares equal. A file option carries its file (name, media type, bytes
 * in base64). Versioned: a file of an unknown version is refused by name.
 */
import { z } from 'zod';
import { ATTACHMENT_SIZE_LIMIT, FILENAME_MAX_LENGTH } from '../attachment-limits.js';
import { formatWorldPath, worldIssues, WORLD_PARSE } from '../world-issues.js';
import { worldFileSchema } from '../world-file.js';

/** The version written. Version 1 (before files) is read too: it is version 2 without files. */
export const SCENARIO_VERSION = 2;
const READ_VERSIONS: readonly unknown[] = [1, SCENARIO_VERSION];

/** An ATTACHMENT option's type: its value is a file's upload id, or in a scenario the file itself. */
export const ATTACHMENT_OPTION = 11;

/**
 * A file an ATTACHMENT option carried in the recording, as the driver takes it: the replay
 * uploads it again as the person. At most the per-attachment limit, in base64.
 */
export const recordedFileSchema = z.object({
  filename: z.string().min(1).max(FILENAME_MAX_LENGTH),
  content_type: z.string().min(1).optional(),
  data: z.string()
    .max(Math.ceil(ATTACHMENT_SIZE_LIMIT / 3) * 4, `must be at most ${ATTACHMENT_SIZE_LIMIT / 1024 / 1024} MiB, an attachment's limit`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be the file\'s bytes in base64'),
});

/** Options as the wire carries them; a file option's value is a recorded file (or, as written by hand, an upload's id). */
const wireOptionsSchema = z.array(z.record(z.string(), z.unknown())).superRefine((options, context) => {
  const check = (list: unknown, path: Array<string | number>) => {
    if (!Array.isArray(list)) return;
    list.forEach((option: Record<string, unknown> | null, index) => {
      if (option?.type === ATTACHMENT_OPTION && typeof option.value !== 'string') {
        const parsed = recordedFileSchema.safeParse(option.value);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: [...path, index, 'value', ...issue.path] });
        }
      }
      check(option?.options, [...path, index, 'options']);
    });
  };
  check(options, []);
});

const snowflake = z.string().regex(/^\d{1,20}$/, 'must be a snowflake (digits)');

/** A message a step acts on: one an earlier step's answer made (`reply` or follow-up `n`), or one of the world. */
export const messageReferenceSchema = z.union([
  z.object({ step: z.string().min(1), message: z.union([z.literal('reply'), z.number().int().nonnegative()]) }),
  z.object({ id: snowflake }),
]);

const where = { channel: snowflake };

/** What the person did: the driver's actions, with recorded options as sent and messages by reference. */
export const scenarioActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('command'), ...where, name: z.string().min(1), options: wireOptionsSchema }),
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
  slashbench_scenario: z.union([z.literal(1), z.literal(SCENARIO_VERSION)]),
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
export type RecordedFile = z.infer<typeof recordedFileSchema>;

/** Parses a scenario, or says what is wrong with it (the version first: a newer file is not misread). */
export function parseScenarioFile(input: unknown): { ok: true; scenario: ScenarioFile } | { ok: false; message: string } {
  const version = (input as { slashbench_scenario?: unknown } | null)?.slashbench_scenario;
  if (!READ_VERSIONS.includes(version)) {
    return { ok: false, message: `not a scenario of version ${READ_VERSIONS.join(' or ')} (slashbench_scenario is ${JSON.stringify(version) ?? 'missing'})` };
  }
  const result = scenarioFileSchema.safeParse(input, WORLD_PARSE);
  // An older file reads as the current version: what it holds means the same.
  if (result.success) return { ok: true, scenario: { ...result.data, slashbench_scenario: SCENARIO_VERSION } };
  const problems = worldIssues(result.error).slice(0, 5).map((issue) => `${formatWorldPath(issue.path)}: ${issue.message}`);
  return { ok: false, message: problems.join('; ') };
}
