/**
 * Polls in the client: what a poll shows (counts, shares, the reader's own answers, winners,
 * the time left or that it closed), votes sent as the acting person, and counts that follow
 * the channel's MESSAGE_POLL_VOTE_ADD / _REMOVE while an update for every reader keeps the
 * reader's own votes.
 */
import type { APIPoll } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/renderer/api/wire-types.js';
import { applyPollVote, keepOwnVotes } from '../../src/renderer/features/messages/poll-votes.js';
import { pollView, timeLeft, votes } from '../../src/renderer/features/messages/poll-state.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, GENERAL, startedClient } from './fake-deps.js';

const NOW = Date.parse('2026-01-01T12:00:00Z');

function poll(counts: Array<{ id: number; count: number; me_voted: boolean }> = [], extra: Partial<APIPoll> = {}): APIPoll {
  return {
    question: { text: 'Lunch?' },
    answers: [{ answer_id: 1, poll_media: { text: 'Pizza', emoji: { id: null, name: '🍕' } } }, { answer_id: 2, poll_media: { text: 'Soup' } }, { answer_id: 3, poll_media: { text: 'Salad' } }],
    expiry: new Date(NOW + 24 * 3_600_000 - 1000).toISOString(),
    allow_multiselect: false,
    layout_type: 1,
    results: { is_finalized: false, answer_counts: counts },
    ...extra,
  };
}

describe('what a poll shows', () => {
  it('counts each answer with its share of the votes and marks the reader\'s own', () => {
    const view = pollView(poll([{ id: 1, count: 2, me_voted: true }, { id: 3, count: 1, me_voted: false }]), NOW);
    expect(view.answers.map(({ id, text, emoji, count, percent, mine, winner }) => ({ id, text, emoji, count, percent, mine, winner }))).toEqual([
      { id: 1, text: 'Pizza', emoji: '🍕', count: 2, percent: 67, mine: true, winner: false },
      { id: 2, text: 'Soup', emoji: null, count: 0, percent: 0, mine: false, winner: false },
      { id: 3, text: 'Salad', emoji: null, count: 1, percent: 33, mine: false, winner: false },
    ]);
    expect(view).toMatchObject({ question: 'Lunch?', total: 3, voted: true, closed: false, finalized: false, status: '23h left' });
  });

  it('says how long is left, that it closed, and its final results with the winners (ties: all of them)', () => {
    expect(timeLeft(NOW + 3 * 86_400_000 + 5, NOW)).toBe('3d left');
    expect(timeLeft(NOW + 59 * 60_000 + 30_000, NOW)).toBe('59m left');
    expect(timeLeft(NOW + 30_000, NOW)).toBe('<1m left');
    const closed = pollView(poll([], { expiry: new Date(NOW - 1).toISOString() }), NOW);
    expect(closed).toMatchObject({ closed: true, finalized: false, status: 'Poll closed', voted: false });
    const final = pollView(poll([{ id: 1, count: 2, me_voted: false }, { id: 2, count: 2, me_voted: false }], { results: { is_finalized: true, answer_counts: [{ id: 1, count: 2, me_voted: false }, { id: 2, count: 2, me_voted: false }] } }), NOW);
    expect(final.status).toBe('Final results');
    expect(final.answers.filter((answer) => answer.winner).map((answer) => answer.id)).toEqual([1, 2]);
    expect(pollView(poll([], { results: { is_finalized: true, answer_counts: [] } }), NOW).answers.some((answer) => answer.winner)).toBe(false);
    expect([votes(1), votes(0), votes(7)]).toEqual(['1 vote', '0 votes', '7 votes']);
  });
});

