/**
 * Builds the client from source (`src/renderer`, with its own Vite config) into a temporary
 * directory, so end-to-end tests drive the code as it is now rather than whatever
 * `npm run build:client` last left in out/renderer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { REPO_ROOT } from './registry-process.js';

export interface ClientBuild {
  directory: string;
  remove(): Promise<void>;
}

/** The client the registry serves at `/`. */
export function buildClient(): Promise<ClientBuild> {
  return buildWithVite(join(REPO_ROOT, 'src', 'renderer', 'vite.config.ts'), 'slashbench-client-');
}

async function buildWithVite(configFile: string, prefix: string): Promise<ClientBuild> {
  const directory = await mkdtemp(join(tmpdir(), prefix));
  try {
    await build({
      configFile,
      logLevel: 'warn',
      build: { outDir: directory, emptyOutDir: true, sourcemap: false },
    });
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return { directory, remove: () => rm(directory, { recursive: true, force: true }) };
}
