/**
 * The client benchmark's parts, with tiny sizes: its commands are valid and its keys are
 * what the composer will hold; then one word typed in real Chromium against a registry
 * serving a fresh build of the client, and one start of the built CLI. Only that they run
 * and measure something is checked, never how fast.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchKeystrokes, benchServeToReady, keySteps, pickerCommand, pickerLabels, QUERY_WORDS } from '../../bench/client.js';
import type { CommandIndex } from '../../src/renderer/api/wire-types.js';
import { validateCommand } from '../../src/shared/command-rules/index.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { CLI_PATH } from '../helpers/registry-process.js';

describe('the picker benchmark world', () => {
  it('gives every app 100 valid commands with distinct names', () => {
    for (const app of [0, 9]) {
      const commands = Array.from({ length: 100 }, (_, index) => pickerCommand(app, index));
      for (const command of commands) expect(validateCommand(command, { scope: 'global', applicationFlags: 0 }).ok).toBe(true);
      expect(new Set(commands.map((command) => command.name)).size).toBe(100);
    }
  });

  it('types each word after a slash and erases it, slash included', () => {
    const [word] = keySteps(['ab'], 1);
    expect(word).toEqual([
      { key: '/', draft: '/' }, { key: 'a', draft: '/a' }, { key: 'b', draft: '/ab' },
      { key: 'Backspace', draft: '/a' }, { key: 'Backspace', draft: '/' }, { key: 'Backspace', draft: '' },
    ]);
    expect(keySteps(QUERY_WORDS, 2)).toHaveLength(QUERY_WORDS.length * 2);
  });

  it('expects the labels the picker computes, and none when it is closed', () => {
    const index: CommandIndex = {
      applications: [{ id: '1', name: 'App', icon: null, description: '', bot_id: '1', flags: 0 }],
      application_commands: [0, 1].map((position) => ({
        id: String(10 + position), application_id: '1', version: '1', type: 1, name: String(pickerCommand(0, position).name),
        description: 'd', default_member_permissions: null, dm_permission: null, nsfw: false, integration_types: [0], contexts: null, options: [],
      })),
    } as unknown as CommandIndex;
    expect(pickerLabels(index, '/')).toEqual(['/ban-user', '/kick-user']);
    expect(pickerLabels(index, '/kick')).toEqual(['/kick-user']);
    expect(pickerLabels(index, '')).toEqual([]);
  });
});

describe('the client benchmark in Chromium', () => {
  let client: ClientBuild;
  let browser: TestBrowser;
  const progressed: string[] = [];
  const progress = (line: string) => void progressed.push(line);

  beforeAll(async () => {
    client = await buildClient();
    browser = await openBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await client?.remove();
  });

  it('times keystrokes in the picker and in the plain input', async () => {
    const rows = await benchKeystrokes(browser, { rounds: 1, words: ['ban'], clientDirectory: client.directory, progress });
    expect(rows.map((row) => row.figure)).toEqual([
      'p50, key to list updated', 'p99, key to list updated', 'p50, key to next frame', 'p99, key to next frame',
    ]);
    for (const row of rows) {
      expect(row.value).toBeGreaterThan(0);
      expect(row.baseline).toBeGreaterThan(0);
    }
  }, 180_000);

  it('times the built CLI from spawn to a ready page, and the trivial server', async () => {
    const timelineDirectory = await mkdtemp(join(tmpdir(), 'slashbench-serve-timeline-'));
    try {
      const [row, ratioRow] = await benchServeToReady(browser, { starts: 1, cli: CLI_PATH, progress, timelineDirectory });
      expect(row?.value).toBeGreaterThan(0);
      expect(row?.baseline).toBeGreaterThan(0);
      // Each start's timeline, from what its page recorded: the registry's ends when its page is ready, at the figure.
      const timelines = await readFile(join(timelineDirectory, 'serve-timeline.md'), 'utf8');
      const registry = timelines.slice(timelines.indexOf('## The registry'), timelines.indexOf('## The trivial'));
      for (const step of ['listening line', '/_host/settings asked', 'application-command-index', 'the page is ready']) expect(registry).toContain(step);
      expect(registry).toContain(`| ${row?.value.toFixed(0)} | the page is ready |`);
      expect(timelines.slice(timelines.indexOf('## The trivial'))).toMatch(/\| \d+ \| \/ asked; in at \d+ ms/);
      expect(timelines).toMatch(/The page's own time \(none of its requests outstanding\) is \d+ ms; .* the floor of this client/);
      // The floor counts what the client's opener policy costs, measured on the trivial page with and without it.
      expect(ratioRow?.outOfReach).toMatch(
        /take \d+ ms, [\d.]+x, whatever the server \(its cross-origin-opener-policy header alone makes the trivial page ready -?\d+ ms later\)\. That leaves -?\d+ ms of 3x for the registry, whose part took -?\d+ ms/,
      );
      expect(progressed.some((line) => /trivial page with the client's cross-origin-opener-policy \(same-origin\) is ready -?\d+ ms later/.test(line))).toBe(true);
    } finally {
      await rm(timelineDirectory, { recursive: true, force: true });
    }
  }, 180_000);
});
