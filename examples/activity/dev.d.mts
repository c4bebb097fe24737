/** Types of dev.mjs, for the tests that start the sample (test/e2e/sample-activity.test.ts). */
import type { LogLevel } from 'vite';

export interface SampleOptions {
  /** The Vite dev server's port (0: any free one); 5173 by default. */
  port?: number;
  /** The token server's port; 3001 by default. */
  tokenPort?: number;
  /** The quotes API's port; 3002 by default. */
  quotesPort?: number;
  clientId: string;
  clientSecret: string;
  /** The registry's URL, whose token endpoint exchanges the codes. */
  registry: string;
  logLevel?: LogLevel;
  /** Vite's cache of pre-bundled dependencies (tests give each run its own). */
  cacheDir?: string;
}

export interface RunningSample {
  /** The dev server, `http://127.0.0.1:<port>`. */
  url: string;
  /** The quotes API, `http://127.0.0.1:<port>`. */
  quotesUrl: string;
  /** The app's URL mappings for it: `/quotes` and `/`. */
  mappings: Array<{ prefix: string; target: string }>;
  close(): Promise<void>;
}

export function startSample(options: SampleOptions): Promise<RunningSample>;
