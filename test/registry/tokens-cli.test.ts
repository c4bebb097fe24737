/**
 * `npm run tokens` as a program (the built `out/node/registry/tokens-cli.js`, from
 * `npm run build:registry`, like the serve CLI's tests): it lists every app's bot token,
 * public key and client secret and the people's tokens of a data directory, whether the
 * registry runs or not; `--reset` makes a new bot token (through the running registry, which
 * closes the bot's gateway sessions with 4004, or in the store when none runs) and
 * `--reset-secret` a new client secret. `npm run serve` says where the tokens are on every start.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../helpers/gateway-client.js';
import { cleanupRegistryProcesses, CLI_PATH, demoTokens, makeDataDirectory, startRegistryProcess } from '../helpers/registry-process.js';

const TOKENS_CLI = join(CLI_PATH, '..', 'tokens-cli.js');
const run = promisify(execFile);

afterEach(cleanupRegistryProcesses);

/** Runs the tokens CLI to its end: its exit code and output. */
async function tokens(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!existsSync(TOKENS_CLI)) throw new Error(`${TOKENS_CLI} is missing: run \`npm run build:registry\` first`);
  try {
    const { stdout, stderr } = await run(process.execPath, [TOKENS_CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The listing's lines for one app: its bot token, public key and client secret. */
function listed(stdout: string, applicationId: string): { botToken: string; publicKey: string; clientSecret: string } {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.includes(`(application id ${applicationId})`));
  expect(start, stdout).toBeGreaterThanOrEqual(0);
  const value = (label: string) => lines.slice(start + 1, start + 4).find((line) => line.trim().startsWith(label))?.trim().slice(label.length).trim() ?? '';
  return { botToken: value('bot token'), publicKey: value('public key'), clientSecret: value('client secret') };
}

const currentApplication = (url: string, token: string) =>
  fetch(`${url}/api/v10/applications/@me`, { headers: { authorization: `Bot ${token}` } });

describe('npm run serve', () => {
  it('says where the tokens are and how to list them, on the first start and on every one after', async () => {
    const first = await startRegistryProcess();
    const hint = `Tokens: ${join(first.dataDirectory, 'credentials.json')} (list or reset them: npm run tokens -- --data ${first.dataDirectory})`;
    expect(first.stdout()).toContain(hint);
    await first.stop();
    const second = await startRegistryProcess({ dataDirectory: first.dataDirectory });
    expect(second.stdout()).not.toContain('Created the demo world');
    expect(second.stdout()).toContain(hint);
  });
});

describe('npm run tokens', () => {
  it('lists the demo world\'s tokens, the ones serve printed, with the registry stopped or running', async () => {
    const registry = await startRegistryProcess();
    const demo = demoTokens(registry.stdout());
    const whileRunning = await tokens(['--data', registry.dataDirectory]);
    await registry.stop();
    const stopped = await tokens(['--data', registry.dataDirectory]);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toBe(whileRunning.stdout);
    for (const app of demo.applications) {
      const entry = listed(stopped.stdout, app.id);
      expect(entry.botToken).toBe(app.botToken);
      expect(entry.clientSecret).toBe(app.clientSecret);
      expect(entry.publicKey).toMatch(/^[0-9a-f]{64}$/);
      expect(stopped.stdout).toContain(`${app.name} (application id ${app.id})`);
    }
    for (const user of demo.users) expect(stopped.stdout).toContain(`${user.name} (user id ${user.id})  ${user.token}`);
  });

  it('--reset NAME through the running registry: the bot\'s gateway session closes with 4004, the old token answers 401, the new one works', async () => {
    const registry = await startRegistryProcess();
    const bot = demoTokens(registry.stdout()).applications[0]!;
    const gateway = await GatewayClient.open(`${registry.url.replace('http', 'ws')}/gateway`);
    await gateway.op(10);
    gateway.identify(bot.botToken);
    await gateway.dispatch('READY');

    const reset = await tokens(['--data', registry.dataDirectory, '--reset', bot.name]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`New bot token for ${bot.name}; the registry at ${registry.url} closed its gateway sessions (4004).`);
    expect(await gateway.closed).toMatchObject({ code: 4004 });
    const token = listed(reset.stdout, bot.id).botToken;
    expect(token).not.toBe(bot.botToken);
    expect((await currentApplication(registry.url, bot.botToken)).status).toBe(401);
    expect((await currentApplication(registry.url, token)).status).toBe(200);
  });

  it('--reset ID and --reset-secret ID with no registry running change the store; the next start takes them', async () => {
    const first = await startRegistryProcess();
    const bot = demoTokens(first.stdout()).applications[0]!;
    await first.stop();
    const reset = await tokens(['--data', first.dataDirectory, '--reset', bot.id, '--reset-secret', bot.id]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`New bot token for ${bot.name}.`);
    expect(reset.stdout).toContain(`New client secret for ${bot.name}.`);
    const entry = listed(reset.stdout, bot.id);
    expect(entry.clientSecret).not.toBe(bot.clientSecret);

    const second = await startRegistryProcess({ dataDirectory: first.dataDirectory });
    expect((await currentApplication(second.url, bot.botToken)).status).toBe(401);
    expect((await currentApplication(second.url, entry.botToken)).status).toBe(200);
    const grant = (secret: string) => fetch(`${second.url}/api/v10/oauth2/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'identify', client_id: bot.id, client_secret: secret }),
    });
    expect((await grant(entry.clientSecret)).status).toBe(200);
    expect((await grant(bot.clientSecret)).status).toBe(401);
  });

  it('refuses an app it cannot find (exit 2, naming the apps) and a directory with no registry data (exit 1)', async () => {
    const registry = await startRegistryProcess();
    await registry.stop();
    const unknown = await tokens(['--data', registry.dataDirectory, '--reset', 'No Such App']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no application is named "No Such App"');
    expect(unknown.stderr).toContain('Demo Bot (');
    const empty = await makeDataDirectory();
    const nothing = await tokens(['--data', empty]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(`no registry data in ${empty}`);
    expect(existsSync(join(empty, 'slashbench.db'))).toBe(false);
  });
});
