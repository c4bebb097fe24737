/**
 * ATTACHMENT options end to end: the client uploads a file to a channel, invokes with the
 * upload's id, the bot receives the file in `data.resolved.attachments` with a URL that
 * serves the same bytes; and every upload or use a user must not make is refused.
 */
import { describe, expect, it } from 'vitest';
import { interactionHarness, slashInvocation, type Harness } from '../helpers/interaction-harness.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

const LIMIT = 10 * 1024 * 1024;
const RANDOM_CHANNEL = '300000000000000021';
const FOREIGN_CHANNEL = '300000000000000030';

/** A harness with a second channel in the guild and one in a guild the users are not in. */
async function setup(): Promise<Harness> {
  const harness = await interactionHarness();
  const channel = { name: 'random', type: 0, parent_id: null, nsfw: false, position: 1 };
  await harness.registry.store.world.putChannel({ ...channel, id: RANDOM_CHANNEL, guild_id: IDS.guild });
  await harness.registry.store.world.putChannel({ ...channel, id: FOREIGN_CHANNEL, guild_id: IDS.emptyGuild });
  return harness;
}

function upload(harness: Harness, body: Record<string, unknown>, options: { channel?: string; token?: string | null } = {}) {
  const token = options.token === undefined ? TOKENS.owner : options.token;
  return harness.registry.app.inject({
    method: 'POST', url: `/api/v10/channels/${options.channel ?? IDS.general}/attachments`, payload: body,
    headers: token === null ? {} : { authorization: token },
  });
}

function uploadRaw(harness: Harness, bytes: Buffer, query: string, token: string = TOKENS.owner) {
  return harness.registry.app.inject({
    method: 'POST', url: `/api/v10/channels/${IDS.general}/attachments?${query}`, payload: bytes,
    headers: { authorization: token, 'content-type': 'application/octet-stream' },
  });
}

