/**
 * The lint's import-cycle check (scripts/import-cycles.js, issue 34): a cycle of type-only
 * imports is a cycle like any other, whatever form the imports take, and `npm run lint`
 * refuses one.
 */
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, it } from 'vitest';
import { findImportCycles, plugin } from '../../scripts/import-cycles.js';

/** A fresh folder holding `files` (name → text); the check caches what it read by path. */
function folderOf(files: Record<string, string>): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'slashbench-cycles-')));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

it('finds two modules that import only each other\'s types', () => {
  const folder = folderOf({
    'a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
    'b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
  });
  expect(findImportCycles([join(folder, 'a.ts')])).toEqual([[join(folder, 'a.ts'), join(folder, 'b.ts')]]);
});

it('follows every way of naming a module: a re-export, an import() type, a module augmentation', () => {
  const folder = folderOf({
    'a.ts': "export type { B } from './b.js';\nexport interface A { name: string }\n",
    'b.ts': "export type B = import('./c.js').C;\n",
    'c.ts': "export interface C { id: string }\ndeclare module './a.js' {\n  interface A { c?: C }\n}\n",
    'user.ts': "import type { A } from './a.js';\nexport const named = (a: A) => a.name;\n",
  });
  expect(findImportCycles([join(folder, 'user.ts')])).toEqual([['a.ts', 'b.ts', 'c.ts'].map((name) => join(folder, name))]);
});

it('finds none where every arrow points down', () => {
  const folder = folderOf({
    'top.ts': "import type { Middle } from './middle.js';\nimport { low } from './low.js';\nexport const top = (m: Middle) => low(m.n);\n",
    'middle.ts': "import type { Low } from './low.js';\nexport interface Middle { n: Low }\n",
    'low.ts': 'export type Low = number;\nexport const low = (n: Low) => n + 1;\n',
  });
  expect(findImportCycles([join(folder, 'top.ts')])).toEqual([]);
});

it('the rule marks the import that leads back, with the way round', () => {
  const folder = folderOf({
    'a.ts': "import { value } from './b.js';\nexport interface A { n: number }\nexport const a = value;\n",
    'b.ts': "import type { A } from './a.js';\nexport const value: A = { n: 1 };\n",
  });
  const config: Linter.Config[] = [{
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { slashbench: plugin },
    rules: { 'slashbench/no-import-cycle': 'error' },
  }];
  const linter = new Linter({ cwd: folder });
  const problems = linter.verify("import type { A } from './a.js';\nexport const value: A = { n: 1 };\n", config, join(folder, 'b.ts'));
  expect(problems).toMatchObject([
    { ruleId: 'slashbench/no-import-cycle', line: 1, column: 24, message: expect.stringContaining('b.ts → a.ts → b.ts') },
  ]);
});

it('npm run lint refuses the type-only cycle the client\'s store had (app-state.ts importing a slice)', async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const file = 'src/renderer/store/app-state.ts';
  const text = "import type { CommandsSlice } from '../features/commands/commands-slice.js';\nexport type Indexed = CommandsSlice['commandIndex'];\n";
  const [result] = await eslint.lintText(text, { filePath: join(process.cwd(), file) });
  expect(result?.messages.map((message) => [message.ruleId, message.message])).toEqual([[
    'slashbench/no-import-cycle',
    expect.stringContaining(`${file} → src/renderer/features/commands/commands-slice.ts → ${file}`),
  ]]);
});
