/**
 * `npm run tokens -- [--data DIR] [--reset NAME|ID] [--reset-secret NAME|ID]`: lists every
 * app's bot token, public key and client secret, and the people's tokens, from the data
 * directory's keychain; `--reset` gives an app a new bot token, `--reset-secret` a new
 * client secret.
 *
 * It works on the store directly, which SQLite lets it do beside a running registry. Only
 * a bot token reset goes through the running registry when there is one (`registry.json`
 * names it), so that the bot's gateway sessions close with 4004 as the service closes
 * them; it authenticates with a person's token, minting a session for the first person
 * when the keychain knows none.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDirectory } from './data-directory.js';
import { MANAGEMENT_BASE } from './routes/management-access.js';
import { reachableUrl, readRunningFile } from './running-file.js';
import { generateToken } from './store/secrets.js';
import { openStore, type Store } from './store/store.js';
import { findApplication, tokenLines } from './tokens-listing.js';

const USAGE = 'usage: npm run tokens -- [--data DIR] [--reset NAME|ID] [--reset-secret NAME|ID]';

/** A refusal of the command line: printed with the usage, exit code 2. */
class UsageError extends Error {}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      reset: { type: 'string' },
      'reset-secret': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const dataDirectory = values.data ?? defaultDataDirectory();
  if (!existsSync(join(dataDirectory, 'slashbench.db'))) {
    console.error(`slashbench: no registry data in ${dataDirectory}: start one with npm run serve${values.data === undefined ? '' : ' -- --data DIR'}`);
    process.exit(1);
  }
  const store = openStore(dataDirectory);
  try {
    if (values.reset !== undefined) await resetBotToken(store, dataDirectory, values.reset);
    if (values['reset-secret'] !== undefined) {
      const app = await named(store, values['reset-secret']);
      await store.transaction(async () => await store.credentials.resetClientSecret(app.id));
      console.log(`New client secret for ${app.name}.`);
    }
    for (const line of await tokenLines(store, dataDirectory)) console.log(line);
  } finally {
    await store.close();
  }
}

async function named(store: Store, nameOrId: string) {
  const found = await findApplication(store, nameOrId);
  if (typeof found === 'string') throw new UsageError(found);
  return found;
}

/** Through the running registry when there is one (its gateway closes the bot's sessions), else in the store. */
async function resetBotToken(store: Store, dataDirectory: string, nameOrId: string): Promise<void> {
  const app = await named(store, nameOrId);
  const running = readRunningFile(dataDirectory);
  const caller = running && await personToken(store);
  if (running && caller) {
    let answer: Response | undefined;
    try {
      answer = await fetch(`${reachableUrl(running.url)}${MANAGEMENT_BASE}/applications/${app.id}/token`, {
        method: 'POST', headers: { authorization: caller },
      });
    } catch {
      // Not answering: it stopped since it wrote the file. The store is all there is.
    }
    if (answer?.ok) {
      console.log(`New bot token for ${app.name}; the registry at ${running.url} closed its gateway sessions (4004).`);
      return;
    }
    if (answer) throw new Error(`the registry at ${running.url} refused the reset: ${answer.status} ${await answer.text()}`);
  }
  await store.transaction(async () => await store.credentials.resetBotToken(app.id));
  console.log(`New bot token for ${app.name}.`);
  if (running) console.log(`The registry at ${running.url} did not take the reset itself: restart it to end the bot's gateway sessions.`);
}

/** A token the management API takes: a person's known token, or a session minted for the first person. */
async function personToken(store: Store): Promise<string | undefined> {
  const people = (await store.world.users()).filter((user) => !user.bot);
  for (const person of people) {
    const token = await store.credentials.userToken(person.id);
    if (token !== null) return token;
  }
  const first = people[0];
  if (!first) return undefined;
  const token = generateToken(first.id);
  await store.sessions.put(token, first.id, Date.now());
  return token;
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_')) {
    console.error(`slashbench: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  console.error(`slashbench: ${(error as Error).message}`);
  process.exit(1);
});
