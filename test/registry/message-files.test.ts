/**
 * Files on every route a bot answers an interaction through (message-facts.md, "Files"):
 * the callback (types 4 and 7, with and without `with_response`), follow-ups, and edits of
 * `@original` and of follow-ups, each as `multipart/form-data` with `payload_json` and
 * `files[n]`. The message lists its attachments with the service's fields (an image's size
 * read from the file), the URL serves the same bytes, an edit's `attachments` keeps, adds
 * and removes, `attachment://` moves a file into an embed, and a message past the limits
 * or with a malformed body stores nothing.
 */
import { describe, expect, it } from 'vitest';
import { multipartBody, png, type FilePart } from '../helpers/files.js';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

type Json = Record<string, unknown>;
type Attachment = { id: string; filename: string; url: string; proxy_url: string; size: number; content_type?: string; width?: number; height?: number };

async function invoked(harness: Harness, nonce: string): Promise<Json> {
  const command = await harness.command({ name: `files${nonce}`, description: 'Files' });
  const next = harness.gateway.nextInteraction();
  const response = await harness.invoke({ ...slashInvocation(command), nonce });
  if (response.statusCode !== 204) throw new Error(response.body);
  return next;
}

async function send(harness: Harness, method: 'POST' | 'PATCH', url: string, payload: unknown, files: readonly FilePart[]) {
  const { body, contentType } = await multipartBody(payload, files);
  return harness.registry.app.inject({ method, url, payload: body, headers: { 'content-type': contentType } });
}

const callbackUrl = (interaction: Json, query = '') => `/api/v10/interactions/${String(interaction.id)}/${String(interaction.token)}/callback${query}`;
const webhookUrl = (interaction: Json, path = '') => `/api/v10/webhooks/${IDS.app}/${String(interaction.token)}${path}`;

async function fetchFile(harness: Harness, url: string) {
  const { pathname, search } = new URL(url);
  return harness.registry.app.inject({ method: 'GET', url: pathname + search });
}

async function channelMessages(harness: Harness): Promise<Json[]> {
  return (await harness.registry.app.inject({ method: 'GET', url: `/api/v10/channels/${IDS.general}/messages`, headers: { authorization: TOKENS.owner } })).json();
}

const picture = { name: 'chart.png', bytes: png(3, 2) };
const notes = { name: 'notes.txt', bytes: Buffer.from('line one\nline two\n'), type: 'text/plain' };

describe('a reply with files (callback type 4)', () => {
  it('stores each file with the service\'s attachment fields and serves the same bytes', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'a');
    const answer = await send(harness, 'POST', callbackUrl(interaction, '?with_response=true'), {
      type: 4, data: { content: 'Here', attachments: [{ id: 0, filename: 'chart.png', description: 'A chart' }, { id: 1, filename: 'notes.txt' }] },
    }, [picture, notes]);
    expect(answer.statusCode, answer.body).toBe(200);
    const message = (answer.json() as { resource: { message: { attachments: Attachment[] } } }).resource.message;
    const [image, text] = message.attachments;
    expect(image).toMatchObject({ filename: 'chart.png', description: 'A chart', content_type: 'image/png', size: picture.bytes.length, width: 3, height: 2 });
    expect(text).toMatchObject({ filename: 'notes.txt', content_type: 'text/plain', size: notes.bytes.length });
    expect(text).not.toHaveProperty('width');
    expect(image?.proxy_url).toBe(image?.url);

    const stored = (await channelMessages(harness))[0] as { attachments: Attachment[] };
    expect(stored.attachments).toEqual(message.attachments);
    for (const [attachment, file] of [[image, picture], [text, notes]] as const) {
      const served = await fetchFile(harness, attachment!.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(Buffer.from(file.bytes))).toBe(true);
      expect(served.headers['content-type']).toBe(attachment!.content_type);
    }
  });

  it('takes a file-only reply (no content), answers 204 without with_response, and names the files in the inspector', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'b');
    const answer = await send(harness, 'POST', callbackUrl(interaction), { type: 4, data: {} }, [notes]);
    expect(answer.statusCode, answer.body).toBe(204);
    const [message] = await channelMessages(harness);
    expect(message).toMatchObject({ content: '', attachments: [{ filename: 'notes.txt' }] });
  });

  it('moves a file named by attachment:// into the embed, and out of the attachment list', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'c');
    const answer = await send(harness, 'POST', callbackUrl(interaction), {
      type: 4, data: { embeds: [{ title: 'Chart', image: { url: 'attachment://chart.png' } }] },
    }, [picture]);
    expect(answer.statusCode, answer.body).toBe(204);
    const [message] = await channelMessages(harness) as Array<{ attachments: Attachment[]; embeds: Array<{ image: { url: string; width?: number } }> }>;
    expect(message?.attachments).toEqual([]);
    const served = await fetchFile(harness, message!.embeds[0]!.image.url);
    expect(served.rawPayload.equals(picture.bytes)).toBe(true);
  });
});

