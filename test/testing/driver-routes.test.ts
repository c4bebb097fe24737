/**
 * The driver's HTTP contract as another language's test reads it (docs/testing.md): a run
 * started with a person's token, its waits answered 200, 408 or 409 with a sentence and the
 * run, the clock, and who may call. Plain fetch, no JavaScript driver; and the same contract
 * through the runs' routes in process, as the JavaScript driver calls them in `startBench`
 * (management-driver.ts, `inProcessDriver`): each answer as HTTP gives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_BODY_LIMIT } from '../../src/registry/domain/attachment-upload.js';
import { DEFAULT_BODY_LIMIT } from '../../src/registry/http/json-body.js';
import { startBench, type Bench } from '../../src/testing/index.js';
import type { ScriptedBot } from '../helpers/scripted-bot.js';
import { drivenBot } from './driven-bot.js';

let bench: Bench;
let bot: ScriptedBot;
let token: string;

type Answer = { status: number; body: Record<string, unknown> };
type Call = (method: string, path: string, body?: unknown, authorization?: string | null) => Promise<Answer>;

const overHttp: Call = async (method, path, body, authorization = token) => {
  const response = await fetch(`${bench.url}/_slashbench/driver${path}`, {
    method,
    headers: { ...(authorization === null ? {} : { authorization }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.headers.get('content-type')).toBe('application/json');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** Through the JavaScript driver's transport: the runs' routes in process, the others (the clock, a place) over HTTP. */
const throughDriver: Call = async (method, path, body, authorization = token) => {
  const answer = await bench.user('alice').http.send(authorization ?? '', method, `/_slashbench/driver${path}`, body);
  return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
};

const place = { guild: 'Slashbench Lab', channel: 'general' };

