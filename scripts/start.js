#!/usr/bin/env node
/**
 * `npm start`: the desktop app; or, where Electron's binary is missing and cannot be fetched
 * (machines that reach only the npm registry), the registry serving the client in browser
 * mode, saying so. Flags after `--` go to the registry (`--port`, `--data`, `--world`, ...);
 * `--browser` asks for browser mode directly.
 *
 * Either way it starts the sample Activity too (examples/activity/dev.mjs: its Vite dev
 * server, token server and quotes API), so the demo world's Demo Activity works from the
 * first launch. It reads Demo Activity's id and secret from the registry once that runs; a
 * sample that cannot start (its ports taken) is said and left out, never failing the start.
 *
 * SLASHBENCH_ELECTRON_DOWNLOAD=never skips the download attempt (tests, CI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const wantsBrowser = args.includes('--browser');
const registryArgs = args.filter((arg) => arg !== '--browser');

/** The Electron executable if it is installed, without triggering electron's own download. */
function installedElectron(packageDirectory) {
  const pathFile = join(packageDirectory, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const executable = join(packageDirectory, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(executable) ? executable : undefined;
}

/** Electron's binary, fetched once if missing (bounded: a machine without the network says no fast). */
function electronBinary() {
  let packageDirectory;
  try {
    packageDirectory = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const installed = installedElectron(packageDirectory);
  if (installed || process.env.SLASHBENCH_ELECTRON_DOWNLOAD === 'never') return installed;
  console.log('Slashbench: fetching the Electron binary (first launch)...');
  const fetched = spawnSync(process.execPath, [join(packageDirectory, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'], timeout: 120_000, encoding: 'utf8',
  });
  const reason = (fetched.stderr ?? '').split('\n').find((line) => /error/i.test(line));
  if (fetched.status !== 0 && reason) console.log(`Slashbench: could not fetch it (${reason.trim()}).`);
  return installedElectron(packageDirectory);
}

/** The data directory the registry is given (`--data DIR` or `--data=DIR`), for the sample to find it. */
function dataDirectory() {
  const index = registryArgs.findIndex((arg) => arg === '--data' || arg.startsWith('--data='));
  if (index === -1) return undefined;
  const arg = registryArgs[index];
  return arg === '--data' ? registryArgs[index + 1] : arg.slice('--data='.length);
}

/** The sample Activity beside the app: its failure is said, and the app runs on. */
function startSample() {
  const data = dataDirectory();
  const env = { ...process.env, ...(data === undefined ? {} : { SLASHBENCH_DATA: data }) };
  const sample = spawn(process.execPath, [join(root, 'examples', 'activity', 'dev.mjs')], { stdio: 'inherit', cwd: root, env });
  sample.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.log('Slashbench: the sample Activity did not start (see above); Demo Activity will not load until it runs (npm run activity). Everything else works.');
  });
  return sample;
}

function run(command, commandArgs) {
  const sample = startSample();
  const child = spawn(command, commandArgs, { stdio: 'inherit', cwd: root });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      sample.kill(signal);
      child.kill(signal);
    });
  }
  child.on('exit', (code) => {
    sample.kill('SIGTERM');
    process.exit(code ?? 1);
  });
}

const electron = wantsBrowser ? undefined : electronBinary();
if (electron) {
  const built = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { stdio: 'inherit', cwd: root });
  if (built.status !== 0) process.exit(built.status ?? 1);
  run(electron, [root]);
} else {
  console.log(wantsBrowser
    ? 'Slashbench: browser mode, as asked. Open the URL below in a browser.'
    : 'Slashbench: the Electron binary is not installed and could not be fetched, so the client runs in browser mode. Open the URL below in a browser.');
  const { REGISTRY_NODE_FLAGS } = await import('../out/node/registry/node-flags.js');
  run(process.execPath, [...REGISTRY_NODE_FLAGS, join(root, 'out', 'node', 'registry', 'cli.js'), ...registryArgs]);
}
