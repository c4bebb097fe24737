/**
 * A poll as a bot sends it (`RESTAPIPollCreate`), checked against the service's limits
 * (message-facts.md, "Polls"): the question's text 1-300, 1-10 answers of text 1-55,
 * `duration` 1-768 hours (24 by default), `allow_multiselect`, `layout_type` 1. Shared so
 * the client's poll form could say the same words before sending.
 */
import type { APIPartialEmoji, APIPollMedia, RESTAPIPollCreate } from 'discord-api-types/v10';
import { ErrorCollector, type FieldPath, type RuleResult } from './command-rules/error-tree.js';
import { MESSAGES } from './command-rules/messages.js';
import { isJsonObject } from './json-object.js';

export const POLL_LIMITS = {
  questionText: 300,
  answerText: 55,
  answers: 10,
  maxDurationHours: 768,
  defaultDurationHours: 24,
} as const;

/** The layouts the service knows: DEFAULT (1) only. */
const LAYOUTS = [1] as const;

/** A checked poll: every default applied. */
export interface PollInput {
  question: APIPollMedia;
  answers: APIPollMedia[];
  duration: number;
  allow_multiselect: boolean;
  layout_type: 1;
}

/** An answer's emoji: a custom one by `id` or a unicode one by `name`. */
function pollEmoji(emoji: Record<string, unknown>): APIPartialEmoji | undefined {
  const id = typeof emoji.id === 'string' && /^\d{1,20}$/.test(emoji.id) ? emoji.id : null;
  const name = typeof emoji.name === 'string' && emoji.name.length > 0 ? emoji.name : null;
  if (id === null && name === null) return undefined;
  return { id, name, ...(emoji.animated === true ? { animated: true } : {}) };
}

/** A poll media `{text, emoji?}`, its text required and at most `max` characters. */
function checkMedia(errors: ErrorCollector, at: FieldPath, value: unknown, max: number): APIPollMedia | undefined {
  if (value === undefined || value === null) return void errors.add(at, MESSAGES.required.code, MESSAGES.required.text());
  if (!isJsonObject(value)) return void errors.add(at, MESSAGES.notObject.code, MESSAGES.notObject.text());
  const { text, emoji } = value;
  if (text === undefined || text === null) return void errors.add([...at, 'text'], MESSAGES.required.code, MESSAGES.required.text());
  if (typeof text !== 'string') return void errors.add([...at, 'text'], MESSAGES.notString.code, MESSAGES.notString.text(text));
  const length = [...text].length;
  if (length < 1 || length > max) return void errors.add([...at, 'text'], MESSAGES.badLength.code, MESSAGES.badLength.text(1, max));
  if (emoji === undefined || emoji === null) return { text };
  const partial = isJsonObject(emoji) ? pollEmoji(emoji) : undefined;
  if (!partial) return void errors.add([...at, 'emoji'], MESSAGES.notObject.code, MESSAGES.notObject.text());
  return { text, emoji: partial };
}

/** Checks a poll at `at` (`['poll']`, or `['data', 'poll']` in a callback). */
export function validatePoll(input: unknown, at: FieldPath): RuleResult<PollInput> {
  const errors = new ErrorCollector();
  if (!isJsonObject(input)) {
    errors.add(at, MESSAGES.notObject.code, MESSAGES.notObject.text());
    return { ok: false, errors: errors.tree };
  }
  const poll = input as Partial<Record<keyof RESTAPIPollCreate, unknown>>;
  const question = checkMedia(errors, [...at, 'question'], poll.question, POLL_LIMITS.questionText);
  const answers: APIPollMedia[] = [];
  if (poll.answers === undefined || poll.answers === null) errors.add([...at, 'answers'], MESSAGES.required.code, MESSAGES.required.text());
  else if (!Array.isArray(poll.answers)) errors.add([...at, 'answers'], MESSAGES.notList.code, MESSAGES.notList.text());
  else if (poll.answers.length < 1 || poll.answers.length > POLL_LIMITS.answers) {
    errors.add([...at, 'answers'], MESSAGES.badLength.code, MESSAGES.badLength.text(1, POLL_LIMITS.answers));
  } else {
    poll.answers.forEach((answer: unknown, index) => {
      const path = [...at, 'answers', index];
      if (!isJsonObject(answer)) return void errors.add(path, MESSAGES.notObject.code, MESSAGES.notObject.text());
      const media = checkMedia(errors, [...path, 'poll_media'], answer.poll_media, POLL_LIMITS.answerText);
      if (media) answers.push(media);
    });
  }
  let duration: number = POLL_LIMITS.defaultDurationHours;
  if (poll.duration !== undefined && poll.duration !== null) {
    const value = poll.duration;
    if (typeof value !== 'number' || !Number.isInteger(value)) errors.add([...at, 'duration'], MESSAGES.notInteger.code, MESSAGES.notInteger.text(value));
    else if (value < 1) errors.add([...at, 'duration'], MESSAGES.integerTooSmall.code, MESSAGES.integerTooSmall.text(1));
    else if (value > POLL_LIMITS.maxDurationHours) {
      errors.add([...at, 'duration'], MESSAGES.integerTooLarge.code, MESSAGES.integerTooLarge.text(POLL_LIMITS.maxDurationHours));
    } else duration = value;
  }
  let multiselect = false;
  if (poll.allow_multiselect !== undefined && poll.allow_multiselect !== null) {
    if (typeof poll.allow_multiselect !== 'boolean') errors.add([...at, 'allow_multiselect'], MESSAGES.notBoolean.code, MESSAGES.notBoolean.text());
    else multiselect = poll.allow_multiselect;
  }
  if (poll.layout_type !== undefined && poll.layout_type !== null && !LAYOUTS.includes(poll.layout_type as 1)) {
    errors.add([...at, 'layout_type'], MESSAGES.choices.code, MESSAGES.choices.text(LAYOUTS));
  }
  if (errors.failed || !question) return { ok: false, errors: errors.tree };
  return { ok: true, value: { question, answers, duration, allow_multiselect: multiselect, layout_type: 1 } };
}

/** The `poll` of a message body, checked at `at` + `poll`; undefined when the body has none. */
export function validateBodyPoll(body: unknown, at: FieldPath): RuleResult<PollInput | undefined> {
  const poll = isJsonObject(body) ? body.poll : undefined;
  if (poll === undefined || poll === null) return { ok: true, value: undefined };
  return validatePoll(poll, [...at, 'poll']);
}
