/**
 * Polls: the poll rules (question, answers, duration, layout), the message's `poll`
 * object, votes as a person (single and multiselect), the voters route, ending a poll
 * early, and expiry at its time with the test's clock.
 */
import { describe, expect, it } from 'vitest';
import type { APIMessage } from 'discord-api-types/v10';
import { IDS, testRegistry, TOKENS, type TestRegistry } from '../helpers/test-registry.js';

const MESSAGES = `/api/v10/channels/${IDS.general}/messages`;
const POLLS = `/api/v10/channels/${IDS.general}/polls`;
const HOUR = 3_600_000;

async function registry(): Promise<TestRegistry> {
  const made = await testRegistry();
  const role = await made.store.world.role(IDS.guild);
  if (!role) throw new Error('no @everyone');
  await made.store.world.putRole({ ...role, permissions: ((1n << 10n) | (1n << 11n) | (1n << 14n)).toString() });
  return made;
}

const POLL = {
  question: { text: 'Lunch?' },
  answers: [{ poll_media: { text: 'Pizza', emoji: { name: '🍕' } } }, { poll_media: { text: 'Soup' } }, { poll_media: { text: 'Salad' } }],
  duration: 2,
};

async function sendPoll(made: TestRegistry, poll: Record<string, unknown> = POLL): Promise<APIMessage> {
  const sent = await made.bot({ method: 'POST', url: MESSAGES, payload: { poll } });
  expect(sent.statusCode).toBe(200);
  return sent.json<APIMessage>();
}

function vote(made: TestRegistry, messageId: string, answerIds: unknown[], token: string = TOKENS.member) {
  return made.app.inject({ method: 'PUT', url: `${POLLS}/${messageId}/answers/@me`, headers: { authorization: token }, payload: { answer_ids: answerIds } });
}

describe('poll creation', () => {
  it('answers the message\'s poll with ids 1..n, its expiry and empty results', async () => {
    const made = await registry();
    const message = await sendPoll(made);
    expect(message.content).toBe('');
    expect(message.poll).toEqual({
      question: { text: 'Lunch?' },
      answers: [
        { answer_id: 1, poll_media: { text: 'Pizza', emoji: { id: null, name: '🍕' } } },
        { answer_id: 2, poll_media: { text: 'Soup' } },
        { answer_id: 3, poll_media: { text: 'Salad' } },
      ],
      expiry: new Date(made.clock.now + 2 * HOUR).toISOString(),
      allow_multiselect: false,
      layout_type: 1,
      results: { is_finalized: false, answer_counts: [] },
    });
  });

  it('defaults to 24 hours and refuses each broken rule at its path', async () => {
    const made = await registry();
    const message = await sendPoll(made, { question: { text: 'Q' }, answers: [{ poll_media: { text: 'A' } }] });
    expect(message.poll?.expiry).toBe(new Date(made.clock.now + 24 * HOUR).toISOString());
    const refused = await made.bot({
      method: 'POST', url: MESSAGES,
      payload: { poll: { question: { text: 'q'.repeat(301) }, answers: [{ poll_media: { text: 'a'.repeat(56) } }], duration: 769, layout_type: 2 } },
    });
    expect(refused.json()).toEqual({
      code: 50035, message: 'Invalid Form Body',
      errors: {
        poll: {
          question: { text: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 300 in length.' }] } },
          answers: { 0: { poll_media: { text: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 55 in length.' }] } } } },
          duration: { _errors: [{ code: 'NUMBER_TYPE_MAX', message: 'int value should be less than or equal to 768.' }] },
          layout_type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {1}.' }] },
        },
      },
    });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ poll_media: { text: `a${index}` } }));
    const tooMany = await made.bot({ method: 'POST', url: MESSAGES, payload: { poll: { question: { text: 'Q' }, answers: eleven } } });
    expect(tooMany.json()).toMatchObject({ errors: { poll: { answers: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } } } });
    expect(await made.store.messages.messages(IDS.general, { limit: 10 })).toHaveLength(1);
  });

  it('cannot be edited (520003)', async () => {
    const made = await registry();
    const message = await sendPoll(made);
    const edit = await made.bot({ method: 'PATCH', url: `${MESSAGES}/${message.id}`, payload: { poll: POLL } });
    expect(edit.json()).toEqual({ code: 520003, message: 'Cannot update a poll message' });
  });
});