describe('files on updates, follow-ups and edits', () => {
  it('UPDATE_MESSAGE (type 7) replaces a component message\'s files as its attachments list says', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'd');
    const button = { type: 1, components: [{ type: 2, style: 1, label: 'Swap', custom_id: 'swap' }] };
    await send(harness, 'POST', callbackUrl(interaction), { type: 4, data: { content: 'v1', components: [button] } }, [notes]);
    const [message] = await channelMessages(harness) as Array<{ id: string; attachments: Attachment[] }>;
    const click = harness.gateway.nextInteraction();
    const clicked = await harness.invoke({
      type: 3, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, message_id: message!.id, nonce: 'click',
      data: { component_type: 2, custom_id: 'swap' },
    });
    expect(clicked.statusCode, clicked.body).toBe(204);
    const component = await click;
    const updated = await send(harness, 'POST', callbackUrl(component, '?with_response=true'), {
      type: 7, data: { content: 'v2', attachments: [{ id: 0, filename: 'chart.png' }] },
    }, [picture]);
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await channelMessages(harness) as Array<{ content: string; attachments: Attachment[] }>;
    expect(after?.content).toBe('v2');
    expect(after?.attachments.map((file) => file.filename)).toEqual(['chart.png']);
    // The file left out is gone with its bytes.
    expect((await fetchFile(harness, message!.attachments[0]!.url)).statusCode).toBe(404);
  });

  it('a follow-up carries two files; edits of @original and of the follow-up keep, add and remove', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'e');
    expect((await harness.callback(interaction, { type: 5 })).statusCode).toBe(204);
    const edited = await send(harness, 'PATCH', webhookUrl(interaction, '/messages/@original'), { content: 'done', attachments: [{ id: 0, filename: 'chart.png' }] }, [picture]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'done', flags: 0, attachments: [{ filename: 'chart.png', width: 3, height: 2 }] });

    const followUp = await send(harness, 'POST', webhookUrl(interaction), { content: 'two files' }, [notes, { name: 'b.txt', bytes: Buffer.from('b') }]);
    expect(followUp.statusCode, followUp.body).toBe(200);
    const sent = followUp.json() as { id: string; attachments: Attachment[] };
    expect(sent.attachments.map((file) => file.filename)).toEqual(['notes.txt', 'b.txt']);

    // Keep notes.txt, drop b.txt, add a new one.
    const [kept, dropped] = sent.attachments;
    const changed = await send(harness, 'PATCH', webhookUrl(interaction, `/messages/${sent.id}`), {
      attachments: [{ id: kept!.id }, { id: 0, filename: 'c.txt' }],
    }, [{ name: 'c.txt', bytes: Buffer.from('c') }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { attachments: Attachment[] }).attachments.map((file) => [file.id === kept!.id, file.filename])).toEqual([[true, 'notes.txt'], [false, 'c.txt']]);
    expect((await fetchFile(harness, dropped!.url)).statusCode).toBe(404);

    // An edit that names no attachments leaves them all.
    const retitled = await harness.registry.app.inject({ method: 'PATCH', url: webhookUrl(interaction, `/messages/${sent.id}`), payload: { content: 'renamed' } });
    expect((retitled.json() as { attachments: Attachment[] }).attachments).toHaveLength(2);
  });
});

describe('refused files store nothing', () => {
  it('eleven files, or more than 10 MiB of them: 413 with code 40005', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'f');
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `${index}.txt`, bytes: Buffer.from('x') }));
    const tooMany = await send(harness, 'POST', callbackUrl(interaction), { type: 4, data: { content: 'many' } }, eleven);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: 'Request entity too large', code: 40005 });
    const big = [{ name: 'a.bin', bytes: Buffer.alloc(6 * 1024 * 1024) }, { name: 'b.bin', bytes: Buffer.alloc(5 * 1024 * 1024) }];
    const tooLarge = await send(harness, 'POST', callbackUrl(interaction), { type: 4, data: { content: 'large' } }, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(await channelMessages(harness)).toEqual([]);
    // The interaction is still open: a valid answer is taken.
    expect((await send(harness, 'POST', callbackUrl(interaction), { type: 4, data: { content: 'ok' } }, [notes])).statusCode).toBe(204);
  });

  it('an attachments entry naming no uploaded file is a 50035 at data.attachments', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'g');
    const refused = await send(harness, 'POST', callbackUrl(interaction), { type: 4, data: { content: 'x', attachments: [{ id: 3, filename: 'gone.txt' }] } }, [notes]);
    expect(refused.statusCode).toBe(400);
    const errors = (refused.json() as { errors: Json }).errors;
    expect(Object.keys((errors.data as Json).attachments as Json)).toEqual(['0']);
    expect(await channelMessages(harness)).toEqual([]);
  });

  it('malformed bodies: no boundary, no payload_json, a file part without a filename, a truncated body', async () => {
    const harness = await interactionHarness();
    const interaction = await invoked(harness, 'h');
    const url = callbackUrl(interaction);
    const noBoundary = await harness.registry.app.inject({ method: 'POST', url, payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);
    expect(JSON.stringify(noBoundary.json())).toContain('boundary');

    const form = (parts: string) => harness.registry.app.inject({
      method: 'POST', url, payload: parts.replaceAll('\n', '\r\n'), headers: { 'content-type': 'multipart/form-data; boundary=XX' },
    });
    const noPayload = await form('--XX\nContent-Disposition: form-data; name="files[0]"; filename="a.txt"\n\nhi\n--XX--\n');
    expect(noPayload.statusCode).toBe(400);
    const noFilename = await form('--XX\nContent-Disposition: form-data; name="payload_json"\n\n{"type":4,"data":{"content":"a"}}\n--XX\nContent-Disposition: form-data; name="files[0]"\nContent-Type: text/plain\n\nhi\n--XX--\n');
    expect(noFilename.statusCode).toBe(400);
    expect(JSON.stringify(noFilename.json())).toContain('FILE_NAME_REQUIRED');
    const truncated = await form('--XX\nContent-Disposition: form-data; name="payload_json"\n\n{"type":4,"data":{"content":"a"}}\n--XX\nContent-Disposition: form-data; name="files[0]"; filename="a.txt"\n\nhal');
    expect(truncated.statusCode).toBe(400);
    expect(await channelMessages(harness)).toEqual([]);
    expect((await send(harness, 'POST', url, { type: 4, data: { content: 'fine' } }, [])).statusCode).toBe(204);
  });
});
