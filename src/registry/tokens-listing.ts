/**
 * What `npm run tokens` prints: each app's name, id, bot token, public key and client
 * secret, and the people's tokens the keychain knows. A token the registry knows only as a
 * digest (one made before the keychain existed) is shown as unknown, with the command that
 * makes a new one.
 */
import { defaultDataDirectory } from './data-directory.js';
import type { ApplicationRecord } from './store/records.js';
import type { Store } from './store/store.js';
import { mapAsync } from './async-lists.js';

/** The command that lists the tokens of `dataDirectory` (no `--data` for the default one). */
export function tokensCommand(dataDirectory: string, extra = ''): string {
  const data = dataDirectory === defaultDataDirectory() ? '' : ` --data ${quoted(dataDirectory)}`;
  const options = `${data}${extra === '' ? '' : ` ${extra}`}`;
  return options === '' ? 'npm run tokens' : `npm run tokens --${options}`;
}

/** A word as a shell reads it back: quoted when it holds anything but safe characters. */
export function quoted(word: string): string {
  return /^[\w./:@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The application a name or id names: an exact id first, then a name in any case; ambiguous or unknown is an error message. */
export async function findApplication(store: Store, nameOrId: string): Promise<ApplicationRecord | string> {
  const applications = await store.world.applications();
  const byId = applications.find((app) => app.id === nameOrId);
  if (byId) return byId;
  const named = applications.filter((app) => app.name.toLowerCase() === nameOrId.toLowerCase());
  if (named.length === 1) return named[0] as ApplicationRecord;
  if (named.length > 1) return `${named.length} applications are named "${nameOrId}": give the id (${named.map((app) => app.id).join(', ')})`;
  return `no application is named "${nameOrId}" or has that id; the applications are: ${applications.map((app) => `${app.name} (${app.id})`).join(', ') || 'none'}`;
}

/** The listing, one line each. */
export async function tokenLines(store: Store, dataDirectory: string): Promise<string[]> {
  const lines = [`Tokens of the registry in ${dataDirectory} (kept in ${store.credentials.keychainPath ?? 'memory'}):`];
  for (const app of await store.world.applications()) {
    const known = await store.credentials.application(app.id);
    if (!known) continue;
    const reset = (option: string) => `unknown: make a new one with ${tokensCommand(dataDirectory, `${option} ${quoted(app.id)}`)}`;
    lines.push(
      '',
      `${app.name} (application id ${app.id})`,
      `  bot token      ${known.bot_token ?? reset('--reset')}`,
      `  public key     ${known.public_key}`,
      `  client secret  ${known.client_secret ?? (known.has_client_secret ? reset('--reset-secret') : `none: make one with ${tokensCommand(dataDirectory, `--reset-secret ${quoted(app.id)}`)}`)}`,
    );
  }
  const people = (await store.world.users()).filter((user) => !user.bot);
  const withTokens = (await mapAsync(people, async (user) => {
    const token = await store.credentials.userToken(user.id);
    return token === null ? [] : [`  ${user.username} (user id ${user.id})  ${token}`];
  })).flat();
  if (withTokens.length > 0) lines.push('', 'People (session tokens, sent as "Authorization: <token>"):', ...withTokens);
  if (withTokens.length < people.length) {
    lines.push('', `${people.length - withTokens.length} of ${people.length} people have no token shown here: give one a new token in the world editor's Users tab.`);
  }
  return lines;
}
