/**
 * A Vite plugin for the client's build: beside each script and style sheet it writes a
 * Brotli (`.br`) and a gzip (`.gz`) copy, made once at build time, which the registry
 * serves to a browser that accepts them (src/registry/routes/client-files.ts) instead of
 * compressing on every request. Brotli at quality 9: nearly quality 11's size, at a
 * twentieth of its time (every end-to-end test builds the client).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the page loads; source maps only reach developer tools, and stay as they are. */
const COMPRESSED = /\.(js|css)$/;

export function precompress() {
  let assets = '';
  return {
    name: 'slashbench-precompress',
    apply: 'build',
    configResolved(config) {
      assets = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async writeBundle() {
      for (const name of await readdir(assets)) {
        if (!COMPRESSED.test(name)) continue;
        const bytes = await readFile(join(assets, name));
        const brotli = brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        await writeFile(join(assets, `${name}.br`), brotli);
        await writeFile(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
