// The matrix bot for seyfert 5 in HTTP mode, laid out as seyfert's guide lays out a project:
// seyfert.config.mjs (config.http) at the root, one class per command in src/commands, the
// button's and the modal's handlers in src/components, and src/index starting an HttpClient
// behind an HTTP server adapter (src/http-adapter.js). The files are .js, ES modules by the
// repository's package.json: seyfert's loaders read only .js and .ts files.
// The one change from a production bot: the REST handler's `domain` (seyfert's default is
// https://discord.com, under which it calls api/v10), through the client's setServices.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiHandler, HttpClient } from 'seyfert';
import { HttpAdapter } from './http-adapter.js';

// A seyfert project runs from its root, where seyfert.config.mjs is; the test starts every
// matrix bot from the repository's root.
process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));

const { SLASHBENCH_URL, BOT_TOKEN, APPLICATION_ID, GUILD_ID } = process.env;

const reportError = (error) => console.error(`HANDLER-ERROR ${error?.stack ?? JSON.stringify(error)}`);
const onError = { onRunError: (_context, error) => reportError(error), onInternalError: (_client, _handler, error) => reportError(error) };

const client = new HttpClient({
  commands: { defaults: { ...onError, onOptionsError: (_context, metadata) => reportError(metadata) } },
  components: { defaults: onError },
  modals: { defaults: onError },
});
client.setServices({ rest: new ApiHandler({ token: BOT_TOKEN, domain: SLASHBENCH_URL }) });

const adapter = new HttpAdapter(client);
await client.start();
await adapter.start('/interactions');

// What `client.uploadCommands()` sends, split the way the contract asks: the global commands
// in one bulk overwrite, each guild command created on its own.
const api = client.proxy.applications(APPLICATION_ID);
const commands = client.commands.values.map((command) => command.toJSON());
const guildIds = (command) => command.guild_id ?? [];
await api.commands.put({ body: commands.filter((command) => guildIds(command).length === 0) });
for (const command of commands) {
  for (const guildId of guildIds(command)) await api.guilds(guildId).commands.post({ body: command });
}

const names = (list) => list.map((command) => command.name).sort();
const global = names(await api.commands.get());
const guild = names(await api.guilds(GUILD_ID).commands.get());
console.log(`READY ${JSON.stringify({ global, guild })}`);
