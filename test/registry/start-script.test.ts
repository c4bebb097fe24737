/**
 * `npm start` where Electron's binary is missing (as on the build machines): it says so and
 * serves the client in browser mode, passing the registry's flags through.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const started: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGTERM');
});

function start(args: string[]): Promise<{ output: string; url: string }> {
  const child = spawn(process.execPath, ['scripts/start.js', ...args], {
    env: { ...process.env, SLASHBENCH_ELECTRON_DOWNLOAD: 'never' },
  });
  started.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ output, url });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before listening: ${output}`)));
  });
}

it('falls back to browser mode, saying so, when the Electron binary is missing', async () => {
  const data = mkdtempSync(join(tmpdir(), 'slashbench-start-'));
  const { output, url } = await start(['--port', '0', '--data', data]);
  expect(output).toMatch(/Electron binary is not installed and could not be fetched, so the client runs in browser mode/);
  // The test command's install builds the client, so the page is there.
  const page = await fetch(`${url}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect((await fetch(`${url}/api/v10/gateway`)).status).toBe(200);
});

it('serves browser mode directly with --browser', async () => {
  const data = mkdtempSync(join(tmpdir(), 'slashbench-start-'));
  const { output } = await start(['--browser', '--port', '0', '--data', data]);
  expect(output).toMatch(/browser mode, as asked/);
});
