/**
 * Every shell command in README.md and docs/*.md, as a reader would type it. The `curl -s`
 * ones run, from the repository's root, against a registry loaded with examples/world.json,
 * with the variables the README's "Shell examples" table documents set to that registry's
 * address, tokens and ids, and must exit 0 with a JSON answer that is not an error. Commands
 * that start the product or long runs (`npm start`, `npm run serve`, `npm run bench`) are held
 * to the package's scripts; `npx` to an installed binary, or to the package's own (its `bin`,
 * which test/testing/packed-package.test.ts runs with npx in a project that installed the
 * packed tarball, as `npm pack` and `npm i` are there); `node FILE` to a file a test runs.
 * A command of any other shape fails: a new kind of command needs a way to be checked here.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorldFile } from '../../src/registry/start.js';
import { signatureCheckingBot, startBotServer, type BotServer } from '../helpers/bot-server.js';
import { EXAMPLE, startedRegistry, type ListeningRegistry } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD, REPO_ROOT } from '../helpers/registry-process.js';
import { documentationFiles, shellCommands } from './markdown.js';

const run = promisify(execFile);

/** The variables a documented curl command may use: the README's "Shell examples" table. */
const VARIABLES = ['SLASHBENCH', 'TOKEN', 'APP_ID', 'CLIENT_SECRET', 'USER_TOKEN', 'GUILD_ID', 'CHANNEL_ID', 'ENDPOINT_URL'] as const;
type Variable = (typeof VARIABLES)[number];

/** `A=1 B=$X command ...` → `command ...`: the assignments a reader puts before a command. */
const withoutAssignments = (command: string) => command.replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*/, '');

const PACKAGE = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin?: Record<string, string> };
/** Package scripts npm runs by its own name (`npm start`, `npm test`) or through `npm run`. */
const SCRIPTS = PACKAGE.scripts;
/** The package's own commands, which its installers run with npx. */
const OWN_BINARIES = Object.keys(PACKAGE.bin ?? {});

/** What an `npm` command line needs: `npm ci && npm start` → the scripts it runs, or why it cannot be checked. */
function npmProblems(command: string): string[] {
  return command.replace(/\s+#.*$/, '').split('&&').map((part) => withoutAssignments(part.trim())).flatMap((part) => {
    const words = part.split(/\s+/);
    if (words[0] !== 'npm') return [`"${part}" is not an npm command`];
    const [verb, name] = [words[1], words[2]];
    // Installing, and packing this package (the packed-package test packs it and installs the tarball).
    if (verb === 'ci' || verb === 'install' || verb === 'i') return [];
    // Packed outside the checkout: a tarball left in the working tree is one more file for git to show.
    if (verb === 'pack') return words.includes('--pack-destination') ? [] : [`"${part}" leaves its tarball in the working tree: give --pack-destination`];
    const script = verb === 'run' ? name : verb;
    if (verb !== 'run' && verb !== 'start' && verb !== 'test') return [`"npm ${verb}" is neither a script nor ci`];
    return script !== undefined && script in SCRIPTS ? [] : [`package.json has no script "${script}"`];
  });
}

/** Test sources, to find which one runs an example program. */
function testSources(directory = join(REPO_ROOT, 'test')): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return testSources(path);
    return entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

const documented = documentationFiles().flatMap(({ path, text }) => shellCommands(text).map((command) => ({ path, command })));
const named = (entries: { path: string; command: string }[]) => entries.map(({ path, command }) => [`${path}: ${command}`, command] as const);
const kind = (command: string) => withoutAssignments(command).split(/\s+/)[0];
const curls = documented.filter(({ command }) => kind(command) === 'curl');
const others = documented.filter(({ command }) => kind(command) !== 'curl');

