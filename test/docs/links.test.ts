/**
 * Every relative link of README.md and docs/*.md (images included) leads to a file of the
 * repository, and a link's `#anchor` to a heading of the page it names. The README stays
 * short: under 150 lines.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { documentationFiles, headingAnchors, relativeLinks } from './markdown.js';

const files = documentationFiles();

describe.each(files.map(({ path, text }) => [path, text] as const))('%s', (path, text) => {
  it('links only to files and headings that exist', () => {
    const broken = relativeLinks(text).filter((link) => {
      const [target = '', anchor] = link.split('#');
      const file = target === '' ? join(REPO_ROOT, path) : join(REPO_ROOT, dirname(path), decodeURI(target));
      if (relative(REPO_ROOT, file).startsWith('..') || !existsSync(file)) return true;
      return anchor !== undefined && !(file.endsWith('.md') && headingAnchors(readFileSync(file, 'utf8')).has(anchor));
    });
    expect(broken).toEqual([]);
  });
});

describe('README.md', () => {
  it('is under 150 lines and links to every page of docs/', () => {
    const readme = files.find(({ path }) => path === 'README.md')!.text;
    expect(readme.split('\n').length).toBeLessThan(150);
    const pages = files.filter(({ path }) => path.startsWith('docs/')).map(({ path }) => path);
    const linked = new Set(relativeLinks(readme).map((link) => link.split('#')[0]));
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });
});