/** Fetches an absolute attachment URL from the registry, as a bot would. */
function fetchUrl(harness: Harness, url: string) {
  const { pathname, search } = new URL(url);
  return harness.registry.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

async function fileCommand(harness: Harness): Promise<Record<string, unknown>> {
  return harness.command({ name: 'scan', description: 'Scan a file', options: [{ type: 11, name: 'file', description: 'The file', required: true }] });
}

function withFile(command: Record<string, unknown>, id: unknown) {
  return slashInvocation(command, { options: [{ name: 'file', type: 11, value: id }] });
}

function fieldCode(response: { json(): unknown }, ...path: Array<string | number>): string | undefined {
  let node = (response.json() as { errors?: unknown }).errors as Record<string, unknown> | undefined;
  for (const key of path) node = node?.[String(key)] as Record<string, unknown> | undefined;
  return (node?._errors as Array<{ code: string }> | undefined)?.[0]?.code;
}

describe('a file sent with a command', () => {
  it('reaches the bot in data.resolved.attachments with a URL that serves the same bytes', async () => {
    const harness = await setup();
    const command = await fileCommand(harness);
    const bytes = Buffer.from('%PDF-1.7 not really a pdf \u00e9\n');
    const uploaded = await upload(harness, { filename: 'report 1.pdf', content_type: 'application/pdf', data: bytes.toString('base64') });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json() as Record<string, string>;
    expect(file).toMatchObject({ filename: 'report 1.pdf', size: bytes.length, content_type: 'application/pdf' });
    expect(file.id).toMatch(/^\d+$/);
    expect(file.url).toMatch(new RegExp(`^http://localhost(:80)?/attachments/${IDS.general}/${file.id}/report%201\\.pdf\\?hm=[0-9a-f]{32}$`));

    const next = harness.gateway.nextInteraction();
    const invoked = await harness.invoke(withFile(command, file.id));
    expect(invoked.statusCode, invoked.body).toBe(204);
    const data = (await next).data as { options: Array<{ value: string }>; resolved: { attachments: Record<string, Record<string, unknown>> } };
    expect(data.options[0]).toEqual({ name: 'file', type: 11, value: file.id });
    const resolved = data.resolved.attachments[file.id as string];
    expect(resolved).toEqual({
      id: file.id, filename: 'report 1.pdf', size: bytes.length, content_type: 'application/pdf',
      url: file.url, proxy_url: file.url, ephemeral: true,
    });

    const served = await fetchUrl(harness, resolved?.url as string);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="report 1.pdf"; filename*=UTF-8''report%201.pdf`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe('sandbox');
  });

  it('takes a raw body too, and shows images inline', async () => {
    const harness = await setup();
    const command = await fileCommand(harness);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const uploaded = await uploadRaw(harness, bytes, 'filename=%C3%A9t%C3%A9.png&content_type=image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json() as Record<string, string>;
    expect(file).toMatchObject({ filename: 'été.png', size: 8, content_type: 'image/png' });
    const next = harness.gateway.nextInteraction();
    expect((await harness.invoke(withFile(command, file.id))).statusCode).toBe(204);
    const resolved = ((await next).data as { resolved: { attachments: Record<string, { url: string }> } }).resolved.attachments[file.id as string];
    const served = await fetchUrl(harness, resolved?.url as string);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-disposition']).toBe(`inline; filename="_t_.png"; filename*=UTF-8''%C3%A9t%C3%A9.png`);
  });

  it('takes exactly 10 MiB, has no content_type when none was given, and serves a 1024-character name', async () => {
    const harness = await setup();
    const full = await uploadRaw(harness, Buffer.alloc(LIMIT, 7), 'filename=big.bin');
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ size: LIMIT });
    expect(full.json()).not.toHaveProperty('content_type');
    const longName = `${'n'.repeat(1020)}.txt`;
    const long = await upload(harness, { filename: longName, data: Buffer.from('hi').toString('base64') });
    expect(long.statusCode, long.body).toBe(200);
    const served = await fetchUrl(harness, long.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.body).toBe('hi');
  });

  it('is kept until a command sends it; an autocomplete does not use it up', async () => {
    const harness = await setup();
    const command = await harness.command({
      name: 'convert', description: 'Convert',
      options: [{ type: 11, name: 'file', description: 'f', required: true }, { type: 3, name: 'to', description: 't', autocomplete: true }],
    });
    const file = (await upload(harness, { filename: 'a.txt', data: 'aGk=' })).json() as { id: string };
    const suggest = harness.gateway.nextInteraction();
    const autocomplete = slashInvocation(command, { options: [{ name: 'file', type: 11, value: file.id }, { name: 'to', type: 3, value: 'p', focused: true }] }, 4);
    expect((await harness.invoke(autocomplete)).statusCode).toBe(204);
    expect(((await suggest).data as { resolved: { attachments: Record<string, unknown> } }).resolved.attachments).toHaveProperty(file.id);
    const run = harness.gateway.nextInteraction();
    expect((await harness.invoke(slashInvocation(command, { options: [{ name: 'file', type: 11, value: file.id }] }))).statusCode).toBe(204);
    expect((await harness.registry.store.attachments.attachment(file.id))?.used_by_interaction).toBe((await run).id);
  });
});

describe('refused uploads', () => {
  it('over 10 MiB: 413 40005, as JSON or raw', async () => {
    const harness = await setup();
    const over = Buffer.alloc(LIMIT + 1, 1);
    for (const response of [
      await upload(harness, { filename: 'big.bin', data: over.toString('base64') }),
      await uploadRaw(harness, over, 'filename=big.bin'),
    ]) {
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Request entity too large', code: 40005 });
    }
  });

  it('bad filenames, media types and data: 50035 naming the field', async () => {
    const harness = await setup();
    const data = 'aGk=';
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ filename: '../etc/passwd', data }, 'filename', 'ATTACHMENT_FILENAME_INVALID'],
      [{ filename: 'a\\b.txt', data }, 'filename', 'ATTACHMENT_FILENAME_INVALID'],
      [{ filename: 'line\nbreak', data }, 'filename', 'ATTACHMENT_FILENAME_INVALID'],
      [{ filename: '..', data }, 'filename', 'ATTACHMENT_FILENAME_INVALID'],
      [{ filename: '', data }, 'filename', 'BASE_TYPE_BAD_LENGTH'],
      [{ filename: 'x'.repeat(1025), data }, 'filename', 'BASE_TYPE_BAD_LENGTH'],
      [{ data }, 'filename', 'BASE_TYPE_REQUIRED'],
      [{ filename: 'a.txt', data, content_type: 'text/html\r\nx-evil: 1' }, 'content_type', 'ATTACHMENT_CONTENT_TYPE_INVALID'],
      [{ filename: 'a.txt', data: 'not base64!' }, 'data', 'ATTACHMENT_DATA_INVALID'],
      [{ filename: 'a.txt' }, 'data', 'BASE_TYPE_REQUIRED'],
    ];
    for (const [body, field, code] of cases) {
      const response = await upload(harness, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(fieldCode(response, field)).toBe(code);
    }
    expect(fieldCode(await uploadRaw(harness, Buffer.from('x'), 'content_type=text/plain'), 'filename')).toBe('BASE_TYPE_REQUIRED');
  });

  it('without a user token, from a bot, or to a channel the user is not in', async () => {
    const harness = await setup();
    const body = { filename: 'a.txt', data: 'aGk=' };
    expect((await upload(harness, body, { token: null })).json()).toEqual({ message: '401: Unauthorized', code: 0 });
    expect((await upload(harness, body, { token: 'nobody' })).statusCode).toBe(401);
    expect((await upload(harness, body, { token: `Bot ${TOKENS.bot}` })).json()).toMatchObject({ code: 20001 });
    expect((await upload(harness, body, { channel: FOREIGN_CHANNEL })).json()).toMatchObject({ code: 50001 });
    expect((await upload(harness, body, { channel: '300000000000000099' })).json()).toMatchObject({ code: 10003 });
    expect((await upload(harness, body, { channel: 'general' })).statusCode).toBe(400);
  });
});

describe('refused uses', () => {
  async function refusedWith(harness: Harness, command: Record<string, unknown>, id: string, token: string = TOKENS.owner) {
    const response = await harness.invoke(withFile(command, id), token);
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldCode(response, 'data', 'options', 0, 'value')).toBe('INTERACTION_ATTACHMENT_UNKNOWN');
  }

  it("someone else's upload, an unknown id, an upload to another channel, and a reused one", async () => {
    const harness = await setup();
    const command = await fileCommand(harness);
    const theirs = (await upload(harness, { filename: 'a.txt', data: 'aGk=' }, { token: TOKENS.member })).json() as { id: string };
    await refusedWith(harness, command, theirs.id);
    expect(await harness.event('INTERACTION_FAILURE')).toMatchObject({ reason: 'invalid-options' });
    await refusedWith(harness, command, '999999999999999999');
    const elsewhere = (await upload(harness, { filename: 'a.txt', data: 'aGk=' }, { channel: RANDOM_CHANNEL })).json() as { id: string };
    await refusedWith(harness, command, elsewhere.id);

    const mine = (await upload(harness, { filename: 'a.txt', data: 'aGk=' })).json() as { id: string };
    expect((await harness.invoke(withFile(command, mine.id))).statusCode).toBe(204);
    await refusedWith(harness, command, mine.id);
    expect(harness.gateway.dispatches).toHaveLength(1);
  });

  it('the file URL needs its key and exact name', async () => {
    const harness = await setup();
    const file = (await upload(harness, { filename: 'a.txt', data: 'aGk=' })).json() as { url: string };
    const url = new URL(file.url);
    const wrongKey = await fetchUrl(harness, `${url.origin}${url.pathname}?hm=${'0'.repeat(32)}`);
    expect(wrongKey.json()).toEqual({ message: '404: Not Found', code: 0 });
    expect((await fetchUrl(harness, `${url.origin}${url.pathname}`)).statusCode).toBe(404);
    expect((await fetchUrl(harness, file.url.replace('a.txt', 'b.txt'))).statusCode).toBe(404);
    expect((await fetchUrl(harness, file.url.replace(IDS.general, RANDOM_CHANNEL))).statusCode).toBe(404);
    expect((await fetchUrl(harness, file.url)).body).toBe('hi');
  });
});
