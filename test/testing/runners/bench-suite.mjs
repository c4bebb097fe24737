// One suite of slashbench/testing, defined with whichever runner's hooks are given, so
// test-runners.test.ts runs the same tests under Jest and Mocha: a bench, an HTTP bot
// written with Node alone (signatures checked with node:crypto), and alice using it.
import { createServer } from 'node:http';
import { createPublicKey, verify } from 'node:crypto';
import { once } from 'node:events';
import assert from 'node:assert/strict';
import { startBench } from 'slashbench/testing';

async function startBot(bench) {
  const app = bench.app('Demo Bot');
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(app.publicKey, 'hex')]), format: 'der', type: 'spki' });
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const message = Buffer.concat([Buffer.from(String(request.headers['x-signature-timestamp'])), body]);
    if (!verify(null, message, key, Buffer.from(String(request.headers['x-signature-ed25519']), 'hex'))) return response.writeHead(401).end();
    const interaction = JSON.parse(body.toString());
    // /quiet is acknowledged (202: "I will use the callback route") and never answered.
    if (interaction.data?.name === 'quiet') return response.writeHead(202).end();
    const answer = interaction.type === 1 ? { type: 1 } : { type: 4, data: { content: `pong for ${interaction.member.user.username}` } };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const call = (method, path, body) => fetch(`${bench.api}${path}`, { method, headers: { authorization: `Bot ${app.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await call('PUT', `/applications/${app.id}/commands`, [{ name: 'ping', description: 'Pong' }, { name: 'quiet', description: 'Nobody answers' }]);
  await call('PATCH', '/applications/@me', { interactions_endpoint_url: `http://127.0.0.1:${server.address().port}/` });
  return server;
}

/** The suite, with the runner's `beforeAll`, `afterAll` and `it`. */
export function defineSuite({ beforeAll, afterAll, it }) {
  let bench;
  let server;
  beforeAll(async () => {
    bench = await startBench();
    server = await startBot(bench);
  });
  afterAll(async () => {
    server.close();
    await bench.close();
  });
  it('reads the bot\'s reply', async () => {
    const reply = await (await bench.user('alice').in('Slashbench Lab', 'general').command('/ping')).reply();
    assert.equal(reply.content, 'pong for alice');
  });
  it('moves the clock past the deadline of a command nobody answers', async () => {
    const run = await bench.user('bob').in('Slashbench Lab', 'general').command('/quiet');
    await run.end({ timeoutMs: 10 }).catch(() => undefined);
    await bench.clock.advance(3000);
    assert.deepEqual(await run.failure(), { reason: 'deadline', detail: 'The app did not respond within 3 s.', refusals: [], invocation: null });
  });
}
