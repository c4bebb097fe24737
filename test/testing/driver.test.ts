/**
 * `slashbench/testing` as a bot's test suite uses it: a bench with the demo world, its bot
 * connected over the gateway, people acting in a channel, and every kind of outcome a test
 * waits on, including the ones that fail and what their errors say.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BenchRequestError, BenchWaitError, startBench, type Bench, type Chat } from '../../src/testing/index.js';
import type { ScriptedBot } from '../helpers/scripted-bot.js';
import { drivenBot } from './driven-bot.js';

let bench: Bench;
let bot: ScriptedBot;
let alice: Chat;

beforeAll(async () => {
  bench = await startBench();
  bot = await drivenBot(bench);
  alice = bench.user('alice').in('Slashbench Lab', 'general');
});

afterAll(async () => {
  await bot.close();
  await bench.close();
});

describe('commands and their replies', () => {
  it('runs a command written as in the chat box, and reads the reply as a bot would', async () => {
    const run = await alice.command('/echo text:hello world times:2');
    const reply = await run.reply();
    expect(reply.content).toBe('hello worldhello world');
    expect(reply.author.id).toBe(bench.app('Demo Bot').id);
    expect(reply.interaction_metadata?.user.id).toBe(bench.user('alice').id);
    expect(run.state.delivery).toBe('gateway');
    expect(JSON.parse(JSON.stringify(reply))).toEqual({ ...reply });
  });

  it('runs a command by name with typed options, and people by name', async () => {
    expect((await (await alice.command('echo', { text: 'hi', times: 3 })).reply()).content).toBe('hihihi');
    expect((await (await alice.command('/greet who:@bob')).reply()).content).toBe('hello bob');
  });

  it('answers a deferred reply with its edit, and follow-ups in order', async () => {
    expect((await (await alice.command('/later')).reply()).content).toBe('done thinking');
    const run = await alice.command('/count n:2');
    expect((await run.followUps(2)).map((message) => message.content)).toEqual(['follow-up 1', 'follow-up 2']);
    expect((await run.reply()).content).toBe('counting');
  });

  it("reads a run's reply as stored now, without spending the bot's requests to its webhook", async () => {
    const run = await alice.command('/echo text:first');
    expect((await run.reply()).content).toBe('first');
    await run.reply();
    const interaction = bot.received.at(-1);
    if (!interaction) throw new Error('the bot heard no interaction');
    const original = `${bench.api}/webhooks/${interaction.application_id}/${interaction.token}/messages/@original`;
    // The bot's first request to this webhook: the driver's two reads took none of its bucket.
    const read = await fetch(original);
    expect(read.status).toBe(200);
    expect(Number(read.headers.get('x-ratelimit-remaining'))).toBe(Number(read.headers.get('x-ratelimit-limit')) - 1);
    await fetch(original, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'edited' }) });
    const again = await run.reply();
    expect(again.content).toBe('edited');
    expect(again.edited_timestamp).not.toBeNull();
  });

  it('gives the choices for the option being typed', async () => {
    expect((await alice.autocomplete('/fruit name:ap')).map((choice) => choice.name)).toEqual(['apple', 'apricot']);
    expect(await alice.autocomplete('fruit', { name: 'ch' }, 'name')).toEqual([{ name: 'cherry', value: 'cherry' }]);
  });

  it('presses buttons by label or custom_id, and picks in a select', async () => {
    const vote = await (await alice.command('/vote')).reply();
    const updated = await (await vote.click('Yes')).reply();
    expect(updated.id).toBe(vote.id);
    expect(updated.content).toBe('voted yes');
    const picked = await (await (await (await alice.command('/pick')).reply()).select('menu', ['Alpha', 'c'])).reply();
    expect(picked.content).toBe('picked a,c');
  });

  it('fills in and submits a modal', async () => {
    const run = await alice.command('/report');
    const modal = await run.modal();
    expect(modal).toMatchObject({ custom_id: 'report-form', title: 'Report' });
    expect((await (await modal.submit({ reason: 'spam' })).reply()).content).toBe('reported: spam');
    await expect(modal.submit({ reason: 'no' })).rejects.toThrow('"Reason" must be at least 3 characters long (now 2)');
  });

  it('uses user and message commands on a person and on a reply', async () => {
    expect((await (await alice.userCommand('Wave', 'bob')).reply()).content).toBe('waves at bob');
    const said = await (await alice.command('/echo text:quotable')).reply();
    expect((await (await alice.messageCommand('Quote', said)).reply()).content).toBe('> quotable');
  });
});

describe('files for attachment options', () => {
  it('uploads a file as the client does; the bot reads its bytes from the URL it is given', async () => {
    const text = await (await alice.command('/size', { file: { name: 'notes.txt', data: 'hello from a test', contentType: 'text/plain' } })).reply();
    expect(text.content).toBe('notes.txt (text/plain): 17 bytes, 68656c6c6f206672: hello from a test');
    const binary = await (await alice.command('size', { file: { name: 'raw.bin', data: new Uint8Array([0, 1, 2, 255]) } })).reply();
    expect(binary.content).toMatch(/^raw\.bin \(no type\): 4 bytes, 000102ff: /);
  });

  it('refuses a file past the 10 MiB an attachment may be, before invoking', async () => {
    const big = { name: 'big.bin', data: new Uint8Array(10 * 1024 * 1024 + 1) };
    await expect(alice.command('size', { file: big })).rejects.toThrow(/options\.file: the upload route refused the file \(413\).*at most 10 MiB/);
  });
});

describe('failures', () => {
  it('moves the clock past the 3-second deadline of an app that never answers', async () => {
    const run = await alice.command('/silent');
    await bench.clock.advance(3000);
    expect(await run.failure()).toMatchObject({ reason: 'deadline', detail: 'The app did not respond within 3 s.' });
  });

  it("names the registry's refusal of the bot's answer, with the error tree", async () => {
    const run = await alice.command('/broken');
    // The bot's answer is refused before the deadline passes: moving the clock at once would race the bot.
    await vi.waitFor(async () => {
      const waited = await run.end({ timeoutMs: 1 }).catch((caught: unknown) => caught);
      expect((waited as BenchWaitError).run.refusals).toHaveLength(1);
    });
    await bench.clock.advance(3000);
    const failure = await run.failure();
    expect(failure.reason).toBe('refused');
    expect(failure.detail).toContain('data.embeds.0.title');
    expect(failure.refusals[0]).toMatchObject({ status: 400, answer: { code: 50035 } });
  });

  it('says what happened when a wait runs out of time', async () => {
    const run = await alice.command('/silent');
    const error = await run.reply({ timeoutMs: 20 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BenchWaitError);
    expect((error as BenchWaitError).timedOut).toBe(true);
    expect((error as Error).message).toMatch(/^Expected a reply to \/silent within 20 ms, but delivered over the gateway, and the app has not answered\.$/);
    await bench.clock.advance(3000);
    await expect(run.reply()).rejects.toThrow('Expected a reply to /silent, but the interaction failed (deadline): The app did not respond within 3 s.');
  });

  it('refuses, as the registry does, a command the person may not use, and shows why it is hidden', async () => {
    const bob = bench.user('bob');
    const chat = bob.in('Slashbench Lab', 'general');
    expect(await (await chat.command('/admin')).failure()).toMatchObject({ reason: 'permission', invocation: { status: 403 } });
    expect((await bench.visibleCommands(bob, chat)).map((command) => command.name)).not.toContain('admin');
    expect((await bench.visibleCommands(bench.user('alice'), alice)).map((command) => command.name)).toContain('admin');
    const explained = await bench.explain(bob, chat, '/admin');
    expect(explained.visible).toBe(false);
    expect(explained.checks.find((check) => check.verdict === 'fail')?.rule).toBe('member permission');
  });

  it('expects no failure of a command that was answered', async () => {
    await expect((await alice.command('/echo text:fine')).failure()).rejects.toThrow('Expected a failure to /echo text:fine, but the app answered with a message ("fine").');
  });

  it('refuses what a person could not do, naming what exists', async () => {
    await expect(alice.command('/nope')).rejects.toThrow(/command: no slash command "nope" reaches alice here; the slash commands here are: .*echo/);
    await expect(alice.command('echo', { txt: 'x' })).rejects.toThrow('options.txt: no option "txt" here; the options are: text, times');
    const vote = await (await alice.command('/vote')).reply();
    await expect(vote.click('Maybe')).rejects.toThrow('the button "Maybe" is disabled');
    await expect(vote.click('Perhaps')).rejects.toThrow('the message has no button "Perhaps"; its buttons are: Yes, No, Maybe');
    await expect(bench.user('alice').in('Slashbench Lab', 'random').command('/echo text:x')).rejects.toBeInstanceOf(BenchRequestError);
    expect(() => bench.user('zed')).toThrow('no user is named "zed"');
  });

  it('fails a command when no bot of the app is connected', async () => {
    const other = await startBench();
    try {
      const app = other.app('Demo Bot');
      const chat = other.user('alice').in('Slashbench Lab', 'general');
      const { drivenBot: connect } = await import('./driven-bot.js');
      const connected = await connect(other);
      await connected.close();
      expect(await (await chat.command('/silent')).failure()).toMatchObject({ reason: 'no-bot' });
      expect(app.publicKey).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await other.close();
    }
  });
});

describe('benches', () => {
  it('run side by side, each on its own port and directory, and close leaves nothing behind', async () => {
    const [first, second] = await Promise.all([startBench(), startBench()]);
    expect(first.url).not.toBe(second.url);
    expect(first.dataDirectory).not.toBe(second.dataDirectory);
    expect(existsSync(first.dataDirectory)).toBe(true);
    await first.close();
    expect(existsSync(first.dataDirectory)).toBe(false);
    await expect(fetch(`${first.url}/api/v10/gateway`)).rejects.toThrow();
    // The driver's runs, answered in process while the bench was open, fail as a request to a closed registry does.
    await expect(first.user('alice').in('Slashbench Lab', 'general').command('/ping')).rejects.toThrow(/ECONNREFUSED/);
    const answered = await fetch(`${second.url}/api/v10/gateway`);
    expect(answered.status).toBe(200);
    await second.close();
    expect(existsSync(second.dataDirectory)).toBe(false);
  });
});
