/**
 * Record and replay, end to end: alice uses the discord.js example bot in the client (Debian
 * Chromium) — a greeting, a poll's button, a file it counts the words of, a feedback form —
 * and exports the session from the inspector as a scenario (the file with it). `slashbench replay` (the built CLI) runs it against the same
 * bot, started by `--bot`, and finds every step as recorded; against a copy of the bot whose
 * greeting and word count changed, it prints the differences, writes them into JUnit XML and exits 1.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenarioFile, type ScenarioFile } from '../../src/shared/scenario/scenario-file.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const BOT = join(REPO_ROOT, 'examples', 'discordjs-vitest', 'bot.mjs');
const CLI = join(REPO_ROOT, 'out', 'node', 'testing', 'cli', 'slashbench.js');

let client: ClientBuild;
let registry: ListeningRegistry;
let bot: ChildProcess;
let browser: TestBrowser;
let page: Page;
let work: string;
let scenarioPath: string;

/** Starts a bot file as its own process against `url`, resolved once it prints `ready:`. */
async function startBot(file: string, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [file], { env: { ...process.env, SLASHBENCH_URL: url, BOT_TOKEN: EXAMPLE.app.token }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${file} exited with ${String(code)} before it was ready`);
  });
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout! })) if (line.startsWith('ready:')) return;
  })();
  await Promise.race([ready, exited]);
  return child;
}

/** `slashbench replay` to its end: its exit code and what it printed. */
function replay(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'replay', ...args], { cwd: REPO_ROOT }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

const composer = () => page.getByTestId('composer-input');
const message = (text: string) => page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: text }) }).last();

async function send(query: string, label: string, options: Record<string, string> = {}): Promise<void> {
  await composer().click();
  await composer().pressSequentially(`/${query}`);
  await page.locator(`[data-testid="picker-entry"][data-command="${label}"]`).click();
  await page.getByTestId('chosen-command').filter({ hasText: label }).waitFor();
  for (const [name, value] of Object.entries(options)) {
    // An optional option is a chip once added from the optional list.
    const optional = page.getByTestId(`optional-option-${name}`);
    if (await optional.count() > 0) await optional.click();
    await page.getByTestId(`option-${name}`).fill(value);
  }
  await page.getByTestId('send-command').press('Enter');
}

describe('a session recorded in the client, replayed against its bot', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    work = await mkdtemp(join(tmpdir(), 'slashbench-replay-'));
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    bot = await startBot(BOT, registry.url);
    browser = await openBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`${registry.url}/`);
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
    await page.getByTestId(`channel-${EXAMPLE.general}`).click();
    await page.getByTestId('channel-title').filter({ hasText: 'general' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (bot && bot.exitCode === null) {
      bot.kill();
      await once(bot, 'exit');
    }
    await registry?.close();
    await client?.remove();
    await rm(work, { recursive: true, force: true });
  });

  it('records a greeting, a vote, a file and a form, and exports them with the world and the file as a scenario', async () => {
    await send('hel', '/hello', { name: 'README' });
    await message('Hello, README!').waitFor();
    await send('pol', '/poll', { question: 'Pizza tonight?' });
    await message('Pizza tonight?').getByTestId('component-poll:yes').click();
    await message('Pizza tonight? alice said Yes.').waitFor();
    await send('word', '/wordcount');
    await page.getByTestId('option-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('one two three') });
    await page.getByTestId('attachment-file').and(page.locator('[data-status="uploaded"]')).waitFor();
    await page.getByTestId('send-command').press('Enter');
    await message('notes.txt: 13 bytes, 3 words.').waitFor();
    await send('feed', '/feedback');
    await page.getByTestId('modal').waitFor();
    await page.getByTestId('modal-input-text').fill('Smooth');
    await page.getByTestId('modal-submit').click();
    await message('Thanks, alice: "Smooth"').waitFor();
    await page.getByTestId('inspector-entry').and(page.locator('[data-kind="modal"][data-status="succeeded"]')).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, '40-scenario-recorded.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('inspector-export-scenario').click()]);
    expect(download.suggestedFilename()).toMatch(/^slashbench-scenario-\d{8}-\d{6}\.json$/);
    const parsed = parseScenarioFile(JSON.parse(await readFile(await download.path(), 'utf8')));
    if (!parsed.ok) throw new Error(parsed.message);
    const scenario: ScenarioFile = parsed.scenario;
    expect(scenario.application).toBe(EXAMPLE.app.id);
    expect(scenario.steps.map((step) => step.action.action)).toEqual(['command', 'command', 'click', 'command', 'command', 'submit']);
    expect(scenario.steps[2]?.action).toMatchObject({ message: { step: 's2', message: 'reply' }, custom_id: 'poll:yes' });
    // The file the client uploaded, read back from the registry: the replay uploads it again.
    expect(scenario.steps[3]?.action).toEqual({
      action: 'command', channel: EXAMPLE.general, name: 'wordcount',
      options: [{ name: 'file', type: 11, value: { filename: 'notes.txt', content_type: 'text/plain', data: Buffer.from('one two three').toString('base64') } }],
    });
    expect(scenario.steps[0]?.expect.reply).toMatchObject({ content: 'Hello, README!', id: '<id 1>', timestamp: '<time>' });
    expect(JSON.stringify(scenario)).not.toContain(EXAMPLE.app.token);
    scenarioPath = join(work, 'scenario.json');
    await writeFile(scenarioPath, JSON.stringify(scenario, null, 2));
  });

  it('replays green against the same bot', async () => {
    const junit = join(work, 'green.xml');
    const result = await replay([scenarioPath, '--port', '0', '--bot', `"${process.execPath}" "${BOT}"`, '--junit', junit]);
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain('All 6 steps answered as recorded.');
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain('tests="6" failures="0"');
  });

  it('fails with the difference and a JUnit failure when the bot\'s answer changes', async () => {
    // The same bot, edited: it greets with "Hi" now, and words its count. Its copy finds discord.js through a link.
    const changed = join(work, 'changed');
    await mkdir(changed);
    await symlink(join(REPO_ROOT, 'node_modules'), join(changed, 'node_modules'));
    await writeFile(join(changed, 'bot.mjs'), (await readFile(BOT, 'utf8')).replace('`Hello, ${', '`Hi, ${').replace(' words.`', ' words in all.`'));
    const junit = join(work, 'red.xml');
    const result = await replay([scenarioPath, '--port', '0', '--bot', `"${process.execPath}" "${join(changed, 'bot.mjs')}"`, '--junit', junit]);
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(1);
    expect(result.stdout).toContain('FAIL s1 /hello');
    expect(result.stdout).toContain('reply.content: expected "Hello, README!" but got "Hi, README!"');
    expect(result.stdout).toContain('FAIL s4 /wordcount');
    expect(result.stdout).toContain('reply.content: expected "notes.txt: 13 bytes, 3 words." but got "notes.txt: 13 bytes, 3 words in all."');
    expect(result.stdout).toContain('2 of 6 steps differ from the recording.');
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain('tests="6" failures="2"');
    expect(xml).toContain('<failure message="reply.content: expected &quot;Hello, README!&quot; but got &quot;Hi, README!&quot;" type="ReplayDifference">');
    expect(xml).toContain('<failure message="reply.content: expected &quot;notes.txt: 13 bytes, 3 words.&quot; but got &quot;notes.txt: 13 bytes, 3 words in all.&quot;" type="ReplayDifference">');
  });
});
