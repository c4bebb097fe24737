/**
 * The registry's Node flags (src/registry/node-flags.ts) are one fact: `npm run serve` must
 * start the CLI with exactly them, as `npm start` and the benchmarks do from the constant.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY_NODE_FLAGS } from '../../src/registry/node-flags.js';
import { REPO_ROOT } from '../helpers/registry-process.js';

describe("the registry's Node flags", () => {
  it('are the ones `npm run serve` starts the CLI with', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.serve).toBe(['node', ...REGISTRY_NODE_FLAGS, 'out/node/registry/cli.js'].join(' '));
  });

  it('are ones this Node knows', () => {
    expect(REGISTRY_NODE_FLAGS.length).toBeGreaterThan(0);
    for (const flag of REGISTRY_NODE_FLAGS) expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0] as string), flag).toBe(true);
  });
});