describe('votes', () => {
  it('counts a person\'s vote, shows me_voted to them only, and replaces or removes it', async () => {
    const made = await registry();
    const message = await sendPoll(made);
    const events: Array<{ type: string; data: unknown }> = [];
    made.bus.on('clientEvent', (event) => events.push(event));
    expect((await vote(made, message.id, ['2'])).statusCode).toBe(204);
    const mine = await made.app.inject({ method: 'GET', url: `${MESSAGES}/${message.id}`, headers: { authorization: TOKENS.member } });
    expect(mine.json<APIMessage>().poll?.results).toEqual({ is_finalized: false, answer_counts: [{ id: 2, count: 1, me_voted: true }] });
    const bots = await made.bot({ method: 'GET', url: `${MESSAGES}/${message.id}` });
    expect(bots.json<APIMessage>().poll?.results?.answer_counts).toEqual([{ id: 2, count: 1, me_voted: false }]);
    expect(events.map((event) => event.type)).toEqual(['MESSAGE_POLL_VOTE_ADD']);
    expect(events[0]?.data).toEqual({ user_id: IDS.member, channel_id: IDS.general, message_id: message.id, guild_id: IDS.guild, answer_id: 2 });
    await vote(made, message.id, [3]);
    expect(events.map((event) => event.type)).toEqual(['MESSAGE_POLL_VOTE_ADD', 'MESSAGE_POLL_VOTE_REMOVE', 'MESSAGE_POLL_VOTE_ADD']);
    await vote(made, message.id, []);
    expect(await made.store.polls.votesOf(message.id, IDS.member)).toEqual([]);
  });

  it('allows one answer unless multiselect, refuses unknown answers, and bots cannot vote', async () => {
    const made = await registry();
    const single = await sendPoll(made);
    expect((await vote(made, single.id, [1, 2])).json()).toMatchObject({ code: 50035, errors: { answer_ids: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
    expect((await vote(made, single.id, [7])).json()).toMatchObject({ code: 50035, errors: { answer_ids: { 0: { _errors: [{ code: 'POLL_ANSWER_UNKNOWN' }] } } } });
    const byBot = await made.bot({ method: 'PUT', url: `${POLLS}/${single.id}/answers/@me`, payload: { answer_ids: [1] } });
    expect(byBot.json()).toEqual({ code: 20001, message: 'Bots cannot use this endpoint' });
    const multi = await sendPoll(made, { ...POLL, allow_multiselect: true });
    expect((await vote(made, multi.id, [1, 3])).statusCode).toBe(204);
    expect((await vote(made, multi.id, [1], TOKENS.owner)).statusCode).toBe(204);
    const read = await made.app.inject({ method: 'GET', url: `${MESSAGES}/${multi.id}`, headers: { authorization: TOKENS.owner } });
    expect(read.json<APIMessage>().poll?.results?.answer_counts).toEqual([{ id: 1, count: 2, me_voted: true }, { id: 3, count: 1, me_voted: false }]);
  });

  it('lists an answer\'s voters with after and limit', async () => {
    const made = await registry();
    const message = await sendPoll(made, { ...POLL, allow_multiselect: true });
    await vote(made, message.id, [1], TOKENS.owner);
    await vote(made, message.id, [1, 2], TOKENS.member);
    const all = await made.bot({ method: 'GET', url: `${POLLS}/${message.id}/answers/1` });
    expect(all.json<{ users: Array<{ id: string }> }>().users.map((user) => user.id)).toEqual([IDS.owner, IDS.member]);
    const page = await made.bot({ method: 'GET', url: `${POLLS}/${message.id}/answers/1?after=${IDS.owner}&limit=1` });
    expect(page.json<{ users: Array<{ id: string; username: string }> }>().users).toMatchObject([{ id: IDS.member, username: 'member' }]);
    const bad = await made.bot({ method: 'GET', url: `${POLLS}/${message.id}/answers/1?limit=101` });
    expect(bad.json()).toMatchObject({ code: 50035, errors: { limit: { _errors: [{ code: 'NUMBER_TYPE_MAX' }] } } });
  });
});

describe('the end of a poll', () => {
  it('finalizes at its expiry (the clock moved) and posts a POLL_RESULT message', async () => {
    const made = await registry();
    const message = await sendPoll(made);
    await vote(made, message.id, [1]);
    made.clock.now += 2 * HOUR;
    const page = (await made.bot({ method: 'GET', url: `${MESSAGES}?limit=5` })).json<APIMessage[]>();
    const [result, poll] = page;
    expect(poll?.poll?.results).toEqual({ is_finalized: true, answer_counts: [{ id: 1, count: 1, me_voted: false }] });
    expect(result).toMatchObject({
      type: 46, author: { id: IDS.app }, content: '',
      message_reference: { type: 0, message_id: message.id, channel_id: IDS.general, guild_id: IDS.guild },
      embeds: [{ type: 'poll_result', fields: [
        { name: 'poll_question_text', value: 'Lunch?' }, { name: 'victor_answer_votes', value: '1' }, { name: 'total_votes', value: '1' },
        { name: 'victor_answer_id', value: '1' }, { name: 'victor_answer_text', value: 'Pizza' },
      ] }],
    });
    expect((await vote(made, message.id, [2])).json()).toEqual({ code: 520001, message: 'Poll expired' });
  });

  it('is finalized by the sweep when nobody reads: bots hear MESSAGE_UPDATE, then the POLL_RESULT', async () => {
    const made = await registry();
    const message = await sendPoll(made);
    const changes: Array<{ change: string; id: string; type: number }> = [];
    // The sweep's second message is the POLL_RESULT: wait for it, however long the machine takes to sweep.
    const swept = new Promise<void>((resolve) => made.bus.on('channelMessage', ({ change, message: changed }) => {
      changes.push({ change, id: changed.id, type: changed.type });
      if (changes.length === 2) resolve();
    }));
    made.clock.now += 2 * HOUR;
    await swept;
    expect(changes).toEqual([{ change: 'update', id: message.id, type: 0 }, { change: 'create', id: expect.any(String), type: 46 }]);
    expect((await made.store.polls.poll(message.id))?.finalized).toBe(true);
    await made.app.close();
  });

  it('ends early by its author only; a message without a poll is 520006', async () => {
    const made = await registry();
    const message = await sendPoll(made);
    const byOther = await made.app.inject({ method: 'POST', url: `${POLLS}/${message.id}/expire`, headers: { authorization: TOKENS.member } });
    expect(byOther.json()).toMatchObject({ code: 50013 });
    const ended = await made.bot({ method: 'POST', url: `${POLLS}/${message.id}/expire` });
    expect(ended.json<APIMessage>().poll).toMatchObject({ expiry: new Date(made.clock.now).toISOString(), results: { is_finalized: true } });
    const plain = (await made.bot({ method: 'POST', url: MESSAGES, payload: { content: 'no poll' } })).json<APIMessage>();
    expect((await made.bot({ method: 'POST', url: `${POLLS}/${plain.id}/expire` })).json()).toEqual({ code: 520006, message: 'Cannot expire a non-poll message' });
  });
});
