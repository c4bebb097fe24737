/**
 * A built client as small as it comes, for tests of how the registry serves it: a page that
 * names a script and a style sheet (in the root element a theme goes into), the script's
 * precompressed copies with contents that tell them apart, as scripts/precompress.js writes them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const FAKE_SCRIPT = 'index-abc123.js';
export const FAKE_STYLES = 'index-abc123.css';

/** Writes the fake build into `directory` (made if missing). */
export async function writeFakeClient(directory: string): Promise<void> {
  await mkdir(join(directory, 'assets'), { recursive: true });
  await writeFile(join(directory, 'index.html'), `<!doctype html>\n<html lang="en"><script type="module" src="./assets/${FAKE_SCRIPT}"></script>`
    + `<link rel="stylesheet" href="./assets/${FAKE_STYLES}"></html>`);
  await writeFile(join(directory, 'assets', FAKE_SCRIPT), 'console.log("client")');
  await writeFile(join(directory, 'assets', FAKE_STYLES), 'body{}');
  await writeFile(join(directory, 'assets', `${FAKE_SCRIPT}.br`), 'brotli bytes');
  await writeFile(join(directory, 'assets', `${FAKE_SCRIPT}.gz`), 'gzip bytes');
}
