#!/usr/bin/env node
/**
 * `node scripts/check-skips.js ALLOWED.json REPORT.json...`: fails (exit 1) when a test run
 * skipped a test it should have run. Each REPORT is a Vitest JSON report (the `json`
 * reporter of vitest.config.ts and the other configs: `test-results/vitest*.json`);
 * ALLOWED (`test/allowed-skips.json`) lists the tests that may be skipped, each with why:
 * `[{ "file": "test/...test.ts", "test": "<describe titles and the test's, joined by spaces>",
 * "reason": "..." }]`. A test that skips itself where CI should run it (a mount not allowed,
 * no address to test from) is then a failure CI shows, not a pass; so is a report that is
 * missing or ran no test. `.ci/run` runs it after each test run.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

/** Statuses of a test that did not run. */
const NOT_RUN = new Set(['skipped', 'pending', 'todo', 'disabled']);

function fail(message) {
  console.error(`check-skips: ${message}`);
  process.exit(2);
}

function readJson(path, what) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return fail(`cannot read ${what} ${path}: ${error.message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail(`${what} ${path} is not JSON: ${error.message}`);
  }
}

const [allowedPath, ...reportPaths] = process.argv.slice(2);
if (!allowedPath || reportPaths.length === 0) {
  console.error('usage: node scripts/check-skips.js ALLOWED.json REPORT.json...');
  process.exit(2);
}

const allowed = readJson(allowedPath, 'the allow-list');
if (!Array.isArray(allowed)) fail(`${allowedPath} is not a list`);
for (const [index, entry] of allowed.entries()) {
  for (const field of ['file', 'test', 'reason']) {
    if (typeof entry?.[field] !== 'string' || entry[field].trim() === '') fail(`${allowedPath}[${index}] has no ${field}: every allowed skip names its file, its test and why`);
  }
}
const reasonOf = new Map(allowed.map((entry) => [`${entry.file} > ${entry.test}`, entry.reason]));

const unexpected = [];
const allowedSkips = [];
for (const reportPath of reportPaths) {
  const report = readJson(reportPath, 'the report');
  if (!Array.isArray(report?.testResults) || !(report.numTotalTests > 0)) fail(`${reportPath} ran no test: the run it reports did not happen`);
  for (const file of report.testResults) {
    const path = relative(process.cwd(), file.name).split(sep).join('/');
    for (const test of file.assertionResults ?? []) {
      if (!NOT_RUN.has(test.status)) continue;
      const key = `${path} > ${test.fullName}`;
      if (reasonOf.has(key)) allowedSkips.push(`${key} (${reasonOf.get(key)})`);
      else unexpected.push(key);
    }
  }
}

for (const skip of allowedSkips) console.log(`check-skips: skipped, as allowed: ${skip}`);
if (unexpected.length > 0) {
  console.error(`check-skips: ${unexpected.length} test(s) skipped that should have run (allow one, with why, in ${allowedPath}):`);
  for (const key of unexpected) console.error(`  ${key}`);
  process.exit(1);
}
console.log(`check-skips: no test skipped that should have run (${reportPaths.join(', ')})`);
