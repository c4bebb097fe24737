// The sample Activity's dev server, as Discord's getting-started template configures it: the
// page on its own Vite dev server (the Portal maps `/` to it), `/api` proxied to the token
// server, so the page's `/.proxy/api/token` needs no mapping of its own. `npm run activity`
// (dev.mjs) starts it with the token and quotes servers; the ports come from the env.
import { join } from 'node:path';
import { defineConfig } from 'vite';

const port = Number(process.env.SAMPLE_PORT ?? 5173);
const tokenPort = Number(process.env.SAMPLE_TOKEN_PORT ?? 3001);

export default defineConfig({
  root: import.meta.dirname,
  envDir: import.meta.dirname,
  // Beside the checkout's other outputs, not in node_modules (which a worktree may share).
  cacheDir: join(import.meta.dirname, '..', '..', 'out', 'activity-vite'),
  server: {
    host: '127.0.0.1',
    port,
    // The mappings name this port: another one would leave them pointing at nothing.
    strictPort: true,
    proxy: {
      '/api': { target: `http://127.0.0.1:${tokenPort}`, changeOrigin: true },
    },
  },
  // The SDK pre-bundled at start: a dependency found later would reload the page mid-launch.
  optimizeDeps: { include: ['@discord/embedded-app-sdk'] },
});
