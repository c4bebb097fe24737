/**
 * The package as a bot developer installs it: `npm run pack` of this repository (its built
 * out/), installed into an empty project with `npm i ./slashbench-*.tgz` — no Electron
 * downloaded, no addon built, no script of ours run or warned about — then that project's own node:test
 * suite imports `slashbench/testing` and tests an HTTP bot written with Node alone, its
 * TypeScript sees the library's types, and `npx slashbench` serves and replays.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/registry-process.js';

let work: string;
let project: string;
let tarball: string;
let installOutput: string;

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: `${stdout}\n${stderr}` });
    });
  });
}

/** The consumer's test: an interactions-endpoint bot on node:http that checks signatures with node:crypto. */
const CONSUMER_TEST = `
import { createServer } from 'node:http';
import { createPublicKey, verify } from 'node:crypto';
import { once } from 'node:events';
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { startBench } from 'slashbench/testing';

let bench;
let server;

before(async () => {
  bench = await startBench();
  const app = bench.app('Demo Bot');
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(app.publicKey, 'hex')]), format: 'der', type: 'spki' });
  server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const signed = verify(null, Buffer.concat([Buffer.from(String(request.headers['x-signature-timestamp'])), body]), key, Buffer.from(String(request.headers['x-signature-ed25519']), 'hex'));
    if (!signed) return response.writeHead(401).end();
    const interaction = JSON.parse(body.toString());
    const answer = interaction.type === 1 ? { type: 1 } : { type: 4, data: { content: 'pong from ' + interaction.member.user.username } };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const call = (method, path, body) => fetch(bench.api + path, { method, headers: { authorization: 'Bot ' + app.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await call('PATCH', '/applications/@me', { interactions_endpoint_url: 'http://127.0.0.1:' + server.address().port + '/' });
  await call('PUT', '/applications/' + app.id + '/commands', [{ name: 'ping', description: 'Pong' }]);
});

after(async () => {
  server.close();
  await bench.close();
});

it('answers /ping through the bench', async () => {
  const reply = await (await bench.user('alice').in('Slashbench Lab', 'general').command('/ping')).reply();
  assert.equal(reply.content, 'pong from alice');
});
`;

/** The consumer's TypeScript: what the declarations promise. */
const CONSUMER_TYPES = `
import { startBench, BenchWaitError, type Bench, type Reply } from 'slashbench/testing';

const bench: Bench = await startBench({ world: { users: [] }, timeoutMs: 100 });
const reply: Reply = await (await bench.user('alice').in('Slashbench Lab', 'general').command('echo', { text: 'hi' })).reply();
const content: string = reply.content;
const next = await reply.click('Yes');
const failure: { reason: string } = await next.failure();
export const seen: unknown[] = [content, failure, BenchWaitError];
`;

describe('the packed package in an empty project', () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'slashbench-pack-'));
    const pack = await run('npm', ['run', '--silent', 'pack', '--', work], REPO_ROOT);
    expect(pack.code, pack.output).toBe(0);
    // The script prints the tarball's path (npm's own notices go to stderr).
    tarball = /^\/.*\.tgz$/m.exec(pack.output)?.[0] ?? '';
    expect(tarball).toBe(join(work, 'slashbench-0.1.0.tgz'));
    project = join(work, 'project');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], project);
    expect(install.code, install.output).toBe(0);
    installOutput = install.output;
  }, 600_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('ships the built library, CLI and client, and nothing of the desktop app or the sources', async () => {
    const listing = await run('tar', ['-tzf', tarball], work);
    const paths = listing.output.trim().split('\n').map((path) => path.replace(/^package\//, ''));
    expect(paths).toEqual(expect.arrayContaining([
      'package.json', 'out/node/testing/index.js', 'out/node/testing/index.d.ts', 'out/node/testing/cli/slashbench.js',
      'out/node/registry/cli.js', 'out/renderer/index.html',
    ]));
    expect(paths.filter((path) => /^(src|test|native|bench|out\/main|out\/preload)\//.test(path) || path.endsWith('.map'))).toEqual([]);
  });

  it('installs without Electron, without building anything, and with the Node 20 light-my-request', async () => {
    // npm 11 names any dependency with a lifecycle script (a `prepare` too) "not yet covered by allowScripts".
    expect(installOutput).not.toMatch(/install-scripts|allowScripts/);
    const manifest = await run(process.execPath, ['-p', 'JSON.stringify(require("./package.json").scripts ?? null)'], join(project, 'node_modules', 'slashbench'));
    expect(manifest.output.trim()).toBe('null');
    const installed = await readdir(join(project, 'node_modules'));
    expect(installed).toContain('slashbench');
    expect(installed.filter((name) => /^(electron|electron-builder|electron-vite|node-gyp|react|vite)$/.test(name))).toEqual([]);
    expect(existsSync(join(project, 'node_modules', 'slashbench', 'native'))).toBe(false);
    const lightMyRequest = await run(process.execPath, ['-p', "require('light-my-request/package.json').version"], join(project, 'node_modules', 'fastify'));
    expect(lightMyRequest.output.trim()).toMatch(/^6\.6\./);
  });

  it('runs the project\'s own suite against slashbench/testing, and its TypeScript sees the types', async () => {
    await writeFile(join(project, 'bot.test.mjs'), CONSUMER_TEST);
    const suite = await run(process.execPath, ['--test', 'bot.test.mjs'], project);
    expect(suite.code, suite.output).toBe(0);
    expect(suite.output).toMatch(/# pass 1\n# fail 0/);
    await writeFile(join(project, 'types.ts'), CONSUMER_TYPES);
    const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const typed = await run(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', 'types.ts'], project);
    expect(typed.code, typed.output).toBe(0);
  });

  it('gives npx slashbench: serve (with the client at /) and replay', async () => {
    const help = await run('npx', ['--no-install', 'slashbench', '--help'], project);
    expect(help.output).toContain('usage: slashbench serve');
    const data = join(work, 'data');
    const serve = spawn('npx', ['--no-install', 'slashbench', 'serve', '--port', '0', '--data', data], { cwd: project, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    try {
      let url = '';
      for await (const line of createInterface({ input: serve.stdout! })) {
        const found = /listening on (http:\/\/\S+)/.exec(line);
        if (found) {
          url = found[1] as string;
          break;
        }
      }
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      const exited = once(serve, 'exit');
      process.kill(-(serve.pid as number), 'SIGTERM');
      await exited;
    }
    const replay = await run('npx', ['--no-install', 'slashbench', 'replay', 'missing.json'], project);
    expect(replay.code).toBe(2);
    expect(replay.output).toContain('slashbench replay: missing.json: ENOENT');
  });
});
