/**
 * The apps the Activities end-to-end tests launch, and the pages they frame:
 *
 * - Dice Game: DISCORD_LAUNCH_ACTIVITY (the default `Launch`), its Activity a probe page on
 *   a server of its own (another port, so another origin).
 * - Quiz Night: APP_HANDLER (`Play Quiz`), an interactions endpoint whose answer the test
 *   picks: LAUNCH_ACTIVITY, a message, an HTTP 500, or nothing (the deadline passes).
 * - Mirror: its activity_url on the registry's own origin (an SVG asset the test adds to the
 *   client's build), the case where the client must not let the frame keep that origin.
 *
 * The probe page shows the launch parameters it reads from its query, then tries to reach
 * the client: the parent's document, the desktop bridge, the client's storage, and the host
 * contract that mints session tokens. It writes each result into its own DOM, where the test
 * reads it through the frame.
 */
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { WorldFile } from '../../src/shared/world-file.js';
import { readWorldFile } from '../../src/registry/start.js';
import { answerJson, signatureCheckingBot, startBotServer, type BotServer } from '../helpers/bot-server.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';

const EMBEDDED = 1 << 17;

export const ACTIVITY_APPS = {
  dice: { id: '1184503000000000001', name: 'Dice Game', token: 'dice-game-bot-token.e2e' },
  quiz: { id: '1184503000000000002', name: 'Quiz Night', token: 'quiz-night-bot-token.e2e' },
  mirror: { id: '1184503000000000003', name: 'Mirror', token: 'mirror-bot-token.e2e' },
} as const;

/** The launch parameters an embedded app reads from its query. */
export const LAUNCH_PARAMETERS = ['instance_id', 'frame_id', 'channel_id', 'guild_id', 'platform'] as const;

/** What the probe tries; each must end 'blocked'. */
export const PROBES = ['parent-document', 'host-bridge', 'parent-storage', 'client-storage', 'host-fetch-relative', 'host-fetch-registry'] as const;

/** Where the test leaves a secret in the client's storage, for the probe to look for. */
export const CLIENT_SECRET_KEY = 'slashbench-probe-secret';

/**
 * The probe, as plain script for an HTML page and an SVG document alike. `report` writes
 * `data-testid="<name>"` with the value in `data-value`.
 */
const PROBE_SCRIPT = String.raw`
(async () => {
  const svg = document.documentElement.namespaceURI === 'http://www.w3.org/2000/svg';
  let line = 0;
  const report = (name, value) => {
    const element = svg ? document.createElementNS('http://www.w3.org/2000/svg', 'text') : document.createElement('li');
    if (svg) { element.setAttribute('x', '16'); element.setAttribute('y', String(56 + 20 * line++)); }
    element.setAttribute('data-testid', name);
    element.setAttribute('data-value', value);
    element.textContent = name + ': ' + value;
    (svg ? document.documentElement : document.getElementById('results')).appendChild(element);
  };
  const attempt = async (name, reach) => {
    try { report('probe-' + name, (await reach()) ? 'reached' : 'blocked'); } catch (error) { report('probe-' + name, 'blocked'); }
  };
  const query = new URLSearchParams(location.search);
  for (const name of ${JSON.stringify(LAUNCH_PARAMETERS)}) report('param-' + name, query.get(name) ?? '(none)');
  report('origin', String(self.origin));
  report('referrer', document.referrer || '(none)');
  const registry = query.get('registry');
  const secret = ${JSON.stringify(CLIENT_SECRET_KEY)};
  await attempt('parent-document', () => window.parent.document.body !== null);
  await attempt('host-bridge', () => window.parent.slashbenchHost !== undefined || 'slashbenchHost' in window.parent);
  await attempt('parent-storage', () => window.parent.localStorage.getItem(secret) !== null || window.parent.sessionStorage.getItem(secret) !== null);
  await attempt('client-storage', () => localStorage.getItem(secret) !== null || sessionStorage.getItem(secret) !== null);
  const users = async (response) => response.ok && Array.isArray((await response.json()).users);
  await attempt('host-fetch-relative', async () => users(await fetch('/_host/session', { credentials: 'include' })));
  await attempt('host-fetch-registry', async () => users(await fetch(registry + '/_host/session', { credentials: 'include' })));
  // A token mint the page cannot read (no-cors); the test checks the registry refused it.
  await fetch(registry + '/_host/session', {
    method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ user_id: query.get('victim') }),
  }).catch(() => undefined);
  report('probe-done', 'yes');
})();
`;

