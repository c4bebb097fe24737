/**
 * A replay's results for people and for CI: a readable list of steps with what changed in
 * each, and the same as JUnit XML (one test case per step, a failure holding the
 * differences), which CI systems show as test results.
 */
import type { StepResult } from './replay-steps.js';

/** The readable report: one line per step, the changes under a step that differs, a closing count. */
export function textReport(name: string, results: readonly StepResult[]): string {
  const lines = [`Replaying "${name}": ${results.length} step${results.length === 1 ? '' : 's'}`];
  for (const result of results) {
    lines.push(`  ${result.passed ? 'ok  ' : 'FAIL'} ${result.step.id} ${result.step.label}`);
    if (result.error !== undefined) lines.push(`         could not be taken: ${result.error}`);
    for (const difference of result.differences) lines.push(`         ${difference.text}`);
  }
  const failed = results.filter((result) => !result.passed).length;
  lines.push(failed === 0 ? `All ${results.length} steps answered as recorded.` : `${failed} of ${results.length} steps differ from the recording.`);
  return lines.join('\n');
}

/** XML 1.0 has no place for control characters other than tab, newline and carriage return, even escaped. */
function xmlCharacters(text: string): string {
  return [...text].filter((character) => (character.codePointAt(0) ?? 0) >= 0x20 || character === '\t' || character === '\n' || character === '\r').join('');
}

function escape(text: string): string {
  return xmlCharacters(text).replace(/[<>&"']/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character] as string);
}

/** JUnit XML: a suite named for the scenario, a case per step, a failure per step that differs or could not be taken. */
export function junitReport(name: string, results: readonly StepResult[]): string {
  const failures = results.filter((result) => !result.passed).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = results.reduce((sum, result) => sum + result.durationMs, 0);
  const cases = results.map((result) => {
    const open = `    <testcase classname="slashbench.replay" name="${escape(`${result.step.id} ${result.step.label}`)}" time="${seconds(result.durationMs)}"`;
    if (result.passed) return `${open}/>`;
    const lines = result.error !== undefined ? [`could not be taken: ${result.error}`] : result.differences.map((difference) => difference.text);
    return [
      `${open}>`,
      `      <failure message="${escape(lines[0] ?? 'differs from the recording')}" type="ReplayDifference">${escape(lines.join('\n'))}</failure>`,
      '    </testcase>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="slashbench replay" tests="${results.length}" failures="${failures}" time="${seconds(total)}">`,
    `  <testsuite name="${escape(name)}" tests="${results.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(total)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
