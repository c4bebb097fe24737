// The client's browser build: `npm run build:client` writes out/renderer, which the registry
// serves at `/` (src/registry/routes/client-files.ts). Relative asset URLs (`base: './'`)
// so the same files load from the registry and, later, from the desktop app. Scripts and
// styles get Brotli and gzip copies at build time, which the registry serves precompressed.
// The parts the first screen does not show are chunks loaded when first shown (app/lazy-parts.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { discordEnums } from '../../scripts/discord-enums.js';
import { precompress } from '../../scripts/precompress.js';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), discordEnums(), precompress()],
  build: {
    outDir: '../../out/renderer',
    emptyOutDir: true,
    // The CSP allows no inline script: keep the module preload helper in a file too.
    modulePreload: { polyfill: false },
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // Everything the first screen imports in one script (index-*.js), rather than split
        // where the parts loaded later (app/lazy-parts.ts) share modules with it; those parts
        // are chunks of their own, fetched when first shown.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
});