describe('live counts', () => {
  it('moves one answer per vote event, marks the reader\'s own, and leaves answers nobody chose out', () => {
    let live = applyPollVote(poll(), { user_id: '11', answer_id: 2 }, 'add', '10');
    expect(live.results?.answer_counts).toEqual([{ id: 2, count: 1, me_voted: false }]);
    live = applyPollVote(live, { user_id: '10', answer_id: 2 }, 'add', '10');
    live = applyPollVote(live, { user_id: '10', answer_id: 1 }, 'add', '10');
    expect(live.results?.answer_counts).toEqual([{ id: 1, count: 1, me_voted: true }, { id: 2, count: 2, me_voted: true }]);
    live = applyPollVote(live, { user_id: '10', answer_id: 1 }, 'remove', '10');
    live = applyPollVote(live, { user_id: '11', answer_id: 2 }, 'remove', '10');
    expect(live.results?.answer_counts).toEqual([{ id: 2, count: 1, me_voted: true }]);
  });

  it('keeps the reader\'s own votes through an update sent to every reader alike', () => {
    const known = poll([{ id: 2, count: 1, me_voted: true }]);
    const update = poll([{ id: 2, count: 1, me_voted: false }], { results: { is_finalized: true, answer_counts: [{ id: 2, count: 1, me_voted: false }] } });
    expect(keepOwnVotes(known, update)?.results).toEqual({ is_finalized: true, answer_counts: [{ id: 2, count: 1, me_voted: true }] });
    expect(keepOwnVotes(undefined, update)).toBe(update);
  });
});

describe('voting from the client', () => {
  const message = (extra: Partial<WireMessage> = {}) => ({
    id: '500', channel_id: GENERAL, application_id: APP, content: '', timestamp: new Date(NOW).toISOString(), edited_timestamp: null,
    author: { id: APP, username: 'bot', discriminator: '0', avatar: null, global_name: null, bot: true }, embeds: [], attachments: [],
    mentions: [], mention_roles: [], mention_everyone: false, pinned: false, tts: false, type: 0, poll: poll(), ...extra,
  }) as WireMessage;

  it('sends the vote as the acting person, and says why when it is refused', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const { getState } = fake.store;
    expect(await getState().votePoll(message(), [2])).toBeNull();
    expect(fake.votes).toEqual([{ channelId: GENERAL, messageId: '500', answerIds: [2] }]);
    fake.voteAnswers.push({ ok: false, status: 400, error: { code: 520002, message: 'This poll has already expired.' } });
    expect(await getState().votePoll(message(), [])).toBe('This poll has already expired.');
    expect(fake.votes.at(-1)?.answerIds).toEqual([]);
  });

  it('follows the channel\'s vote events, and an update for every reader keeps the reader\'s own votes', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const { getState } = fake.store;
    const dispatch = (event: string, data: unknown) => fake.gateway.listener?.dispatch(event, data);
    dispatch('MESSAGE_CREATE', message());
    dispatch('MESSAGE_POLL_VOTE_ADD', { user_id: '10', channel_id: GENERAL, message_id: '500', answer_id: 3, guild_id: '20' });
    dispatch('MESSAGE_POLL_VOTE_ADD', { user_id: '11', channel_id: GENERAL, message_id: '500', answer_id: 3, guild_id: '20' });
    const counts = () => getState().messagesByChannel[GENERAL]?.find((entry) => entry.id === '500')?.poll?.results;
    expect(counts()).toEqual({ is_finalized: false, answer_counts: [{ id: 3, count: 2, me_voted: true }] });
    dispatch('MESSAGE_UPDATE', message({ poll: poll([{ id: 3, count: 2, me_voted: false }], { results: { is_finalized: true, answer_counts: [{ id: 3, count: 2, me_voted: false }] } }) }));
    expect(counts()).toEqual({ is_finalized: true, answer_counts: [{ id: 3, count: 2, me_voted: true }] });
    dispatch('MESSAGE_POLL_VOTE_REMOVE', { user_id: '11', channel_id: GENERAL, message_id: '500', answer_id: 3 });
    expect(counts()?.answer_counts).toEqual([{ id: 3, count: 1, me_voted: true }]);
  });
});
