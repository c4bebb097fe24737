// The sample Activity's build: `npm run build:activity` bundles the page with the Embedded
// App SDK into out/activity, which the registry serves (src/registry/routes/sample-activity.ts).
// Relative asset URLs, as the page lives at /_activities/demo/<app id>/.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  build: {
    outDir: '../../out/activity',
    emptyOutDir: true,
    // The page's CSP allows no inline script: keep the module preload helper in a file too.
    modulePreload: { polyfill: false },
  },
});
