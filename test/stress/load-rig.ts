/**
 * The load runs' parts, around the real CLI in a child process (so its memory is its own):
 * - `commandLoad`: autocannon clients, in their own process, on the command routes: a mix
 *   of GET list, GET one, PATCH and POST (an upsert of a known name, so the day's 200
 *   creates never run out);
 * - `interactionLoad`: gateway bots that answer every interaction through the callback
 *   route, and people invoking one command of every bot at once, wave after wave, each
 *   invocation followed to its end on the person's event stream.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ScriptedBot } from '../helpers/scripted-bot.js';
import type { LoadApp, LoadWorld } from './load-world.js';
import { PersonStream, type Outcome } from './person-stream.js';

/** The load generator, run as its own process. */
const GENERATOR = fileURLToPath(new URL('./command-load.mjs', import.meta.url));

/** Commands of the command-route load's app; PATCH and POST cycle over them. */
const COMMAND_NAMES = Array.from({ length: 20 }, (_, index) => `load-${String(index).padStart(2, '0')}`);

function botHeaders(app: LoadApp): Record<string, string> {
  return { authorization: `Bot ${app.token}`, 'content-type': 'application/json' };
}

/** Creates the command-route load's commands; answers their ids. */
export async function seedCommands(url: string, app: LoadApp): Promise<string[]> {
  const response = await fetch(`${url}/api/v10/applications/${app.id}/commands`, {
    method: 'PUT', headers: botHeaders(app),
    body: JSON.stringify(COMMAND_NAMES.map((name) => ({ name, description: 'seeded' }))),
  });
  if (response.status !== 200) throw new Error(`seeding commands answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as Array<{ id: string }>).map((command) => command.id);
}

export interface CommandLoadResult {
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers outside 2xx. */
  non2xx: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  seconds: number;
}

/**
 * `connections` clients for `seconds` on the command routes of `app`: autocannon in its own
 * process at a lower priority (`command-load.mjs`). Each client cycles through every
 * command: GET the list, GET it, PATCH it, POST an upsert of its name; the PATCH and the
 * POST leave different descriptions, so every write changes the command.
 */
export async function commandLoad(url: string, app: LoadApp, ids: string[], connections: number, seconds: number): Promise<CommandLoadResult> {
  const base = `/api/v10/applications/${app.id}/commands`;
  const requests = ids.flatMap((id, index) => [
    { method: 'GET', path: base },
    { method: 'GET', path: `${base}/${id}` },
    { method: 'PATCH', path: `${base}/${id}`, body: JSON.stringify({ description: `patched ${index}` }) },
    { method: 'POST', path: base, body: JSON.stringify({ name: COMMAND_NAMES[index], description: `posted ${index}` }) },
  ]);
  // A request still unanswered after `timeout` seconds is an error; on a shared machine, answers queue.
  const spec = { url, connections, duration: seconds, headers: botHeaders(app), requests, timeout: 30 };
  const child = spawn('nice', ['-n', '10', process.execPath, GENERATOR, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`the load generator exited with ${code}: ${err.slice(0, 1000)}`);
  return JSON.parse(out) as CommandLoadResult;
}

export interface InteractionTally {
  /** Invocations the registry accepted (204). */
  invoked: number;
  /** Invocations whose person heard INTERACTION_SUCCESS. */
  answered: number;
  /** Invocations refused, failed, or answered twice, with why: the load expects none. */
  problems: string[];
  /** Interactions some bot received more than once, or that reached the wrong bot. */
  misdelivered: number;
  waves: number;
  /** Invocations accepted whose end has not been heard yet (live, while the load runs). */
  waiting: Set<string>;
}

/** POSTs JSON through `agent`; answers the status and the body text. */
function postJson(agent: Agent, url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } }, (answer) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

/** Numbers the runs of `interactionLoad`, so no two runs share a nonce. */
let runs = 0;

/** A tally with nothing counted yet; pass one to `interactionLoad` to watch it while the load runs. */
export function emptyTally(): InteractionTally {
  return { invoked: 0, answered: 0, problems: [], misdelivered: 0, waves: 0, waiting: new Set() };
}

/** The bots and people of an interaction load, connected. */
export interface InteractionRig {
  bots: Array<{ bot: ScriptedBot; command: { id: string; name: string; version: string } }>;
  /** Each person's event stream, and their own connections for invoking (as a client has). */
  people: Array<{ token: string; stream: PersonStream; agent: Agent }>;
  /** Problems the bots met answering (a refused callback), for the tally. */
  botProblems: string[];
  close(): Promise<void>;
}

/** Connects every bot of `world` (each registers `/ping` and answers it with a message) and every person's stream. */
export async function connectInteractionRig(url: string, world: LoadWorld): Promise<InteractionRig> {
  const botProblems: string[] = [];
  const agents: Agent[] = [];
  const bots = await Promise.all(world.bots.map(async (app) => {
    // Its own connections, as a bot process has: one pool shared by 50 bots queues their callbacks behind each other.
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    const bot = await ScriptedBot.connect(url, app.id, app.token, async (interaction) => {
      const answer = await postJson(agent, `${url}/api/v10/interactions/${interaction.id}/${interaction.token}/callback`, {}, {
        type: 4, data: { content: `pong ${interaction.id}` },
      }).catch((error: Error) => ({ status: 0, text: error.message }));
      if (answer.status !== 204) botProblems.push(`bot ${app.id}: the callback answered ${answer.status} ${answer.text}`);
    });
    const [command] = (await bot.registerCommands([{ name: 'ping', description: 'Answers pong' }])) as Array<{ id: string; name: string; version: string }>;
    return { bot, command: command! };
  }));
  const discovery = (await (await fetch(`${url}/api/v10/gateway`)).json()) as { url: string };
  const people = await Promise.all(world.people.map(async (person) => ({
    token: person.token, stream: await PersonStream.open(discovery.url, person.token), agent: new Agent({ keepAlive: true }),
  })));
  return {
    bots, people, botProblems,
    async close() {
      await Promise.all([...bots.map((entry) => entry.bot.close()), ...people.map((person) => person.stream.close())]);
      for (const person of people) person.agent.destroy();
      for (const agent of agents) agent.destroy();
    },
  };
}

/**
 * Invokes every bot's command at once (each by a person in turn), waits until each
 * invocation has ended on its person's stream, and repeats while `running()`: back to back,
 * or one wave every `waveEveryMs` (a steady rate; a late wave starts the next at once).
 */
export async function interactionLoad(
  url: string, world: LoadWorld, rig: InteractionRig, running: () => boolean, waveEveryMs = 0, tally = emptyTally(),
): Promise<InteractionTally> {
  const started = performance.now();
  const run = ++runs;
  // What the bots got and met before this run belongs to earlier runs.
  const receivedBefore = rig.bots.map(({ bot }) => bot.received.length);
  const problemsBefore = rig.botProblems.length;
  const duplicatesBefore = rig.people.map((person) => person.stream.duplicates);
  const invokeOne = async (entry: InteractionRig['bots'][number], person: InteractionRig['people'][number], nonce: string) => {
    const response = await postJson(person.agent, `${url}/api/v10/interactions`, { authorization: person.token }, {
      type: 2, application_id: entry.bot.applicationId, guild_id: world.guild, channel_id: world.channel, nonce,
      data: { id: entry.command.id, name: entry.command.name, type: 1, version: entry.command.version },
    });
    if (response.status !== 204) {
      tally.problems.push(`${nonce}: the invocation answered ${response.status} ${response.text}`);
      return;
    }
    tally.invoked += 1;
    tally.waiting.add(nonce);
    const outcome: Outcome = await person.stream.outcome(nonce);
    tally.waiting.delete(nonce);
    if (outcome.ok) tally.answered += 1;
    else tally.problems.push(`${nonce}: INTERACTION_FAILURE ${outcome.reason}: ${outcome.detail}`);
  };
  while (running()) {
    const due = started + tally.waves * waveEveryMs - performance.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    if (!running()) break;
    const wave = tally.waves++;
    await Promise.all(rig.bots.map((entry, index) => {
      const person = rig.people[(wave + index) % rig.people.length]!;
      return invokeOne(entry, person, `r${run}-w${wave}-b${index}`);
    }));
  }
  // Every bot got exactly the interactions sent to its app, each once.
  const seen = new Set<string>();
  for (const [index, { bot }] of rig.bots.entries()) {
    for (const interaction of bot.received.slice(receivedBefore[index])) {
      if (seen.has(interaction.id) || interaction.application_id !== bot.applicationId) tally.misdelivered += 1;
      seen.add(interaction.id);
    }
  }
  if (seen.size !== tally.invoked) tally.problems.push(`the bots received ${seen.size} interactions for ${tally.invoked} invocations`);
  const duplicates = rig.people.reduce((sum, person, index) => sum + person.stream.duplicates - duplicatesBefore[index]!, 0);
  if (duplicates > 0) tally.problems.push(`${duplicates} terminal events came twice`);
  tally.problems.push(...rig.botProblems.slice(problemsBefore));
  return tally;
}
