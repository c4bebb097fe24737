/**
 * Benchmark 5, the client in Debian Chromium (playwright-core), built from the sources as
 * `npm run build:client` builds it:
 * - keystroke to updated picker: a person of a guild with 10 apps of 100 commands types
 *   into the composer's picker; inside the page, from each keydown's time stamp to the
 *   picker's list updated in the DOM (style and layout done), and to the next frame after
 *   it. Judged as a fraction of a 60 Hz frame, and against the same keys typed into a plain
 *   input (outside React) on the same page whose listener only echoes its value;
 * - serve to ready: from spawning the registry CLI to a page of it that is ready (gateway
 *   READY and the channel's command index in: `body[data-ready="true"]`), against spawning
 *   Node with a trivial server and loading its trivial page in the same browser; with the
 *   timeline of each one's median start (serve-timeline.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { MAKE_AFTER_MS } from '../src/registry/code-cache.js';
import { PAGE_OPENER_POLICY } from '../src/registry/routes/client-files.js';
import type { CommandIndex } from '../src/renderer/api/wire-types.js';
import { filterPicker, flattenGroups, pickerQuery } from '../src/renderer/features/commands/picker-entries.js';
import { openBrowser, type TestBrowser } from '../test/helpers/chromium.js';
import { startCli, startListening } from './cli-process.js';
import { buildServedClient, firstScreenScript, type FirstScreenScript } from './client-build.js';
import { PROFILE_DIRECTORY } from './delivery.js';
import { armExpression, PENDING_EXPRESSION, PLAIN_INPUT_SOURCE, PROBE_SOURCE, type KeystrokeTiming, type ProbeCheck } from './keystroke-probe.js';
import { api, BrokenRun, startBenchRegistry } from './registry.js';
import { clientFloorMs, PAGE_RECORDER, pageOwnMs, READY_BINDING, readTimeline, timelineTable, type Timeline } from './serve-timeline.js';
import { median, summarize } from './stats.js';
import type { Row } from './table.js';
import { benchWorld, type BenchUser, type BenchWorld } from './world.js';

export interface KeystrokeOptions {
  /** How many times the query words are typed and erased (each time in the picker, then in the plain input). */
  rounds: number;
  /** The words typed; QUERY_WORDS by default. */
  words?: readonly string[];
  /** The built client the registry serves; out/renderer by default. */
  clientDirectory?: string;
  progress: (message: string) => void;
}

export interface StartOptions {
  /** How many starts of each program are timed. */
  starts: number;
  /** Where the median starts' timelines go (`serve-timeline.md`); `profile/` beside the compiled benchmarks by default. */
  timelineDirectory?: string;
  /** The registry CLI to start; the one compiled with the benchmarks by default. */
  cli?: string;
  /**
   * An earlier build to time in the same run, its starts alternating with this one's and the
   * trivial server's: a CLI serving its own client (client-before.ts), and what to call it.
   */
  before?: { cli: string; name: string };
  progress: (message: string) => void;
}

export type ClientOptions = KeystrokeOptions & StartOptions;

const APPS = 10;
const COMMANDS = 100;
/** The picker's rows a person sees at once (its 360 px at 38 px a row, and some): what a keystroke must update. */
const ROWS_IN_VIEW = 12;
/** One frame at 60 Hz. */
export const FRAME_MS = 1000 / 60;

/** 25 verbs × 4 of 8 nouns per app: 100 distinct names per app, the nouns differing from app to app. */
const VERBS = [
  'ban', 'kick', 'mute', 'warn', 'play', 'pause', 'skip', 'queue', 'roll', 'flip', 'poll', 'vote', 'remind',
  'schedule', 'ticket', 'close', 'tag', 'quote', 'rank', 'level', 'shop', 'buy', 'sell', 'trade', 'help',
];
const NOUNS = ['user', 'song', 'event', 'role', 'channel', 'item', 'note', 'game'];

