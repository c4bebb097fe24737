/**
 * An app's modal in the store: it opens on INTERACTION_MODAL_CREATE with the text inputs
 * of its rows, refuses what the app's limits forbid before sending (with messages that say
 * why), submits a MODAL_SUBMIT with every value in its row, and closes once accepted.
 */
import { describe, expect, it } from 'vitest';
import { checkInput, readModal } from '../../src/renderer/features/modals/modal-fields.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, GENERAL, GUILD, startedClient, type Fake } from './fake-deps.js';

const MODAL_CREATE = {
  id: '500', nonce: 'n-1', application_id: APP, channel_id: GENERAL, custom_id: 'feedback', title: 'Your feedback',
  components: [
    { type: 1, components: [{ type: 4, custom_id: 'subject', label: 'Subject', style: 1, min_length: 3, max_length: 20, placeholder: 'In a few words' }] },
    { type: 1, components: [{ type: 4, custom_id: 'details', label: 'Details', style: 2, required: false, value: 'Prefilled' }] },
  ],
};

async function withModal(): Promise<Fake> {
  const fake = await startedClient(EXAMPLE_INDEX);
  fake.gateway.listener?.dispatch('INTERACTION_MODAL_CREATE', MODAL_CREATE);
  return fake;
}

describe('reading a modal', () => {
  it('keeps the text inputs of each row with their limits; required unless the app says not', () => {
    const modal = readModal(MODAL_CREATE);
    expect(modal).toMatchObject({ interactionId: '500', customId: 'feedback', title: 'Your feedback', channelId: GENERAL });
    expect(modal?.rows).toEqual([
      [{ customId: 'subject', label: 'Subject', style: 1, required: true, minLength: 3, maxLength: 20, placeholder: 'In a few words' }],
      [{ customId: 'details', label: 'Details', style: 2, required: false, value: 'Prefilled' }],
    ]);
  });

  it('opens nothing for a modal without a text input', () => {
    expect(readModal({ ...MODAL_CREATE, components: [{ type: 1, components: [{ type: 2, custom_id: 'x' }] }] })).toBeUndefined();
  });

  it('says why a value is refused: required, too short, too long (in characters)', () => {
    const input = { customId: 'a', label: 'A', style: 1 as const, required: true, minLength: 2, maxLength: 3 };
    expect(checkInput(input, '')).toBe('This field is required.');
    expect(checkInput(input, 'x')).toBe('Must be at least 2 characters long (now 1).');
    expect(checkInput(input, 'wxyz')).toBe('Must be at most 3 characters long (now 4).');
    expect(checkInput(input, '🍎🍏')).toBeUndefined();
    expect(checkInput({ ...input, required: false }, '')).toBeUndefined();
  });
});

describe('the modal dialog', () => {
  it('opens on INTERACTION_MODAL_CREATE with the app\'s prefilled values', async () => {
    const fake = await withModal();
    const state = fake.store.getState();
    expect(state.modal?.title).toBe('Your feedback');
    expect(state.modalValues).toEqual({ subject: '', details: 'Prefilled' });
  });

  it('refuses an empty required field without sending, and forgets the refusal once edited', async () => {
    const fake = await withModal();
    await fake.store.getState().submitModal();
    expect(fake.invocations).toEqual([]);
    expect(fake.store.getState().modalErrors).toEqual({ subject: 'This field is required.' });
    fake.store.getState().setModalValue('subject', 'ab');
    expect(fake.store.getState().modalErrors).toEqual({});
    await fake.store.getState().submitModal();
    expect(fake.store.getState().modalErrors).toEqual({ subject: 'Must be at least 3 characters long (now 2).' });
    expect(fake.invocations).toEqual([]);
  });

  it('submits a MODAL_SUBMIT with every value in its row, recorded as a modal, and closes', async () => {
    const fake = await withModal();
    fake.store.getState().setModalValue('subject', 'Great bot');
    await fake.store.getState().submitModal();
    expect(fake.invocations).toEqual([{
      type: 5, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce: '1',
      data: {
        custom_id: 'feedback',
        components: [
          { type: 1, components: [{ type: 4, custom_id: 'subject', value: 'Great bot' }] },
          { type: 1, components: [{ type: 4, custom_id: 'details', value: 'Prefilled' }] },
        ],
      },
    }]);
    expect(fake.store.getState().inspectorEntries.at(-1)).toMatchObject({ kind: 'modal', label: 'Your feedback', customId: 'feedback' });
    expect(fake.store.getState().modal).toBeNull();
  });

  it('stays open with the registry\'s message when the submit is refused', async () => {
    const fake = await withModal();
    fake.invokeAnswers.push({ ok: false, status: 404, error: { code: 10062, message: 'Unknown interaction' } });
    fake.store.getState().setModalValue('subject', 'Great bot');
    await fake.store.getState().submitModal();
    const state = fake.store.getState();
    expect(state.modal).not.toBeNull();
    expect(state.modalError).toBe('Unknown interaction');
    expect(state.modalSending).toBe(false);
  });

  it('closes on Cancel without sending', async () => {
    const fake = await withModal();
    fake.store.getState().cancelModal();
    expect(fake.store.getState().modal).toBeNull();
    expect(fake.invocations).toEqual([]);
  });
});