// A bench each: the clock moved by one transport's tests would end the other's bot session.
describe.each([['over HTTP', overHttp], ['in process', throughDriver]] as const)('the driver %s', (_transport, call) => {
  beforeAll(async () => {
    bench = await startBench();
    bot = await drivenBot(bench);
    token = bench.user('alice').token;
  });

  afterAll(async () => {
    await bot.close();
    await bench.close();
  });

  it('starts a run and answers its reply when it comes', async () => {
    const started = await call('POST', '/runs', { action: 'command', ...place, command: '/echo text:over http' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ kind: 'command', label: '/echo text:over http', user_id: bench.user('alice').id });
    const waited = await call('GET', `/runs/${String(started.body.id)}?wait=reply&timeout_ms=2000`);
    expect(waited.status).toBe(200);
    expect(waited.body).toMatchObject({ status: 'succeeded', response_type: 4, reply: { content: 'over http' }, delivery: 'gateway' });
    expect(Object.keys(waited.body)[0]).toBe('id');
  });

  it("refuses, as the person route does, an invocation larger than the route reads (a recorded run's options sent as they were)", async () => {
    const options = [{ name: 'text', type: 3, value: 'x'.repeat(1024 * 1024) }];
    const started = await call('POST', '/runs?wait=failure&timeout_ms=2000', { action: 'command', ...place, name: 'echo', options });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'failed', invocation: { status: 413, body: { code: 40005, message: 'Request entity too large' } } });
    expect(bot.received.some((interaction) => (interaction.data.options as Array<{ value: unknown }> | undefined)?.[0]?.value === options[0]?.value)).toBe(false);
  });

  it('refuses a body larger than files for an attachment option can make it, before reading it', async () => {
    const file = { filename: 'big.bin', data: 'A'.repeat(UPLOAD_BODY_LIMIT + DEFAULT_BODY_LIMIT) };
    const refused = await call('POST', '/runs', { action: 'command', ...place, name: 'size', options: { file } });
    expect(refused).toEqual({ status: 413, body: { code: 40005, message: 'Request entity too large' } });
  });

  it('acts and waits in one request', async () => {
    const answered = await call('POST', '/runs?wait=reply&timeout_ms=2000', { action: 'command', ...place, name: 'echo', options: { text: 'at once' } });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ label: '/echo text:at once', reply: { content: 'at once' } });
  });

  it('uploads a file given as an attachment option\'s value, or names a file the test uploaded itself', async () => {
    const file = { filename: 'notes.txt', content_type: 'text/plain', data: Buffer.from('over http').toString('base64') };
    const given = await call('POST', '/runs?wait=reply&timeout_ms=2000', { action: 'command', ...place, name: 'size', options: { file } });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ reply: { content: 'notes.txt (text/plain): 9 bytes, 6f76657220687474: over http' } });
    const general = bench.user('alice').in('Slashbench Lab', 'general');
    const { channel_id: channel } = await general.ids();
    const uploaded = await fetch(`${bench.api}/channels/${channel}/attachments?filename=raw.bin`, {
      method: 'POST', headers: { authorization: token, 'content-type': 'application/octet-stream' }, body: new Uint8Array([1, 2]),
    });
    const { id } = (await uploaded.json()) as { id: string };
    const named = await call('POST', '/runs?wait=reply&timeout_ms=2000', { action: 'command', ...place, name: 'size', options: { file: id } });
    expect(named.body).toMatchObject({ reply: { content: expect.stringMatching(/^raw\.bin \(no type\): 2 bytes, 0102: /) } });
    const refused = await call('POST', '/runs', { action: 'command', ...place, name: 'size', options: { file: { filename: 'a/b', data: 'AA==' } } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('the upload route refused the file (400): filename: Filenames cannot contain path separators');
  });

  it('answers 408 with what happened when the time runs out, and 409 when the wait can no longer be met', async () => {
    const { body: run } = await call('POST', '/runs', { action: 'command', ...place, name: 'silent' });
    const timedOut = await call('GET', `/runs/${String(run.id)}?wait=reply&timeout_ms=10`);
    expect(timedOut.status).toBe(408);
    expect(timedOut.body.message).toBe('Expected a reply to /silent within 10 ms, but delivered over the gateway, and the app has not answered.');
    expect(timedOut.body.code).toBe(0);
    const moved = await call('POST', '/clock', { advance_ms: 3000 });
    expect(moved.body.adjustable).toBe(true);
    const never = await call('GET', `/runs/${String(run.id)}?wait=reply`);
    expect(never.status).toBe(409);
    expect(never.body.run).toMatchObject({ status: 'failed', failure: { reason: 'deadline' } });
  });

  it('waits for follow-ups, choices and a modal, and submits the modal', async () => {
    const { body: counted } = await call('POST', '/runs', { action: 'command', ...place, command: '/count n:3' });
    const followed = await call('GET', `/runs/${String(counted.id)}?wait=follow_ups&count=3`);
    expect((followed.body.follow_ups as Array<{ content: string }>).map((message) => message.content)).toEqual(['follow-up 1', 'follow-up 2', 'follow-up 3']);
    const { body: typed } = await call('POST', '/runs', { action: 'autocomplete', ...place, command: '/fruit name:b' });
    expect((await call('GET', `/runs/${String(typed.id)}?wait=choices`)).body.choices).toEqual([{ name: 'banana', value: 'banana' }]);
    const { body: opener } = await call('POST', '/runs', { action: 'command', ...place, command: '/report' });
    expect((await call('GET', `/runs/${String(opener.id)}?wait=modal`)).body.modal).toMatchObject({ title: 'Report' });
    const { body: submitted } = await call('POST', '/runs', { action: 'submit', run: opener.id, fields: { reason: 'too loud' } });
    expect((await call('GET', `/runs/${String(submitted.id)}?wait=reply`)).body.reply).toMatchObject({ content: 'reported: too loud' });
  });

  it('moves the clock so tokens die after 15 minutes', async () => {
    const { body: run } = await call('POST', '/runs', { action: 'command', ...place, command: '/echo text:old' });
    await call('GET', `/runs/${String(run.id)}?wait=reply`);
    const interaction = bot.received.at(-1);
    await call('POST', '/clock', { advance_ms: 15 * 60_000 });
    await expect(bot.rest('POST', `/webhooks/${bot.applicationId}/${String(interaction?.token)}`, { content: 'too late' }, false)).rejects.toThrow('10015');
  });

  it('is for the world\'s people: 401 without a token, 403 for a bot, and a person reads only their own runs', async () => {
    expect((await call('POST', '/runs', { action: 'command', ...place, command: '/echo text:x' }, null)).status).toBe(401);
    expect((await call('POST', '/runs', { action: 'command', ...place, command: '/echo text:x' }, `Bot ${bench.app('Demo Bot').token}`)).status).toBe(403);
    const { body: run } = await call('POST', '/runs', { action: 'command', ...place, command: '/echo text:mine' });
    const other = await call('GET', `/runs/${String(run.id)}`, undefined, bench.user('bob').token);
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body.errors)).toContain('no run');
  });

  it('refuses a request that does not fit, naming the field', async () => {
    const refused = await call('POST', '/runs', { action: 'command', ...place });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 50035, errors: { command: { _errors: [{ message: 'give either command (the text) or name (with options)' }] } } });
    expect((await call('GET', '/place?guild=Slashbench%20Lab&channel=%23general')).body).toMatchObject({ name: 'general' });
  });
});
