// The types of import-cycles.js, for the tests that drive it.
import type { ESLint } from 'eslint';

/** One import written in a file: the file it names and where the name is written. */
export interface WrittenImport {
  specifier: string;
  target: string;
  start: number;
  end: number;
}

export function importsOf(file: string, text: string): WrittenImport[];
/** The import cycles among `files` and whatever they import: each a sorted list of absolute paths. */
export function findImportCycles(files: string[]): string[][];
/** `slashbench/no-import-cycle`. */
export const plugin: ESLint.Plugin;
