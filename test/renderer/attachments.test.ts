/**
 * ATTACHMENT options in the options form: the client's checks before anything is uploaded
 * (the registry's size and filename limits, in the person's words), the upload as soon as
 * a file is picked, the invocation naming the upload's id, and what happens when the file
 * is removed, refused or still on its way.
 */
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_SIZE_LIMIT } from '../../src/shared/attachment-limits.js';
import { INVOCATION_MESSAGES } from '../../src/shared/invocation/index.js';
import type { CommandIndex } from '../../src/renderer/api/wire-types.js';
import { attachmentProblem, formatSize } from '../../src/renderer/features/composer/attachment-checks.js';
import { pickerEntries } from '../../src/renderer/features/composer/composer-state.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, GENERAL, GUILD, startedClient, type Fake } from './fake-deps.js';

const INDEX: CommandIndex = {
  ...EXAMPLE_INDEX,
  application_commands: [
    ...EXAMPLE_INDEX.application_commands,
    {
      id: '48', application_id: APP, version: '480', type: 1, name: 'upload', description: 'Send a file',
      options: [{ type: 11, name: 'file', description: 'The file', required: true }, { type: 3, name: 'note', description: 'A note' }],
    },
  ],
};

async function chosenUpload(): Promise<Fake> {
  const fake = await startedClient(INDEX);
  fake.store.getState().setDraft('/upl');
  const entry = pickerEntries(fake.store.getState()).find((candidate) => candidate.label === '/upload');
  if (!entry) throw new Error('no /upload');
  fake.store.getState().choose(entry);
  return fake;
}

const file = (filename: string, content: Array<string | Uint8Array> = ['hello']) => ({ filename, contentType: 'text/plain', bytes: new Blob(content) });
const draft = (fake: Fake) => fake.store.getState().chosen?.values.file;

describe('the client\'s checks of a file', () => {
  it('refuses files over the limit and names the registry refuses, in plain words', () => {
    expect(attachmentProblem('notes.txt', 5)).toBeNull();
    expect(attachmentProblem('notes.txt', ATTACHMENT_SIZE_LIMIT)).toBeNull();
    expect(attachmentProblem('big.bin', ATTACHMENT_SIZE_LIMIT + 1)).toBe('big.bin is 10.00 MB: files can be at most 10.00 MB here.');
    expect(attachmentProblem('', 5)).toBe('The file\'s name must be 1 to 1024 characters long.');
    expect(attachmentProblem('x'.repeat(1025), 5)).toBe('The file\'s name must be 1 to 1024 characters long.');
    expect(attachmentProblem('a\\b', 5)).toBe('The file\'s name cannot contain path separators or control characters.');
    expect(attachmentProblem('..', 5)).not.toBeNull();
  });

  it('shows sizes as people read them', () => {
    expect([formatSize(0), formatSize(1023), formatSize(1536), formatSize(12 * 1024 * 1024)]).toEqual(['0 B', '1023 B', '1.5 KB', '12.00 MB']);
  });
});

describe('attaching a file', () => {
  it('uploads the picked file to the channel, then sends its id as the option\'s value', async () => {
    const fake = await chosenUpload();
    await fake.store.getState().attachFile('file', file('notes.txt'));
    expect(fake.uploads.map((upload) => [upload.channelId, upload.file.filename, upload.file.bytes.size])).toEqual([[GENERAL, 'notes.txt', 5]]);
    expect(draft(fake)).toMatchObject({ text: '901', label: 'notes.txt', file: { filename: 'notes.txt', size: 5, status: 'uploaded' } });
    await fake.store.getState().submit();
    expect(fake.invocations).toEqual([{
      type: 2, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce: expect.any(String),
      data: { id: '48', name: 'upload', type: 1, version: '480', options: [{ name: 'file', type: 11, value: '901' }] },
    }]);
    expect(fake.store.getState().chosen).toBeNull();
  });

  it('refuses a file too large without uploading it, and the form still needs one', async () => {
    const fake = await chosenUpload();
    await fake.store.getState().attachFile('file', file('big.bin', [new Uint8Array(ATTACHMENT_SIZE_LIMIT + 1)]));
    expect(fake.uploads).toEqual([]);
    expect(draft(fake)).toMatchObject({ text: '', file: { status: 'refused', error: 'big.bin is 10.00 MB: files can be at most 10.00 MB here.' } });
    await fake.store.getState().submit();
    expect(fake.invocations).toEqual([]);
    expect(fake.store.getState().composerErrors?.byOption.file).toEqual([INVOCATION_MESSAGES.optionRequired.text('file')]);
  });

  it('shows the registry\'s reason when it refuses the upload', async () => {
    const fake = await chosenUpload();
    fake.uploadAnswers.push({
      ok: false, status: 400,
      error: { code: 50035, message: 'Invalid Form Body', errors: { content_type: { _errors: [{ code: 'ATTACHMENT_CONTENT_TYPE_INVALID', message: 'Must be a media type such as "image/png".' }] } } },
    });
    await fake.store.getState().attachFile('file', file('notes.txt'));
    expect(draft(fake)?.file).toMatchObject({ status: 'refused', error: 'Must be a media type such as "image/png".' });
    fake.uploadAnswers.push({ ok: false, status: 413, error: { code: 40005, message: 'Request entity too large' } });
    await fake.store.getState().attachFile('file', file('notes.txt'));
    expect(draft(fake)?.file?.error).toBe('notes.txt is too large for the registry (Request entity too large).');
  });

  it('waits for the upload before sending, and forgets an upload removed on its way', async () => {
    const fake = await chosenUpload();
    // The registry answers when the test says so.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    const upload = fake.deps.rest.uploadAttachment;
    fake.deps.rest.uploadAttachment = async (...args) => {
      await answered;
      return upload(...args);
    };
    const uploading = fake.store.getState().attachFile('file', file('notes.txt'));
    expect(draft(fake)?.file?.status).toBe('uploading');
    await fake.store.getState().submit();
    expect(fake.store.getState().sendError).toBe('Wait until the file has finished uploading.');
    fake.store.getState().removeAttachment('file');
    answer();
    await uploading;
    expect(fake.uploads).toHaveLength(1);
    expect(draft(fake)).toBeUndefined();
    expect(fake.invocations).toEqual([]);
  });

  it('refuses an id the form did not upload, as the registry would', async () => {
    const fake = await chosenUpload();
    fake.store.getState().setOptionValue('file', { text: '123456789012345678' });
    await fake.store.getState().submit();
    expect(fake.invocations).toEqual([]);
    expect(fake.store.getState().composerErrors?.byOption.file).toEqual([INVOCATION_MESSAGES.unknownAttachment.text('file', '123456789012345678')]);
  });
});
