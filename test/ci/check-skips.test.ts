/**
 * scripts/check-skips.js, which CI runs after each test run: a skipped test fails it
 * unless the allow-list names it with why; so does a report that is missing or ran nothing,
 * and an allow-list entry without its reason.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = resolve('scripts/check-skips.js');

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-skips-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

type Status = 'passed' | 'failed' | 'skipped' | 'pending' | 'todo';

/** A Vitest JSON report (the fields the script reads) of `tests` in files under the temp directory. */
function report(tests: Array<{ file: string; name: string; status: Status }>) {
  const files = [...new Set(tests.map((test) => test.file))];
  return {
    numTotalTests: tests.length,
    testResults: files.map((file) => ({
      name: join(directory, file),
      assertionResults: tests.filter((test) => test.file === file).map((test) => ({ fullName: test.name, title: test.name, status: test.status })),
    })),
  };
}

let files = 0;
async function written(value: unknown): Promise<string> {
  const path = join(directory, `file-${++files}.json`);
  await writeFile(path, JSON.stringify(value));
  return path;
}

/** Runs the script from the temp directory; answers its exit code and output. */
async function check(allowed: unknown, ...reports: unknown[]): Promise<{ code: number | null; out: string; err: string }> {
  const args = [await written(allowed)];
  for (const entry of reports) args.push(typeof entry === 'string' ? entry : await written(entry));
  const child = spawn(process.execPath, [SCRIPT, ...args], { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, out, err };
}

const mounts = { file: 'test/disk.test.ts', name: 'a full disk refuses the write', status: 'skipped' as const };
const postgres = { file: 'test/store.test.ts', name: 'the world model reads an old PostgreSQL database', status: 'skipped' as const };
const ran = { file: 'test/store.test.ts', name: 'the world model loads', status: 'passed' as const };
const allowPostgres = [{ file: 'test/store.test.ts', test: postgres.name, reason: 'runs in npm run test:postgres' }];

describe('check-skips', () => {
  it('passes a run whose only skips are allowed, saying which and why', async () => {
    const result = await check(allowPostgres, report([ran, postgres]));
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(`skipped, as allowed: test/store.test.ts > ${postgres.name} (runs in npm run test:postgres)`);
  });

  it('fails on a skipped test the allow-list does not name, naming it', async () => {
    const result = await check(allowPostgres, report([ran, postgres, mounts]));
    expect(result.code).toBe(1);
    expect(result.err).toContain(`1 test(s) skipped that should have run`);
    expect(result.err).toContain(`test/disk.test.ts > ${mounts.name}`);
    expect(result.err).not.toContain(postgres.name);
  });

  it('counts pending and todo tests as skipped, and looks in every report', async () => {
    const pending = { ...mounts, name: 'pending one', status: 'pending' as const };
    const todo = { ...mounts, name: 'todo one', status: 'todo' as const };
    const result = await check([], report([ran]), report([pending, todo]));
    expect(result.code).toBe(1);
    expect(result.err).toContain('test/disk.test.ts > pending one');
    expect(result.err).toContain('test/disk.test.ts > todo one');
  });

  it('allows a test only in its own file', async () => {
    const elsewhere = [{ ...allowPostgres[0]!, file: 'test/other.test.ts' }];
    expect((await check(elsewhere, report([ran, postgres]))).code).toBe(1);
  });

  it('fails on a report that is missing or ran no test, and on an allowed skip without its reason', async () => {
    const missing = await check([], join(directory, 'no-such-report.json'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read the report');
    const empty = await check([], report([]));
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('ran no test');
    const unexplained = await check([{ file: 'test/store.test.ts', test: postgres.name }], report([ran, postgres]));
    expect(unexplained.code).toBe(2);
    expect(unexplained.err).toContain('has no reason');
  });
});
