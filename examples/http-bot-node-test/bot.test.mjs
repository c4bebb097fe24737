// The HTTP bot's tests with Node's own runner: `node --test` in this folder. A bench (a
// Slashbench registry in this process) signs every interaction it delivers to the bot's
// endpoint with the app's key, as the service does; alice uses the commands in #general.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BenchWaitError, startBench } from 'slashbench/testing';
import { startHttpBot } from './bot.mjs';

let bench;
let server;
let alice;

before(async () => {
  bench = await startBench();
  server = await startHttpBot({ url: bench.url, token: bench.app('Demo Bot').token });
  alice = bench.user('alice').in('Slashbench Lab', 'general');
});

after(async () => {
  server?.close();
  await bench?.close();
});

describe('the HTTP bot', () => {
  it('answers /ping over its endpoint', async () => {
    const run = await alice.command('/ping');
    assert.equal((await run.reply()).content, 'Pong!');
    assert.equal(run.state.delivery, 'http');
  });

  it('defers /remind, edits the answer, then follows up', async () => {
    const run = await alice.command('remind', { about: 'the standup' });
    assert.equal((await run.reply()).content, 'I will remind you about the standup.');
    const [followUp] = await run.followUps(1);
    assert.equal(followUp.content, 'Reminder: the standup!');
  });

  it('answers /secret to alice alone', async () => {
    const reply = await (await alice.command('/secret')).reply();
    assert.equal(reply.flags & 64, 64);
  });

  it('fails the interaction when the endpoint is gone, and says so', async () => {
    server.close();
    server.closeAllConnections();
    const run = await alice.command('/ping');
    const failure = await run.failure();
    assert.equal(failure.reason, 'endpoint-error');
    await assert.rejects(run.reply(), (error) => error instanceof BenchWaitError && /the interaction failed \(endpoint-error\)/.test(error.message));
  });
});