/** The words typed (then erased) one key at a time: wide, narrow, and one that matches nothing. */
export const QUERY_WORDS = ['ban', 'sk', 'tick', 'r', 'qz', 'play', 'sell'];

/** The `index`-th command of app number `app`: a name from the vocabulary and three options. */
export function pickerCommand(app: number, index: number): Record<string, unknown> {
  const verb = VERBS[index % VERBS.length] as string;
  const noun = NOUNS[(Math.floor(index / VERBS.length) + app) % NOUNS.length] as string;
  return {
    name: `${verb}-${noun}`,
    description: `${verb[0]?.toUpperCase()}${verb.slice(1)} a ${noun}, the way app ${app} does it`,
    options: [
      { type: 3, name: 'reason', description: 'Why', required: true },
      { type: 4, name: 'count', description: 'How many times', min_value: 1, max_value: 100 },
      { type: 6, name: 'target', description: 'Who it is for' },
    ],
  };
}

/** One key press and what the composer holds after it. */
export interface KeyStep {
  key: string;
  draft: string;
}

/** The keys of `rounds` rounds, one list per word: the word typed after a slash, then erased with Backspace, slash included. */
export function keySteps(words: readonly string[], rounds: number): KeyStep[][] {
  const typed: KeyStep[][] = [];
  for (let round = 0; round < rounds; round++) {
    for (const word of words) {
      const steps: KeyStep[] = [];
      let draft = '';
      for (const key of ['/', ...word]) steps.push({ key, draft: (draft += key) });
      while (draft.length > 0) steps.push({ key: 'Backspace', draft: (draft = draft.slice(0, -1)) });
      typed.push(steps);
    }
  }
  return typed;
}

/** The picker's labels for a draft, as the page computes them ([] when the picker is closed). */
export function pickerLabels(index: CommandIndex, draft: string): string[] {
  const query = pickerQuery(draft);
  return query === undefined ? [] : flattenGroups(filterPicker(index, query)).map((entry) => entry.label);
}

export async function benchClient(options: ClientOptions): Promise<Row[]> {
  options.progress('client: building the client (vite, into out/renderer)');
  await buildServedClient();
  const browser = await openBrowser();
  try {
    return [...await benchKeystrokes(browser, options), ...await benchServeToReady(browser, options)];
  } finally {
    await browser.close();
  }
}

/** A guild of `APPS` apps with `COMMANDS` global commands each, and its one member's command index. */
async function pickerWorld(url: string, world: BenchWorld, member: BenchUser): Promise<CommandIndex> {
  for (const [position, app] of world.apps.entries()) {
    await api(url, {
      method: 'PUT', path: `/applications/${app.id}/commands`, authorization: `Bot ${app.botToken}`,
      body: Array.from({ length: COMMANDS }, (_, index) => pickerCommand(position, index)),
    });
  }
  return api<CommandIndex>(url, {
    method: 'GET', path: `/channels/${world.guild.channel}/application-command-index?include_hidden=true`, authorization: member.token,
  });
}

