// This folder's own Vitest settings: a bot logs in through a real gateway, so tests get time.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['*.test.mjs'], testTimeout: 30_000, hookTimeout: 30_000 } });
