// The desktop app's build (electron-vite): main and preload for Node/Electron, the renderer
// for the browser. The registry is built separately by tsc (`npm run build:registry`) because
// it also runs headless, without Electron (see ARCHITECTURE.md). The renderer's settings match
// src/renderer/vite.config.ts, which builds the same files for browser mode (`npm run build:client`).
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: { outDir: 'out/main', rollupOptions: { input: resolve('src/main/index.ts') } },
  },
  preload: {
    // A sandboxed preload must be CommonJS, whatever the package's module type.
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: resolve('src/preload/index.ts'), output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'src/renderer',
    base: './',
    plugins: [react()],
    build: { outDir: 'out/renderer', rollupOptions: { input: resolve('src/renderer/index.html') } },
  },
});