describe('the documentation', () => {
  it('has shell commands, and the README has both set-up commands', () => {
    expect(curls.length).toBeGreaterThan(10);
    const readme = documented.filter(({ path }) => path === 'README.md').map(({ command }) => command);
    expect(readme).toEqual(expect.arrayContaining(['npm ci && npm start', 'npm run test:browser-setup && npm ci && npm test']));
  });

  it('documents every variable its curl commands use, in the table of docs/shell-examples.md', () => {
    const table = readFileSync(join(REPO_ROOT, 'docs', 'shell-examples.md'), 'utf8');
    for (const variable of VARIABLES) expect(table, variable).toContain(`\`${variable}\``);
    const used = new Set(curls.flatMap(({ command }) => [...command.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!)));
    expect([...used].filter((name) => !(VARIABLES as readonly string[]).includes(name))).toEqual([]);
  });
});

describe.each(named(others))('%s', (_name, command) => {
  it('is a package script, an installed binary or a program a test runs', () => {
    const program = kind(command);
    if (program === 'npm') {
      expect(npmProblems(command)).toEqual([]);
    } else if (program === 'npx') {
      const binary = withoutAssignments(command).split(/\s+/)[1] ?? '';
      if (OWN_BINARIES.includes(binary)) {
        const runners = testSources().filter((source) => source.includes(`'npx', ['--no-install', '${binary}'`));
        expect(runners.length, `no test runs npx ${binary} in an installed project`).toBeGreaterThan(0);
      } else {
        expect(existsSync(join(REPO_ROOT, 'node_modules', '.bin', binary)), `node_modules/.bin/${binary}`).toBe(true);
      }
    } else if (program === 'node') {
      const file = withoutAssignments(command).split(/\s+/)[1] ?? '';
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
      const runners = testSources().filter((source) => source.includes(file.split('/').pop()!));
      expect(runners.length, `no test runs ${file}`).toBeGreaterThan(0);
    } else {
      expect.fail(`no way to check a "${program}" command: run it in this test, or write it another way`);
    }
  });
});

describe('the curl commands, against a registry', () => {
  let registry: ListeningRegistry;
  let endpoint: BotServer;
  let variables: Record<Variable, string>;

  beforeAll(async () => {
    registry = await startedRegistry();
    const application = await fetch(`${registry.url}/api/v10/applications/@me`, { headers: { authorization: `Bot ${EXAMPLE.app.token}` } });
    endpoint = await startBotServer(signatureCheckingBot(((await application.json()) as { verify_key: string }).verify_key));
    const secret = readWorldFile(EXAMPLE_WORLD).applications.find((app) => app.id === EXAMPLE.app.id)?.client_secret;
    if (!secret) throw new Error('examples/world.json gives the Example Bot no client secret');
    variables = {
      SLASHBENCH: registry.url,
      TOKEN: EXAMPLE.app.token,
      APP_ID: EXAMPLE.app.id,
      CLIENT_SECRET: secret,
      USER_TOKEN: EXAMPLE.alice.token,
      GUILD_ID: EXAMPLE.guild,
      CHANNEL_ID: EXAMPLE.general,
      ENDPOINT_URL: endpoint.url,
    };
  });

  afterAll(async () => {
    await endpoint?.close();
    await registry?.close();
  });

  // In document order, one after another, as a reader would run them.
  it.each(named(curls))('%s', async (_name, command) => {
    expect(command, 'silent, so the answer alone is printed').toMatch(/^curl -s /);
    const { stdout } = await run('bash', ['-c', command], { cwd: REPO_ROOT, env: { ...process.env, ...variables }, maxBuffer: 16 * 1024 * 1024 });
    let answer: unknown;
    expect(() => { answer = JSON.parse(stdout); }, stdout).not.toThrow();
    const body = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
    // A refusal in the API's format ({message, code}) or OAuth's ({error}) is not what the page promises.
    expect(typeof body.code === 'number' && typeof body.message === 'string', stdout).toBe(false);
    expect(typeof body.error === 'string', stdout).toBe(false);
  });
});
