/**
 * The results table: every figure next to its baseline from the same run, their ratio, and
 * the target it is held to. Targets are ratios, since the machine is shared and its speed
 * varies from run to run, except the few an issue sets in absolute terms (issue 19:
 * `startBench` ready within 300 ms, a command's reply within 5 ms at p50), shown with the
 * baseline beside them all the same.
 */

/**
 * What the issue sets: Slashbench / baseline at most (latency) or at least (throughput)
 * `ratio`, or the figure itself at most or at least `absolute` (in the row's unit).
 */
export type Target =
  | { comparison: 'at most' | 'at least'; ratio: number }
  | { comparison: 'at most' | 'at least'; absolute: number };

export interface Row {
  /** Which benchmark, e.g. "delivery (HTTP)". */
  benchmark: string;
  /** What is measured, e.g. "p50". */
  figure: string;
  unit: 'ms' | 'req/s' | 'runs/s' | 'MB';
  value: number;
  baseline: number;
  /** What the baseline is, in a few words. */
  baselineName: string;
  target?: Target;
  /** Why the target may be out of reach on this kind of machine, printed when it is missed. */
  outOfReach?: string;
  /**
   * The floor of the figure's hops, measured beside it (for HTTP delivery: two warm hops and
   * a signature, no work): the part of the ratio no registry can take away. The figure
   * beyond the floor is the registry's own.
   */
  floor?: number;
  floorName?: string;
}

export function ratioOf(row: Row): number {
  return row.value / row.baseline;
}

/** Whether the row meets its target; undefined when it has none (reported for context). */
export function isMet(row: Row): boolean | undefined {
  if (!row.target) return undefined;
  const [figure, bound] = 'ratio' in row.target ? [ratioOf(row), row.target.ratio] : [row.value, row.target.absolute];
  return row.target.comparison === 'at most' ? figure <= bound : figure >= bound;
}

/** The target as the table shows it: `≤ 3` (a ratio) or `≤ 300 ms` (a figure). */
export function targetText(row: Row): string {
  if (!row.target) return '—';
  const sign = row.target.comparison === 'at most' ? '≤' : '≥';
  return 'ratio' in row.target ? `${sign} ${row.target.ratio}` : `${sign} ${amount(row.target.absolute, row.unit)}`;
}

function amount(value: number, unit: Row['unit']): string {
  switch (unit) {
    case 'ms':
      return `${value < 10 ? value.toFixed(3) : value.toFixed(1)} ms`;
    case 'req/s':
    case 'runs/s':
      return `${Math.round(value)} ${unit}`;
    case 'MB':
      return `${value.toFixed(1)} MB`;
  }
}

function cells(row: Row): string[] {
  const met = isMet(row);
  const target = targetText(row);
  const floor = row.floor === undefined ? ['—', '—'] : [
    `${amount(row.floor, row.unit)}, ${(row.floor / row.baseline).toFixed(2)}x (${row.floorName ?? 'floor'})`, (row.value / row.floor).toFixed(2),
  ];
  return [
    row.benchmark, row.figure, amount(row.value, row.unit), `${amount(row.baseline, row.unit)} (${row.baselineName})`,
    ratioOf(row).toFixed(2), ...floor, target, met === undefined ? 'n/a' : met ? 'yes' : 'NO',
  ];
}

const HEADER = ['benchmark', 'figure', 'Slashbench', 'baseline', 'ratio', 'floor (physics), x baseline', 'Slashbench / floor', 'target', 'met?'];

/** An aligned plain-text table for the terminal. */
export function textTable(rows: readonly Row[]): string {
  const lines = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) => line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [format(lines[0] as string[]), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.slice(1).map(format)].join('\n');
}

/** The same table in Markdown, for docs/benchmarks.md's Results. */
export function markdownTable(rows: readonly Row[]): string {
  const line = (values: string[]) => `| ${values.map((value) => value.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(HEADER), line(HEADER.map(() => '---')), ...rows.map((row) => line(cells(row)))].join('\n');
}
