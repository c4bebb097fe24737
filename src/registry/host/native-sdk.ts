/**
 * The native SDK addon (`native/`, C++ over Node-API) as the host loads it: once, on first
 * use, from the package root, so it is found from the sources (tests), from tsc's output
 * (`out/node`) and from the desktop app's bundle alike. An addon that is not built or does
 * not load is answered as a reason, never thrown: the host contract reports `unavailable`.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Native from '../../../native/index.cjs';

export type NativeSdk = typeof Native;

export type NativeSdkLoad = { ok: true; sdk: NativeSdk } | { ok: false; reason: string };

/** The nearest folder above this file holding both package.json and the addon's facade. */
function nativeDirectory(): string | undefined {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(directory, 'package.json')) && existsSync(join(directory, 'native', 'index.cjs'))) return join(directory, 'native');
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

let loaded: NativeSdkLoad | undefined;

/** The addon, or why it cannot be used (e.g. "not built: run npm run build:native"). */
export function loadNativeSdk(): NativeSdkLoad {
  loaded ??= (() => {
    const directory = nativeDirectory();
    if (directory === undefined) return { ok: false, reason: 'The native SDK addon (native/) is not part of this installation.' };
    try {
      return { ok: true, sdk: createRequire(import.meta.url)(directory) as NativeSdk };
    } catch (error) {
      return { ok: false, reason: `The native SDK addon could not be loaded: ${(error as Error).message}` };
    }
  })();
  return loaded;
}
