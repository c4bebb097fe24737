/**
 * The inspector's tools: "Copy as curl" (shell quoting checked by a real shell, the signed
 * HTTP delivery replayed byte for byte, the client's invocation with the token left to
 * `$SLASHBENCH_TOKEN`), and "Export session" (every entry in one timestamped JSON file).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, replayTarget, shellQuote, TOKEN_VARIABLE } from '../../src/renderer/features/inspector/curl-command.js';
import type { InspectorEntry } from '../../src/renderer/features/inspector/inspector-slice.js';
import { sessionFile } from '../../src/renderer/features/inspector/session-export.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, GENERAL, startedClient } from './fake-deps.js';

/** What `sh` makes of `words` (a quoted word, or a whole command line): the arguments, split on NUL. */
function shellArguments(line: string, env: Record<string, string> = {}): string[] {
  const output = execFileSync('sh', ['-c', `args() { printf '%s\\0' "$@"; }; args ${line}`], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  return output.split('\0').slice(0, -1);
}

const request = { type: 2 as const, application_id: '30', channel_id: '21', nonce: '7', data: { id: '40', name: 'echo', options: [{ name: 'text', type: 3, value: "it's" }] } };
const body = '{"id":"500","type":2,"data":{"name":"echo","options":[{"value":"it\'s $HOME `x`"}]}}';

function entry(events: InspectorEntry['events']): InspectorEntry {
  return {
    nonce: '7', id: '500', kind: 'command', label: '/echo', userId: '10', channelId: '21', applicationId: '30',
    sentAt: Date.UTC(2026, 10, 22, 1, 3, 6), request, http: { status: 204, body: null }, events, status: 'succeeded', failure: null,
    finishedAt: Date.UTC(2026, 10, 22, 1, 3, 6) + 42,
  };
}

const HTTP_DELIVERY = {
  type: 'INTERACTION_DELIVERY', at: 1_010,
  data: {
    id: '500', nonce: '7', method: 'http', payload: JSON.parse(body) as unknown,
    request: {
      url: 'http://127.0.0.1:3000/interactions',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)', 'X-Signature-Ed25519': 'ab12', 'X-Signature-Timestamp': '1700000000' },
      body,
    },
  },
};

describe('shell quoting', () => {
  it('keeps every character as it is, quotes included, as a real shell reads it back', () => {
    const samples = ["it's", "'", "''", "a'b'c", '$HOME `date` "q" \\ \\n', 'two\nlines', 'tab\there', 'héllo ✓ 日本', '', '!#&;|<>*?[]{}~'];
    for (const sample of samples) expect(shellArguments(shellQuote(sample))).toEqual([sample]);
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});

describe('copy as curl', () => {
  it('replays an HTTP delivery to the endpoint with the exact body and every header as sent', () => {
    const delivered = entry([HTTP_DELIVERY]);
    expect(replayTarget(delivered)).toBe('endpoint');
    const command = curlCommand(delivered, 'http://127.0.0.1:8484');
    expect(command.startsWith("curl -X POST 'http://127.0.0.1:3000/interactions' \\\n  -H ")).toBe(true);
    expect(shellArguments(command.replace(/^curl /, ''))).toEqual([
      '-X', 'POST', 'http://127.0.0.1:3000/interactions',
      '-H', 'Content-Type: application/json', '-H', 'User-Agent: Discord-Interactions/1.0 (+https://discord.com)',
      '-H', 'X-Signature-Ed25519: ab12', '-H', 'X-Signature-Timestamp: 1700000000',
      '--data-raw', body,
    ]);
  });

  it('replays a gateway-delivered one as the client\'s invocation without its nonce, the token read from the shell', () => {
    const gateway = entry([{ type: 'INTERACTION_DELIVERY', at: 1_010, data: { method: 'gateway', payload: {} } }]);
    expect(replayTarget(gateway)).toBe('registry');
    const command = curlCommand(gateway, 'http://127.0.0.1:8484');
    expect(command).toContain(`"Authorization: $${TOKEN_VARIABLE}"`);
    expect(shellArguments(command.replace(/^curl /, ''), { [TOKEN_VARIABLE]: 'session-token' })).toEqual([
      '-X', 'POST', 'http://127.0.0.1:8484/api/v10/interactions',
      '-H', 'Authorization: session-token', '-H', 'Content-Type: application/json',
      '--data-raw', JSON.stringify({ type: 2, application_id: '30', channel_id: '21', data: request.data }),
    ]);
    // Refused before any delivery: the same invocation.
    expect(replayTarget(entry([]))).toBe('registry');
  });
});

describe('export session', () => {
  it('names the file for the moment and holds every entry with its events', () => {
    const file = sessionFile([entry([HTTP_DELIVERY]), entry([])], { now: Date.UTC(2026, 10, 22, 1, 3, 6), userId: '10', registry: 'http://127.0.0.1:8484' });
    expect(file.filename).toBe('slashbench-session-20261122-010306.json');
    const saved = JSON.parse(file.json) as { exported_at: string; user_id: string; registry: string; interactions: Array<Record<string, unknown>> };
    expect(saved).toMatchObject({ exported_at: '2026-11-22T01:03:06.000Z', user_id: '10', registry: 'http://127.0.0.1:8484' });
    expect(saved.interactions).toHaveLength(2);
    expect(saved.interactions[0]).toMatchObject({
      nonce: '7', kind: 'command', label: '/echo', user_id: '10', channel_id: '21', latency_ms: 42, request,
      events: [{ type: 'INTERACTION_DELIVERY', data: { method: 'http', request: { body } } }],
    });
  });
});

describe('an entry\'s end', () => {
  it('keeps the time of its first success when another one arrives', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const state = fake.store.getState();
    state.interactionSent({ nonce: '7', kind: 'command', label: '/echo', userId: '10', channelId: GENERAL, applicationId: APP, request });
    fake.clock.now += 40;
    state.interactionEvent('INTERACTION_SUCCESS', { id: '500', nonce: '7' });
    fake.clock.now += 10_000;
    state.interactionEvent('INTERACTION_SUCCESS', { id: '500', nonce: '7' });
    expect(fake.store.getState().inspectorEntries[0]).toMatchObject({ status: 'succeeded', finishedAt: fake.clock.now - 10_000 });
  });
});