const PROBE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Probe Activity</title>
<style>body{margin:0;padding:14px 20px;font:14px/1.45 system-ui,sans-serif;background:#f4f1ff;color:#1e1b2e}h1{margin:0 0 4px;font-size:20px}
p{margin:0 0 10px}ul{margin:0;padding:0;list-style:none;columns:2;column-gap:24px}li{font:12px/1.6 monospace;word-break:break-all}
li[data-value="blocked"]{color:#1a7f37}li[data-value="reached"]{color:#c00}</style>
</head><body><h1>Dice Game</h1><p>Launch parameters read from this page's URL, and what of the client it tried to reach:</p><ul id="results"></ul>
<script>${PROBE_SCRIPT}</script></body></html>`;

const PROBE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="400" font-family="monospace" font-size="13">
<text x="16" y="28" font-size="18">Mirror (served by the registry itself)</text>
<script><![CDATA[${PROBE_SCRIPT}]]></script></svg>`;

/** The Activity server of Dice Game: the probe page on another port of this machine. */
export interface ActivityServer {
  origin: string;
  close(): Promise<void>;
}

export async function startActivityServer(): Promise<ActivityServer> {
  const server: Server = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://activity').pathname === '/activity.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PROBE_PAGE);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Puts the Mirror's probe among the client's built assets, so the registry serves it from its own origin. */
export async function addMirrorProbe(clientDirectory: string): Promise<string> {
  const name = 'activity-probe.svg';
  await writeFile(join(clientDirectory, 'assets', name), PROBE_SVG);
  return `/assets/${name}`;
}

/** How Quiz Night's endpoint answers its next interaction. */
export type QuizAnswer = 'launch' | 'message' | 'error' | 'silent';

export const QUIZ_MESSAGE = 'No quiz tonight: come back at 8.';

/** Quiz Night's interactions endpoint; `answer` decides each reply, `received` holds every interaction. */
export interface QuizEndpoint {
  server: BotServer;
  answer: QuizAnswer;
  received: Array<Record<string, unknown>>;
  /** The app's public key, once the registry has it (before the first delivery). */
  publicKey: string;
}

export async function startQuizEndpoint(): Promise<QuizEndpoint> {
  const quiz = { answer: 'launch' as QuizAnswer, received: [] as Array<Record<string, unknown>>, publicKey: '' } as QuizEndpoint;
  quiz.server = await startBotServer((request, response) => signatureCheckingBot(quiz.publicKey, (signed, reply) => {
    const interaction = JSON.parse(signed.body) as Record<string, unknown>;
    quiz.received.push(interaction);
    switch (quiz.answer) {
      case 'launch':
        answerJson(reply, 200, { type: 12 });
        return;
      case 'message':
        answerJson(reply, 200, { type: 4, data: { content: QUIZ_MESSAGE } });
        return;
      case 'error':
        reply.writeHead(500, { 'content-type': 'text/plain' }).end('the quiz server crashed');
        return;
      case 'silent':
        return; // The registry gives up at the deadline and closes the socket.
    }
  })(request, response));
  return quiz;
}

/**
 * The example world with the three apps installed in its guild, for `PUT /_slashbench/world`
 * (loading is idempotent: the example's own entities stay as they are).
 */
export function worldWithActivities(urls: { dice: string; quiz: string; quizEndpoint: string; mirror: string }): WorldFile {
  const world = readWorldFile(EXAMPLE_WORLD);
  const owner = world.users[0]?.id;
  const app = (key: keyof typeof ACTIVITY_APPS, activityUrl: string, endpoint?: string) => ({
    id: ACTIVITY_APPS[key].id, name: ACTIVITY_APPS[key].name, bot_token: ACTIVITY_APPS[key].token, flags: EMBEDDED,
    activity_url: activityUrl, ...(owner ? { owner_id: owner } : {}), ...(endpoint ? { interactions_endpoint_url: endpoint } : {}),
  });
  const guilds = world.guilds.map((guild, index) => (index === 0
    ? { ...guild, applications: [...(guild.applications ?? []), ...Object.values(ACTIVITY_APPS).map((entry) => entry.id)] }
    : guild));
  return {
    ...world,
    applications: [...world.applications, app('dice', urls.dice), app('quiz', urls.quiz, urls.quizEndpoint), app('mirror', urls.mirror)],
    guilds,
  };
}