export async function benchKeystrokes(browser: TestBrowser, options: KeystrokeOptions): Promise<Row[]> {
  const world = benchWorld({ appCount: APPS, memberCount: 1 });
  const member = world.guild.members[0] as BenchUser;
  const registry = await startBenchRegistry(world.file, options.clientDirectory === undefined ? {} : { clientDirectory: options.clientDirectory });
  const page = await browser.context.newPage();
  try {
    const index = await pickerWorld(registry.url, world, member);
    const shown = pickerLabels(index, '/').length;
    if (shown !== APPS * COMMANDS) throw new BrokenRun(`the picker would list ${shown} commands, not ${APPS * COMMANDS}`);
    const words = keySteps(options.words ?? QUERY_WORDS, options.rounds);
    const keystrokes = words.reduce((total, steps) => total + steps.length, 0);

    await page.goto(`${registry.url}/?user=${member.id}`);
    await page.locator(`body[data-ready="true"][data-user-id="${member.id}"]`).waitFor();
    await page.getByTestId('channel-title').filter({ hasText: 'bench' }).waitFor();
    await page.evaluate(PROBE_SOURCE);
    await page.evaluate(PLAIN_INPUT_SOURCE);
    options.progress(`client: ${keystrokes} keystrokes in the picker (${shown} commands) and as many in a plain input`);

    const picker = { updated: [] as number[], framed: [] as number[] };
    const plain = { updated: [] as number[], framed: [] as number[] };
    for (const steps of words) {
      // The word in the picker, then the same keys in the plain input: both see the same moment of the machine.
      await page.getByTestId('composer-input').focus();
      let before: string[] = [];
      for (const step of steps) {
        const labels = pickerLabels(index, step.draft);
        // The rows in view: the picker renders only those and a screenful around them.
        const check: ProbeCheck = { kind: 'first', selector: '[data-testid="picker-entry"]', attribute: 'data-command', values: labels.slice(0, ROWS_IN_VIEW) };
        const timing = await timeKey(page, step.key, '[data-testid="composer"]', check);
        // A key after which the list differs must have been measured after the list changed.
        if (JSON.stringify(labels.slice(0, ROWS_IN_VIEW)) !== JSON.stringify(before.slice(0, ROWS_IN_VIEW)) && !timing.changed) {
          throw new BrokenRun(`"${step.draft}" was measured before the picker changed: the page does not update within the input event`);
        }
        before = labels;
        picker.updated.push(timing.updatedAt - timing.keydownAt);
        picker.framed.push(timing.framedAt - timing.keydownAt);
      }
      await page.focus('#slashbench-plain-input');
      for (const step of steps) {
        const timing = await timeKey(page, step.key, '#slashbench-plain', { kind: 'text', selector: '#slashbench-plain-echo', text: step.draft });
        plain.updated.push(timing.updatedAt - timing.keydownAt);
        plain.framed.push(timing.framedAt - timing.keydownAt);
      }
    }
    const updated = summarize(picker.updated);
    const framed = summarize(picker.framed);
    const plainFramed = summarize(plain.framed);
    const benchmark = `5 picker keystroke (${APPS} apps x ${COMMANDS})`;
    const frame = (figure: string, value: number): Row => ({
      benchmark, figure, unit: 'ms', value, baseline: FRAME_MS, baselineName: 'one frame at 60 Hz', target: { comparison: 'at most', ratio: 1 },
    });
    const againstPlain = (figure: string, value: number, baseline: number): Row => ({
      benchmark, figure, unit: 'ms', value, baseline, baselineName: 'same keys, plain input, same page',
    });
    options.progress(`client: plain input to DOM updated p50 ${summarize(plain.updated).p50.toFixed(2)} ms`);
    return [
      frame('p50, key to list updated', updated.p50),
      frame('p99, key to list updated', updated.p99),
      againstPlain('p50, key to next frame', framed.p50, plainFramed.p50),
      againstPlain('p99, key to next frame', framed.p99, plainFramed.p99),
    ];
  } finally {
    await page.close();
    await registry.close();
  }
}

