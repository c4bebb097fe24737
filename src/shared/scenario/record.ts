/**
 * A scenario made from what the client's inspector recorded: each interaction becomes a
 * step (who did what, where), messages are named by the step that made them, and each
 * step's outcome, read with the same reducer the test driver uses, becomes its normalized
 * expectation. A file option carries its file, read back from the registry by the caller.
 * The world is the registry's export without the messages the session made.
 */
import type { WorldFile } from '../world-file.js';
import { normalizeOutcome, worldIds } from './normalize.js';
import { outcomeOf, refusedInvocation, type HeardEvent, type RunKind } from './outcome.js';
import { ATTACHMENT_OPTION, SCENARIO_VERSION, type MessageReference, type RecordedFile, type ScenarioAction, type ScenarioFile, type ScenarioStep } from './scenario-file.js';

/** An interaction as the inspector holds it (its entries have this shape). */
export interface RecordedInteraction {
  nonce: string;
  id: string | null;
  kind: RunKind;
  label: string;
  userId: string;
  channelId: string;
  applicationId: string;
  messageId?: string;
  request: { type: number; channel_id: string; message_id?: string; data: Record<string, unknown> };
  http: { status: number; body: unknown } | null;
  events: ReadonlyArray<HeardEvent>;
}

export interface RecordedScenario {
  scenario: ScenarioFile;
  /** Interactions left out, each with why (a file that could not be read back, a modal whose opener is not recorded). */
  skipped: string[];
}

/** The ids the file options of an invocation name (its subcommands' too). */
export function attachmentIds(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((option: { type?: unknown; value?: unknown; options?: unknown }) => [
    ...(option.type === ATTACHMENT_OPTION && typeof option.value === 'string' ? [option.value] : []), ...attachmentIds(option.options),
  ]);
}

/** The options with each file option's id replaced by its file, or the id of a file that was not read back. */
function withFiles(options: Array<Record<string, unknown>>, files: ReadonlyMap<string, RecordedFile>): Array<Record<string, unknown>> | { missing: string } {
  const replaced: Array<Record<string, unknown>> = [];
  for (const option of options) {
    if (option.type === ATTACHMENT_OPTION && typeof option.value === 'string') {
      const file = files.get(option.value);
      if (!file) return { missing: option.value };
      replaced.push({ ...option, value: file });
    } else if (Array.isArray(option.options)) {
      const nested = withFiles(option.options as Array<Record<string, unknown>>, files);
      if (!Array.isArray(nested)) return nested;
      replaced.push({ ...option, options: nested });
    } else replaced.push(option);
  }
  return replaced;
}

/** A modal submission's fields by custom_id: text inputs' values, selects' values, wherever they sit. */
function submittedFields(components: unknown): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    const component = value as Record<string, unknown>;
    if (typeof component.custom_id === 'string') {
      if (typeof component.value === 'string') fields[component.custom_id] = component.value;
      else if (Array.isArray(component.values)) fields[component.custom_id] = component.values.map(String);
    }
    walk(component.components);
    walk(component.component);
  };
  walk(components);
  return fields;
}

/**
 * The scenario of `interactions` (oldest first) in `world`, recorded at `facts.now`;
 * `facts.files` holds the files the file options named, by attachment id, as read back.
 */
export function recordScenario(
  interactions: readonly RecordedInteraction[], world: WorldFile, facts: { now: number; name?: string; files?: ReadonlyMap<string, RecordedFile> },
): RecordedScenario {
  const recorded = interactions.filter((interaction) => interaction.http !== null);
  const interactionIds = new Set(recorded.map((interaction) => interaction.id).filter((id): id is string => id !== null));
  // The session's own messages are what the steps make again; the rest of the world stays.
  const sessionWorld: WorldFile = {
    ...world,
    messages: (world.messages ?? []).filter((message) => !interactionIds.has(String((message.interaction_metadata as { id?: unknown } | null | undefined)?.id ?? ''))),
  };
  const known = worldIds(sessionWorld);
  const made = new Map<string, MessageReference>();
  const modals: Array<{ step: string; user: string; customId: string }> = [];
  const steps: ScenarioStep[] = [];
  const skipped: string[] = [];
  const reference = (id: string): MessageReference => made.get(id) ?? { id };
  for (const interaction of recorded) {
    const id = `s${steps.length + 1}`;
    const events = interaction.http && interaction.http.status !== 204 ? [...interaction.events, refusedInvocation(interaction.http.status, interaction.http.body)] : interaction.events;
    const outcome = outcomeOf({ kind: interaction.kind, ...(interaction.messageId === undefined ? {} : { messageId: interaction.messageId }) }, events);
    const action = stepAction(interaction, reference, modals, facts.files ?? new Map());
    if (typeof action === 'string') {
      skipped.push(`${interaction.label}: ${action}`);
      continue;
    }
    steps.push({ id, label: interaction.label, user: interaction.userId, action, expect: normalizeOutcome(outcome, known) });
    if (outcome.reply && !made.has(outcome.reply.id)) made.set(outcome.reply.id, { step: id, message: 'reply' });
    outcome.follow_ups.forEach((message, index) => made.set(message.id, { step: id, message: index }));
    if (outcome.modal) modals.push({ step: id, user: interaction.userId, customId: outcome.modal.custom_id });
  }
  const counts = new Map<string, number>();
  for (const interaction of recorded) counts.set(interaction.applicationId, (counts.get(interaction.applicationId) ?? 0) + 1);
  const application = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const at = new Date(facts.now).toISOString();
  return {
    scenario: {
      slashbench_scenario: SCENARIO_VERSION, name: facts.name ?? `Session recorded ${at}`, recorded_at: at, application, world: sessionWorld, steps,
    },
    skipped,
  };
}

/** The step's action, or why it cannot be replayed. */
function stepAction(
  interaction: RecordedInteraction, reference: (id: string) => MessageReference, modals: ReadonlyArray<{ step: string; user: string; customId: string }>,
  files: ReadonlyMap<string, RecordedFile>,
): ScenarioAction | string {
  const { request } = interaction;
  const { data } = request;
  const channel = request.channel_id;
  const name = String(data.name ?? '');
  switch (request.type) {
    case 2: {
      if (data.type === 2) return { action: 'user_command', channel, name, target: String(data.target_id) };
      if (data.type === 3) return { action: 'message_command', channel, name, message: reference(String(data.target_id)) };
      const options = withFiles((data.options as Array<Record<string, unknown>> | undefined) ?? [], files);
      if (!Array.isArray(options)) return `its file (attachment ${options.missing}) could not be read back from the registry, so it cannot be uploaded again`;
      return { action: 'command', channel, name, options };
    }
    case 4:
      return { action: 'autocomplete', channel, name, options: (data.options as Array<Record<string, unknown>> | undefined) ?? [] };
    case 3: {
      const message = reference(String(request.message_id ?? interaction.messageId ?? ''));
      const customId = String(data.custom_id ?? '');
      return Array.isArray(data.values)
        ? { action: 'select', channel, message, custom_id: customId, values: data.values.map(String) }
        : { action: 'click', channel, message, custom_id: customId };
    }
    case 5: {
      const opener = [...modals].reverse().find((modal) => modal.user === interaction.userId && modal.customId === data.custom_id);
      if (!opener) return `the modal "${String(data.custom_id)}" was opened before the recording`;
      return { action: 'submit', opener: opener.step, fields: submittedFields(data.components) };
    }
    default:
      return `interaction type ${request.type} cannot be replayed`;
  }
}
