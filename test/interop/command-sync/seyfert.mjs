// One start of a seyfert 5 bot (README.md beside this file: the command set), laid out as
// seyfert's guide lays out a project (seyfert/): `client.uploadCommands({ cachePath })`
// writes a scope only when its commands differ from the cache file of the last upload.
// The one change from a production bot: the REST handler's `domain`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiHandler, HttpClient } from 'seyfert';

const { SLASHBENCH_URL, BOT_TOKEN, CACHE_DIRECTORY } = process.env;

// A seyfert project runs from its root, where seyfert.config.mjs is.
process.chdir(fileURLToPath(new URL('./seyfert/', import.meta.url)));

const client = new HttpClient();
client.setServices({ rest: new ApiHandler({ token: BOT_TOKEN, domain: SLASHBENCH_URL }) });
await client.start();
await client.uploadCommands({ cachePath: join(CACHE_DIRECTORY, 'seyfert-commands.json') });
console.log('SYNCED');
process.exit(0);