/** Presses `key` with the probe armed; a keystroke that never shows its change makes the run broken. */
async function timeKey(page: Page, key: string, root: string, check: ProbeCheck): Promise<KeystrokeTiming> {
  await page.evaluate(armExpression(root, check));
  await page.keyboard.press(key);
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BrokenRun(`the page never showed the change of key ${key} (${JSON.stringify(check)})`)), 30_000);
  });
  try {
    return await Promise.race([page.evaluate(PENDING_EXPRESSION) as Promise<KeystrokeTiming>, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why ≤ 3x the trivial page is out of reach, from this run's median starts: what the client
 * takes by itself with Node's start (`floor`: serve-timeline.ts, `clientFloorMs`), and what
 * is left of 3x for the registry against what its part took.
 */
function serveFloor(registry: Timeline, trivial: Timeline, floor: number, script: FirstScreenScript | undefined, openerCost: number): string {
  const allowed = 3 * trivial.ready;
  const kB = (bytes: number) => `${Math.round(bytes / 1000)} kB`;
  return `the trivial server and page are ready ${trivial.ready.toFixed(0)} ms after the spawn, ${trivial.listening.toFixed(0)} ms of it Node's `
    + `own start. The client's page, with none of its requests outstanding (${script ? kB(script.bytes) : 'the first screen\'s'} of script parsed and run, its first render, `
    + `then settings, people with the session, gateway, READY and the command index), and Node's start take `
    + `${floor.toFixed(0)} ms, ${(floor / trivial.ready).toFixed(2)}x, whatever the server (its cross-origin-opener-policy header alone makes the trivial `
    + `page ready ${openerCost.toFixed(0)} ms later). That leaves ${(allowed - floor).toFixed(0)} ms of 3x for `
    + `the registry, whose part took ${(registry.ready - floor).toFixed(0)} ms: its start beyond Node's (the bundle, libsql, the store `
    + `and the world) ${(registry.listening - trivial.listening).toFixed(0)} ms, and the page's requests outstanding the rest (the `
    + `${script ? `${kB(script.brotli)} ` : ''}script, and the answers that wait for the app's build) (docs/benchmarks.md, issues 20 and 34)`;
}

/**
 * A page and a server as small as they come: what any server and page cost to start and
 * load; with `headers` added to the page's answer.
 */
function trivialServer(headers: Record<string, string> = {}): string {
  return `
const page = '<!doctype html><title>ready</title><body><script>document.body.dataset.ready = "true"</script></body>';
const server = require('node:http').createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html', ...${JSON.stringify(headers)} }).end(page);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;
}

export async function benchServeToReady(browser: TestBrowser, options: StartOptions): Promise<Row[]> {
  const world = benchWorld({ appCount: APPS, memberCount: 1 });
  const member = world.guild.members[0] as BenchUser;
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-bench-serve-'));
  try {
    /**
     * From spawning the program to its page ready in a fresh tab (each start on a new port:
     * nothing cached). The page notes the moment itself, on the machine's clock, and says so
     * through a binding: Playwright checks a selector again only after waits that grow to
     * 100 ms, which would round the registry's page up and not the trivial one, ready at the
     * first check, and its selector engine would run in the page while it starts (PAGE_RECORDER).
     */
    const time = async (start: () => ReturnType<typeof startListening>, path: string, keepMs = 0): Promise<Timeline> => {
      const page = await browser.context.newPage();
      let ready!: () => void;
      const readyCalled = new Promise<void>((resolve) => (ready = resolve));
      await page.exposeBinding(READY_BINDING, () => ready());
      await page.addInitScript(PAGE_RECORDER);
      const spawned = performance.timeOrigin + performance.now();
      const child = await start();
      const listening = performance.timeOrigin + performance.now() - spawned;
      try {
        await page.goto(`${child.url}${path}`);
        await readyCalled;
        const timeline = await readTimeline(page, spawned, listening);
        await delay(keepMs);
        return timeline;
      } finally {
        await page.close();
        await child.stop();
      }
    };
    const registryStarts: Timeline[] = [];
    const trivialStarts: Timeline[] = [];
    const openerStarts: Timeline[] = [];
    const beforeStarts: Timeline[] = [];
    const before = options.before;
    // One start of each CLI first, not timed, kept running until its V8 code cache is made
    // (code-cache.ts, MAKE_AFTER_MS after its start): a start stopped at its page's ready
    // never makes one, so a build new to this machine compiled its bundle at every start while
    // one run before did not (the same commit measured against itself read 0.83).
    const cacheMade = MAKE_AFTER_MS + 500;
    await time(() => startCli(join(directory, 'warm'), world.file, { cli: options.cli }), `/?user=${member.id}`, cacheMade);
    if (before) await time(() => startCli(join(directory, 'warm-before'), world.file, { cli: before.cli }), `/?user=${member.id}`, cacheMade);
    for (let start = 0; start < options.starts; start++) {
      registryStarts.push(await time(() => startCli(join(directory, `start-${start}`), world.file, { cli: options.cli }), `/?user=${member.id}`));
      if (before) beforeStarts.push(await time(() => startCli(join(directory, `before-${start}`), world.file, { cli: before.cli }), `/?user=${member.id}`));
      trivialStarts.push(await time(() => startListening(['-e', trivialServer()]), '/'));
      // The client's page asks for a renderer of its own: what that costs, on the trivial page.
      openerStarts.push(await time(() => startListening(['-e', trivialServer(PAGE_OPENER_POLICY)]), '/'));
    }
    const registry = registryStarts.map((timeline) => timeline.ready);
    const trivial = trivialStarts.map((timeline) => timeline.ready);
    // Start by start: the trivial page with the client's opener policy against the one without just before it.
    const openerCost = median(openerStarts.map((timeline, index) => timeline.ready - (trivialStarts[index] as Timeline).ready));
    options.progress(`client: the trivial page with the client's cross-origin-opener-policy (${PAGE_OPENER_POLICY['cross-origin-opener-policy']}) is ready ${openerCost.toFixed(0)} ms later (median)`);
    const medianStart = (starts: Timeline[]) => [...starts].sort((a, b) => a.ready - b.ready)[Math.floor(starts.length / 2)] as Timeline;
    const [registryMedian, trivialMedian] = [medianStart(registryStarts), medianStart(trivialStarts)];
    const floor = clientFloorMs(registryMedian, trivialMedian);
    const script = await firstScreenScript();
    const timelines = join(options.timelineDirectory ?? PROFILE_DIRECTORY, 'serve-timeline.md');
    await mkdir(dirname(timelines), { recursive: true });
    await writeFile(timelines, `# Serve to ready: the median start of each\n\n${
      timelineTable('The registry CLI and the client', registryMedian)}\n${
      before ? `${timelineTable(`The same at ${before.name}`, medianStart(beforeStarts))}\n` : ''}${timelineTable('The trivial server and page', trivialMedian)}\n`
      + `The page's own time (none of its requests outstanding) is ${pageOwnMs(registryMedian).toFixed(0)} ms; with Node's start `
      + `(the trivial server's line at ${trivialMedian.listening.toFixed(0)} ms) that is ${floor.toFixed(0)} ms, `
      + `${(floor / trivialMedian.ready).toFixed(2)}x the trivial page: the floor of this client, whatever the server.\n`
      + (script ? `\nThe first screen's script: ${script.files.join(', ')}, ${script.bytes} bytes (${script.brotli} as served, Brotli).\n` : ''));
    options.progress(`client: timelines of the median starts in ${timelines}`);
    options.progress(`client: serve to ready ${registry.map((ms) => ms.toFixed(0)).join(', ')} ms; trivial ${trivial.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    const row = { benchmark: '5 serve to ready page', figure: `median of ${options.starts}`, unit: 'ms', value: median(registry), baseline: median(trivial), baselineName: 'node + trivial server + trivial page' } as const;
    const rows: Row[] = [
      { ...row, target: { comparison: 'at most', absolute: 1500 } },
      { ...row, target: { comparison: 'at most', ratio: 3 }, outOfReach: serveFloor(registryMedian, trivialMedian, floor, script, openerCost) },
    ];
    if (before) {
      const earlier = beforeStarts.map((timeline) => timeline.ready);
      options.progress(`client: serve to ready at ${before.name} ${earlier.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      // Start by start: each of today's against the one at `before` just after it.
      const paired = median(registry.map((ms, index) => ms / (earlier[index] as number)));
      options.progress(`client: today's start against the one at ${before.name} just after it, median ${paired.toFixed(3)}`);
      rows.push(
        { ...row, benchmark: `5 serve to ready page at ${before.name}`, value: median(earlier) },
        { ...row, benchmark: `5 serve to ready page against ${before.name}`, baseline: median(earlier), baselineName: `the same at ${before.name}, same run` },
      );
    }
    return rows;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
