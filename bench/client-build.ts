/**
 * The client the registry serves, built as `npm run build:client` builds it (Vite, the
 * project's config, into out/renderer), so the client benchmark measures the sources as
 * they are now and `npm run serve` would serve the very same files.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
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

/** The script a page of the client runs before its first screen: the files its index.html names, as served (Brotli) and as run. */
export interface FirstScreenScript {
  files: string[];
  bytes: number;
  brotli: number;
}

/**
 * The first screen's script of the client in `directory` (the entry and any module it preloads;
 * the parts that load when first shown are not named there), or undefined when it is not built.
 */
export async function firstScreenScript(directory: string = CLIENT_DIRECTORY): Promise<FirstScreenScript | undefined> {
  const page = await readFile(join(directory, 'index.html'), 'utf8').catch(() => undefined);
  if (page === undefined) return undefined;
  const files = [...page.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\.?\/?(assets\/[\w.-]+\.js)"/g)].map((match) => match[1] as string);
  let bytes = 0;
  let brotli = 0;
  for (const file of files) {
    bytes += (await stat(join(directory, file))).size;
    brotli += (await stat(join(directory, `${file}.br`)).catch(() => stat(join(directory, file)))).size;
  }
  return { files, bytes, brotli };
}
