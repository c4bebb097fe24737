/**
 * Syntax highlighting of a code block that names its language, as the real client does it:
 * with highlight.js, for the common languages and their aliases (`js`, `ts`, `py`, `sh`,
 * `html`, `yml`, `rs`, `c#` ...), each token a span with highlight.js's class names. The
 * tokens are read as a tree (an emitter of our own, highlight.js's `__emitter` extension
 * point; a token tree that does not give back the code exactly is shown plain) and made into React elements, so a message's code never becomes HTML: a `<script>`
 * in it stays text. Loaded on demand (code-block.ts), to keep highlight.js out of the first load.
 */
import hljs from 'highlight.js/lib/core';
import type { Emitter, LanguageFn } from 'highlight.js';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createElement, Fragment, type ReactNode } from 'react';

/** A token: its text, or a scope (`keyword`, `title.function`, `language:css`) around tokens. */
export type HighlightNode = string | { scope?: string; children: HighlightNode[] };

/** Collects the tokens highlight.js finds as a tree; it never writes HTML. */
class TreeEmitter implements Emitter {
  readonly root: { scope?: string; children: HighlightNode[] } = { children: [] };
  private readonly stack = [this.root];

  private get top() {
    return this.stack[this.stack.length - 1] ?? this.root;
  }

  addText(text: string): void {
    if (text !== '') this.top.children.push(text);
  }

  startScope(scope: string): void {
    const node = { scope, children: [] };
    this.top.children.push(node);
    this.stack.push(node);
  }

  endScope(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  // highlight.js 11 opens and closes a mode's scope by these names too (its TokenTree's).
  openNode(scope: string): void {
    this.startScope(scope);
  }

  closeNode(): void {
    this.endScope();
  }

  /** Code of another language inside this one (CSS in HTML): its own tree, under `language:name`. */
  __addSublanguage(emitter: Emitter, name: string): void {
    if (!(emitter instanceof TreeEmitter)) return;
    this.top.children.push({ ...(name ? { scope: `language:${name}` } : {}), children: emitter.root.children });
  }

  finalize(): void {
    this.stack.length = 1;
  }

  toHTML(): string {
    return '';
  }
}

const LANGUAGES: Readonly<Record<string, LanguageFn>> = {
  bash, cpp, csharp, css, diff, go, java, javascript, json, markdown, python, rust, sql, typescript, xml, yaml,
};

// An instance of our own: the shared `hljs` default stays as highlight.js ships it.
const highlighter = hljs.newInstance();
highlighter.configure({ __emitter: TreeEmitter });
for (const [name, language] of Object.entries(LANGUAGES)) highlighter.registerLanguage(name, language);

/** The whole text of `nodes`, in order. */
export function tokenText(nodes: readonly HighlightNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : tokenText(node.children))).join('');
}

/**
 * `code`'s tokens in `language` (a name or an alias, any case), or null when the language is
 * not one highlighted here, or when the tokens would not give back the code exactly.
 */
export function highlightCode(code: string, language: string): HighlightNode[] | null {
  if (!language || highlighter.getLanguage(language) === undefined) return null;
  const result = highlighter.highlight(code, { language, ignoreIllegals: true });
  const emitter = result._emitter;
  if (!(emitter instanceof TreeEmitter) || tokenText(emitter.root.children) !== code) return null;
  return emitter.root.children;
}

/** highlight.js's class names for a scope: `hljs-keyword`; `title.function` is `hljs-title function_`; `language:css` is `language-css`. */
export function scopeClass(scope: string): string {
  if (scope.startsWith('language:')) return `language-${scope.slice('language:'.length)}`;
  const [first, ...rest] = scope.split('.');
  return [`hljs-${first ?? ''}`, ...rest.map((piece, index) => `${piece}${'_'.repeat(index + 1)}`)].join(' ');
}

/** Tokens as React elements: a span with its classes per scope, text as text. */
export function tokenElements(nodes: readonly HighlightNode[], key = 't'): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const children = tokenElements(node.children, `${key}.${index}`);
    if (!node.scope) return createElement(Fragment, { key: `${key}.${index}` }, children);
    return createElement('span', { key: `${key}.${index}`, className: scopeClass(node.scope) }, children);
  });
}
