/**
 * `slashbench replay scenario.json`: starts a bench with the scenario's world, gives the app
 * under test a bot token, waits until its bot is connected (or has an endpoint) and has
 * registered the commands the steps use, runs the steps, prints what changed, writes JUnit
 * XML with `--junit FILE`, and exits 1 when a step differs (2 when it could not replay).
 *
 * The bot learns where and who it is from the environment when `--bot "node bot.mjs"`
 * starts it (SLASHBENCH_URL, BOT_TOKEN, APPLICATION_ID); a bot started by hand points at
 * `--port` (8484 by default) and logs in with `--bot-token` (else one is made and printed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseScenarioFile, type ScenarioFile } from '../../shared/scenario/scenario-file.js';
import { startBench, type Bench } from '../start-bench.js';
import { replaySteps } from './replay-steps.js';
import { junitReport, textReport } from './replay-report.js';

export const REPLAY_USAGE = 'usage: slashbench replay SCENARIO.json [--port N] [--bot COMMAND] [--bot-token TOKEN] [--endpoint URL] [--junit FILE] [--timeout MS] [--ready-timeout MS]';

/** A problem that stops the replay before any step: exit 2 with this sentence. */
class ReplayProblem extends Error {}

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) throw new ReplayProblem(`--${name} is a whole number from 0 to ${max}, got "${value}"`);
  return Number(value);
}

async function readScenario(path: string): Promise<ScenarioFile> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ReplayProblem(`${path}: ${(error as Error).message}`);
  }
  const parsed = parseScenarioFile(json);
  if (!parsed.ok) throw new ReplayProblem(`${path}: ${parsed.message}`);
  return parsed.scenario;
}

/** The scenario's world with the app's bot token and endpoint set for this replay. */
function replayWorld(scenario: ScenarioFile, token: string | undefined, endpoint: string | undefined): ScenarioFile['world'] {
  if (!scenario.world.applications.some((app) => app.id === scenario.application)) {
    throw new ReplayProblem(`the scenario's application ${scenario.application} is not in its world`);
  }
  return {
    ...scenario.world,
    applications: scenario.world.applications.map((app) => app.id !== scenario.application ? app : {
      ...app, ...(token === undefined ? {} : { bot_token: token }),
      // The recording's endpoint was another process's: the bot sets its own (or --endpoint does).
      interactions_endpoint_url: endpoint ?? null,
    }),
  };
}

/** Starts `command` in a shell with the bench's address and the bot's token; its output goes to stderr. */
function startBot(command: string, bench: Bench, applicationId: string): ChildProcess {
  const app = bench.app(applicationId);
  // Its own process group: the shell and what it starts are stopped together.
  const child = spawn(command, {
    shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SLASHBENCH_URL: bench.url, BOT_TOKEN: app.token, APPLICATION_ID: app.id },
  });
  child.stdout?.pipe(process.stderr);
  child.stderr?.pipe(process.stderr);
  return child;
}

async function stopBot(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  await exited;
}

/** Runs the command; answers the exit code. */
export async function replayCommand(args: string[]): Promise<number> {
  let bench: Bench | undefined;
  let bot: ChildProcess | undefined;
  try {
    const { values, positionals } = parseArgs({
      args, allowPositionals: true, strict: true,
      options: {
        port: { type: 'string', default: '8484' }, bot: { type: 'string' }, 'bot-token': { type: 'string' }, endpoint: { type: 'string' },
        junit: { type: 'string' }, timeout: { type: 'string' }, 'ready-timeout': { type: 'string' }, help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(REPLAY_USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new ReplayProblem('give one scenario file');
    const scenario = await readScenario(positionals[0] as string);
    const port = wholeNumber('port', values.port, 8484, 65535);
    const timeoutMs = wholeNumber('timeout', values.timeout, 5000, 600_000);
    const readyMs = wholeNumber('ready-timeout', values['ready-timeout'], 30_000, 600_000);
    bench = await startBench({ world: replayWorld(scenario, values['bot-token'], values.endpoint), port, timeoutMs });
    const app = bench.app(scenario.application);
    console.error(`Slashbench replay: a bench at ${bench.url} (API ${bench.api}); ${app.name} (${app.id}) logs in with the bot token ${app.token}`);
    if (values.bot !== undefined) bot = startBot(values.bot, bench, app.id);
    const commands = [...new Set(scenario.steps.flatMap((step) => ('name' in step.action ? [step.action.name] : [])))];
    const exited = bot ? once(bot, 'exit').then(([code]) => { throw new ReplayProblem(`the bot (${values.bot}) exited with ${String(code)} before it was ready`); }) : new Promise<never>(() => undefined);
    await Promise.race([bench.botReady(app.id, commands, { timeoutMs: readyMs }), exited]).catch((error: unknown) => {
      throw new ReplayProblem((error as Error).message, { cause: error });
    });
    const results = await replaySteps(scenario, bench, { timeoutMs });
    console.log(textReport(scenario.name, results));
    if (values.junit !== undefined) await writeFile(values.junit, junitReport(scenario.name, results));
    return results.every((result) => result.passed) ? 0 : 1;
  } catch (error) {
    const known = error instanceof ReplayProblem || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_') || /EADDRINUSE/.test(String(error));
    if (!known) throw error;
    console.error(`slashbench replay: ${(error as Error).message}\n${REPLAY_USAGE}`);
    return 2;
  } finally {
    await stopBot(bot);
    await bench?.close();
  }
}
