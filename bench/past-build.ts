/**
 * A build of an earlier commit, for a benchmark that compares against it in the same run:
 * the commit's sources exported with `git archive` into out/bench/FOLDER/REF, built there
 * with this checkout's packages, and kept for the next run.
 */
import { execFile } from 'node:child_process';
import { access, mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BrokenRun } from './registry.js';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

export interface PastBuild {
  /** Under out/bench: where the commits of this kind are built. */
  folder: string;
  /** What is built, for the messages ("registry", "registry and client"). */
  what: string;
  /** Files (relative to the build) whose presence says it is built already. */
  outputs: readonly string[];
  /** The build's steps, each `node ARGS...` run in the build's folder; `tool` names a file of this checkout's packages. */
  steps: (tool: (path: string) => string) => ReadonlyArray<readonly string[]>;
}

/** Builds `ref` as `build` says, once; answers the build's folder. */
export async function buildPast(ref: string, build: PastBuild, progress: (message: string) => void): Promise<string> {
  const directory = join(REPOSITORY, 'out', 'bench', build.folder, ref);
  const present = await Promise.all(build.outputs.map((file) => access(join(directory, file)).then(() => true, () => false)));
  if (present.every(Boolean)) return directory;
  progress(`${build.folder}: building ${ref}'s ${build.what} in ${directory}`);
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  try {
    await run('sh', ['-c', `git -C "${REPOSITORY}" archive "${ref}" | tar -x -C "${directory}"`]);
    await symlink(join(REPOSITORY, 'node_modules'), join(directory, 'node_modules'));
    const tool = (path: string) => join(REPOSITORY, 'node_modules', path);
    for (const args of build.steps(tool)) await run(process.execPath, [...args], { cwd: directory, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw new BrokenRun(`could not build ${ref}'s ${build.what} (a git checkout with that commit is needed): ${(error as Error).message}`);
  }
  return directory;
}
