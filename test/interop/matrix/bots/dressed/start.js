// The matrix bot for dressed, an HTTP-interactions framework, laid out as its guide lays out a
// project (Getting started): one file per command in src/commands (the file's name is the
// command's, its `config` export the rest, `autocomplete` its autocomplete), handlers named
// after their custom_id in src/components/buttons and src/components/modals, the app's
// credentials in DISCORD_TOKEN, DISCORD_APP_ID and DISCORD_PUBLIC_KEY, and dressed.config.js.
// What a developer types, `dressed build -ir` then `node .dressed`, is done here in one
// process: the build with `-i` (start a server), then what `-r` adds, `installCommands`, awaited
// so READY follows the registration.
// The one change from a production bot: `requests.routeBase` in dressed.config.js.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY, GUILD_ID } = process.env;

// A dressed project builds and runs from its root; the test starts every matrix bot from the
// repository's root.
const root = dirname(fileURLToPath(import.meta.url));
process.chdir(root);
// The guide's .env: dressed reads these when it loads.
Object.assign(process.env, { DISCORD_TOKEN: BOT_TOKEN, DISCORD_APP_ID: APPLICATION_ID, DISCORD_PUBLIC_KEY: PUBLIC_KEY });

// dressed logs a handler's failure as "✖ Failed to run ..."; the matrix's contract wants
// HANDLER-ERROR. (Its other ✖ lines, such as a request with a bad signature, are not failures.)
const logError = console.error.bind(console);
console.error = (...parts) => (String(parts[1]).startsWith('Failed to run') ? logError('HANDLER-ERROR', ...parts.slice(1)) : logError(...parts));

try {
  const cli = join(root, '../../../../../node_modules/dressed/dist/bin/dressed.js');
  execFileSync(process.execPath, [cli, 'build', '-i'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const { commands } = await import(join(root, '.dressed/index.mjs'));
  const { installCommands } = await import('dressed/server');
  const { createGuildCommand, listGlobalCommands, listGuildCommands } = await import('dressed');
  await installCommands(commands);
  // installCommands bulk overwrites each guild's commands; the contract's single create of the
  // guild command goes through dressed's own call for it.
  await createGuildCommand(GUILD_ID, { name: 'ping', description: 'Checks the bot' });
  const names = (list) => list.map((command) => command.name).sort();
  const [global, guild] = [await listGlobalCommands(), await listGuildCommands(GUILD_ID)];
  console.log(`READY ${JSON.stringify({ global: names(global), guild: names(guild) })}`);
} catch (error) {
  console.error(`HANDLER-ERROR registration failed: ${error?.stack ?? error}`);
}
