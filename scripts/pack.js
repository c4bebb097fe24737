/**
 * `npm run pack [-- <folder>]`: the installable package (`slashbench/testing`, the
 * `slashbench` command, the built registry and client) as a tarball in `<folder>` (the
 * system's temporary folder by default), never in the working tree. It packs what
 * `npm pack` would, from the `out/` that `npm ci` built, but with a manifest without the
 * checkout's scripts: an installed package runs none, and npm 11 warns about any
 * `prepare` it finds in a dependency ("install scripts not yet covered by allowScripts").
 * Prints the tarball's path.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const destination = resolve(process.argv[2] ?? tmpdir());
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

// The files `npm pack` takes (the manifest's `files`), listed without packing.
const [listing] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root));
const staging = mkdtempSync(join(tmpdir(), 'slashbench-pack-'));
try {
  for (const { path } of listing.files) {
    if (path === 'package.json') continue;
    mkdirSync(dirname(join(staging, path)), { recursive: true });
    copyFileSync(join(root, path), join(staging, path));
  }
  // What only the checkout uses: its scripts, its development packages and its install rules.
  const { scripts: _scripts, devDependencies: _development, allowScripts: _allow, overrides: _overrides, ...manifest } =
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(destination, { recursive: true });
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', destination], staging));
  console.log(join(destination, packed.filename));
} finally {
  rmSync(staging, { recursive: true, force: true });
}
