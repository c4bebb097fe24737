/**
 * The poll rules as properties: every poll within the limits is accepted with its defaults
 * applied, and any mutation of one is either accepted or refused with a well-formed tree
 * under `poll` (never a throw); each limit is refused exactly at its bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLL_LIMITS, validatePoll } from '../../src/shared/poll-rules.js';
import { checkErrorTree, mutate } from '../helpers/rule-properties.js';

const text = (max: number) => fc.string({ minLength: 1, maxLength: max, unit: 'grapheme-ascii' });
const validPoll = fc.record({
  question: fc.record({ text: text(POLL_LIMITS.questionText) }),
  answers: fc.array(fc.record({ poll_media: fc.record({ text: text(POLL_LIMITS.answerText) }) }), { minLength: 1, maxLength: POLL_LIMITS.answers }),
  duration: fc.option(fc.integer({ min: 1, max: POLL_LIMITS.maxDurationHours }), { nil: undefined }),
  allow_multiselect: fc.option(fc.boolean(), { nil: undefined }),
  layout_type: fc.option(fc.constant(1), { nil: undefined }),
}, { requiredKeys: ['question', 'answers'] });

const mutation = fc.record({
  target: fc.nat(50),
  key: fc.constantFrom('question', 'answers', 'text', 'poll_media', 'duration', 'allow_multiselect', 'layout_type', 'emoji', 'x'),
  value: fc.oneof(fc.string({ maxLength: 400 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({})),
  remove: fc.boolean(),
});

describe('validatePoll', () => {
  it('accepts every poll within the limits, with the defaults filled', () => {
    fc.assert(fc.property(validPoll, (poll) => {
      const result = validatePoll(poll, ['poll']);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.duration).toBe(poll.duration ?? POLL_LIMITS.defaultDurationHours);
      expect(result.value.allow_multiselect).toBe(poll.allow_multiselect ?? false);
      expect(result.value.answers).toHaveLength(poll.answers.length);
    }));
  });

  it('refuses any broken mutation with a well-formed tree under poll, and never throws', () => {
    fc.assert(fc.property(validPoll, fc.array(mutation, { minLength: 1, maxLength: 3 }), (poll, mutations) => {
      const result = validatePoll(mutate(poll, mutations), ['poll']);
      if (result.ok) return;
      expect(Object.keys(result.errors)).toEqual(['poll']);
      checkErrorTree(result.errors, /^[A-Z_]+$/);
    }));
  });

  it('refuses each limit one past its bound', () => {
    const base = { question: { text: 'Q' }, answers: [{ poll_media: { text: 'A' } }] };
    const refused = (poll: unknown) => !validatePoll(poll, ['poll']).ok;
    expect(refused({ ...base, question: { text: 'q'.repeat(300) } })).toBe(false);
    expect(refused({ ...base, question: { text: 'q'.repeat(301) } })).toBe(true);
    expect(refused({ ...base, answers: [{ poll_media: { text: 'a'.repeat(55) } }] })).toBe(false);
    expect(refused({ ...base, answers: [{ poll_media: { text: 'a'.repeat(56) } }] })).toBe(true);
    expect(refused({ ...base, answers: Array.from({ length: 10 }, () => base.answers[0]) })).toBe(false);
    expect(refused({ ...base, answers: Array.from({ length: 11 }, () => base.answers[0]) })).toBe(true);
    expect(refused({ ...base, answers: [] })).toBe(true);
    expect(refused({ ...base, duration: 768 })).toBe(false);
    expect(refused({ ...base, duration: 769 })).toBe(true);
    expect(refused({ ...base, duration: 0 })).toBe(true);
    expect(refused({ ...base, layout_type: 2 })).toBe(true);
    expect(refused({ ...base, allow_multiselect: 'yes' })).toBe(true);
    expect(refused({ ...base, question: {} })).toBe(true);
  });
});
