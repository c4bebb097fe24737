import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { native } from './native.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('loading the addon', () => {
  it("loads with require('./native') from the project root (CommonJS)", () => {
    const out = execFileSync(
      process.execPath,
      ['-e', `process.stdout.write(require('./native').computeCodeChallenge('${RFC_VERIFIER}').challenge)`],
      { cwd: root, encoding: 'utf8' },
    );
    expect(out).toBe(RFC_CHALLENGE);
  });

  it('loads from ESM through createRequire and as a named-export import', () => {
    const script = [
      "import { createRequire } from 'node:module';",
      "import { getDefaultPresenceScopes } from './native/index.cjs';",
      "const viaRequire = createRequire(import.meta.url)('./native');",
      'process.stdout.write(viaRequire.getDefaultCommunicationScopes() + "|" + getDefaultPresenceScopes());',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(out).toBe('openid sdk.social_layer|openid sdk.social_layer_presence');
  });

  it('loads in a worker thread alongside the main thread (context-aware Node-API)', async () => {
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const n = require(workerData.path);
       const args = new n.AuthorizationArgs();
       args.setClientId('99');
       args.setScopes('openid');
       parentPort.postMessage({
         challenge: n.computeCodeChallenge(workerData.verifier).challenge,
         redirect: n.buildAuthorizeUrl(args, { baseUrl: 'http://x.test', platform: 'mobile' }).redirectUri,
       });`,
      { eval: true, workerData: { path: `${root}native`, verifier: RFC_VERIFIER } },
    );
    const message = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(message).toEqual({ challenge: RFC_CHALLENGE, redirect: 'discord-99:/authorize/callback' });
    // The main thread's copy still works after the worker's environment is gone.
    expect(native.computeCodeChallenge(RFC_VERIFIER).challenge).toBe(RFC_CHALLENGE);
  });

  it('reports the Node-API version it targets and where the binary is', () => {
    expect(native.napiVersion).toBe(8);
    expect(native.BINDING_PATH).toMatch(/native[\\/]build[\\/]Release[\\/]slashbench_native\.node$/);
  });
});
