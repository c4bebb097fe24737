/**
 * The client the registry serves, built as `npm run build:client` builds it (Vite, the
 * project's config, into out/renderer), so the client benchmark measures the sources as
 * they are now and `npm run serve` would serve the very same files.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const CONFIG = fileURLToPath(new URL('../../../src/renderer/vite.config.ts', import.meta.url));
/** Where the build goes and the registry serves from (its default client directory). */
export const CLIENT_DIRECTORY = fileURLToPath(new URL('../../renderer/', import.meta.url));

export async function buildServedClient(): Promise<void> {
  if (!existsSync(CONFIG)) throw new Error(`no client config at ${CONFIG}`);
  await build({ configFile: CONFIG, logLevel: 'warn' });
  if (!existsSync(`${CLIENT_DIRECTORY}index.html`)) throw new Error(`the client build wrote no ${CLIENT_DIRECTORY}index.html`);
}
