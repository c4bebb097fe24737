/**
 * Reading the project's documentation the way a reader meets it: README.md and every page of
 * docs/, their fenced shell blocks as the commands a reader would type, their relative links,
 * and their headings as GitHub turns them into anchors.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/registry-process.js';

export interface DocumentationFile {
  /** From the repository's root: `README.md`, `docs/bots.md`. */
  path: string;
  text: string;
}

/** README.md, then docs/*.md in name order. */
export function documentationFiles(): DocumentationFile[] {
  const pages = readdirSync(join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md')).sort();
  return ['README.md', ...pages.map((name) => `docs/${name}`)].map((path) => ({
    path,
    text: readFileSync(join(REPO_ROOT, path), 'utf8'),
  }));
}

/** The text of markdown with its fenced blocks blanked out, so links and headings in code are not read. */
export function withoutCode(text: string): string {
  return text.replace(/^([ \t]*)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, '');
}

/**
 * The commands of every ```sh and ```bash block, as a shell reads them: lines continued with
 * a trailing backslash joined, blank lines and whole-line comments left out. Blocks indented
 * inside list items count too.
 */
export function shellCommands(text: string): string[] {
  const commands: string[] = [];
  for (const block of text.matchAll(/^([ \t]*)```(?:sh|bash)[ \t]*\n([\s\S]*?)^\1```[ \t]*$/gm)) {
    const indent = block[1]!.length;
    const lines = block[2]!.split('\n').map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)));
    let pending = '';
    for (const line of lines) {
      if (line.endsWith('\\')) {
        pending += `${line.slice(0, -1).trimEnd()} `;
        continue;
      }
      const command = (pending + line.trim()).trim();
      pending = '';
      if (command !== '' && !command.startsWith('#')) commands.push(command);
    }
  }
  return commands;
}

/** Relative link targets (`docs/bots.md#tested-with`, `client.png`), images included; web and mail links left out. */
export function relativeLinks(text: string): string[] {
  const prose = withoutCode(text).replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/**
 * The anchors GitHub makes of a page's headings: lowercased, punctuation other than `-` and
 * `_` dropped, spaces made hyphens, and a repeated anchor numbered (`-1`, `-2`).
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCode(text).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = match[1]!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
