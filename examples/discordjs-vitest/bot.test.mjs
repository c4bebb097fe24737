// The discord.js bot's tests: a bench (a Slashbench registry in this process, with the demo
// world), the bot logged in to it as the demo world's "Demo Bot", and alice using its
// commands in #general. Run with `npx vitest run` in this folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBench } from 'slashbench/testing';
import { startBot } from './bot.mjs';

let bench;
let bot;
let alice;

beforeAll(async () => {
  bench = await startBench();
  bot = await startBot({ url: bench.url, token: bench.app('Demo Bot').token });
  alice = bench.user('alice').in('Slashbench Lab', 'general');
});

afterAll(async () => {
  await bot?.destroy();
  await bench?.close();
});

describe('the discord.js bot', () => {
  it('greets by name, or by username', async () => {
    const reply = await (await alice.command('/hello name:Vitest')).reply();
    expect(reply.content).toBe('Hello, Vitest!');
    expect((await (await alice.command('hello')).reply()).content).toBe('Hello, alice!');
  });

  it('records a vote when a button is pressed', async () => {
    const poll = await (await alice.command('/poll question:Pizza tonight?')).reply();
    expect(poll.components[0].components.map((button) => button.label)).toEqual(['Yes', 'No']);
    const voted = await (await poll.click('Yes')).reply();
    expect(voted.content).toBe('Pizza tonight? alice said Yes.');
    expect(voted.components).toEqual([]);
  });

  it('thanks for feedback in a message only its author sees', async () => {
    const form = await (await alice.command('/feedback')).modal();
    expect(form.title).toBe('Feedback');
    const thanks = await (await form.submit({ text: 'Works well' })).reply();
    expect(thanks.content).toBe('Thanks, alice: "Works well"');
    expect(thanks.flags & 64).toBe(64);
  });

  it('completes fruit names', async () => {
    const choices = await alice.autocomplete('/fruit name:b');
    expect(choices.map((choice) => choice.value)).toEqual(['banana', 'blueberry']);
  });

  it('counts the words of a file given to its file option', async () => {
    const run = await alice.command('wordcount', { file: { name: 'notes.txt', data: 'one two three', contentType: 'text/plain' } });
    expect((await run.reply()).content).toBe('notes.txt: 13 bytes, 3 words.');
  });

  it('high-fives from a person\'s context menu', async () => {
    expect((await (await alice.userCommand('High five', 'bob')).reply()).content).toBe('alice high-fived bob!');
  });

  it('shows bob the same commands as alice', async () => {
    const bob = bench.user('bob');
    const names = (await bench.visibleCommands(bob, bob.in('Slashbench Lab', 'general'))).map((command) => command.name);
    expect(names).toEqual(expect.arrayContaining(['hello', 'poll', 'feedback', 'fruit', 'wordcount', 'High five']));
  });
});
