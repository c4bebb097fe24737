/**
 * The driver's run book (driver/run-book.ts) finds each event's run by lookup: a message's
 * run by the rule `messageOwner` (shared/scenario/outcome.ts) states as a scan of the runs,
 * the same answer for any runs and messages (a property of random books), and an
 * interaction's events by nonce, then by the interaction's id, for its own person only.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RunBook, type BookedRun } from '../../src/registry/driver/run-book.js';
import { EventBus } from '../../src/registry/events.js';
import { messageOwner } from '../../src/shared/scenario/outcome.js';

function run(id: string, userId: string, messageId?: string): BookedRun {
  return {
    id, kind: messageId === undefined ? 'command' : 'component', ...(messageId === undefined ? {} : { messageId }), label: id, userId,
    channelId: 'c', guildId: null, applicationId: 'a', interactionId: null, startedAt: Date.now(), events: [], invocation: null,
  };
}

describe('the run book', () => {
  it('gives a message the run messageOwner gives it, for any runs, interactions and messages', () => {
    const ids = ['m1', 'm2', 'm3'];
    fc.assert(fc.property(
      fc.array(fc.record({ about: fc.option(fc.constantFrom(...ids), { nil: undefined }), heard: fc.boolean() }), { minLength: 1, maxLength: 12 }),
      fc.array(fc.record({ id: fc.constantFrom(...ids, 'other'), madeBy: fc.option(fc.nat(14), { nil: undefined }) }), { minLength: 1, maxLength: 8 }),
      (shapes, messages) => {
        const bus = new EventBus();
        const book = new RunBook(bus);
        const runs = shapes.map((shape, index) => run(`r${index}`, 'u', shape.about));
        runs.forEach((booked, index) => {
          book.add(booked);
          // Heard of, by nonce: its interaction's id is known from then on.
          if (shapes[index]?.heard) bus.emit('clientEvent', { to: { userId: 'u' }, type: 'INTERACTION_CREATE', data: { id: `i${index}`, nonce: booked.id } });
        });
        for (const message of messages) {
          const body = { id: message.id, ...(message.madeBy === undefined ? {} : { interaction_metadata: { id: `i${message.madeBy}` } }) };
          expect(book.messageOwner(body)).toBe(runs[messageOwner(runs, body)]);
        }
        book.close();
      },
    ), { numRuns: 300 });
  });

  it('takes an interaction\'s events by nonce, then by its id, and only its own person\'s', () => {
    const bus = new EventBus();
    const book = new RunBook(bus);
    const mine = run('nonce-1', 'alice');
    book.add(mine);
    bus.emit('clientEvent', { to: { userId: 'alice' }, type: 'INTERACTION_CREATE', data: { id: 'i1', nonce: 'nonce-1' } });
    bus.emit('clientEvent', { to: { userId: 'alice' }, type: 'INTERACTION_SUCCESS', data: { id: 'i1', nonce: null } });
    bus.emit('clientEvent', { to: { userId: 'bob' }, type: 'INTERACTION_FAILURE', data: { id: 'i1', nonce: null } });
    bus.emit('clientEvent', { to: { userId: 'alice' }, type: 'INTERACTION_FAILURE', data: { id: 'i2', nonce: null } });
    expect(mine.interactionId).toBe('i1');
    expect(mine.events.map((event) => event.type)).toEqual(['INTERACTION_CREATE', 'INTERACTION_SUCCESS']);
    book.close();
  });
});
