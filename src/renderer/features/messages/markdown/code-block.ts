/**
 * A fenced code block. One that names a language the highlighter knows is shown with its
 * tokens coloured (code-highlight.ts, loaded the first time a block names a language, so
 * highlight.js is not part of the first load); until then, and for any other language or
 * none, its text is plain, as the real client shows it. Plain `.ts` (createElement), as
 * markdown-parts.ts, so the unit tests render it in Node.
 */
import { createElement, useEffect, useMemo, useState } from 'react';
import type * as HighlighterModule from './code-highlight.js';

type Highlighter = typeof HighlighterModule;

let loaded: Highlighter | null = null;
let loading: Promise<Highlighter | null> | null = null;

/** The highlighter, loaded once for the page (blocks drawn after it show colours at once); null when its file could not be loaded. */
export function loadHighlighter(): Promise<Highlighter | null> {
  loading ??= import('./code-highlight.js').then(
    (module) => (loaded = module),
    () => null,
  );
  return loading;
}

export function CodeBlock({ code, language }: { code: string; language?: string }) {
  const [highlighter, setHighlighter] = useState<Highlighter | null>(loaded);
  useEffect(() => {
    if (!language || highlighter !== null) return undefined;
    let current = true;
    void loadHighlighter().then((module) => {
      if (current && module !== null) setHighlighter(module);
    });
    return () => {
      current = false;
    };
  }, [language, highlighter]);
  const tokens = useMemo(() => (language && highlighter ? highlighter.highlightCode(code, language) : null), [code, language, highlighter]);
  const classes = [language ? `language-${language}` : '', tokens ? 'hljs' : ''].filter(Boolean).join(' ');
  return createElement('pre', { className: 'md-codeblock', 'data-language': language || undefined, 'data-highlighted': tokens ? 'true' : 'false' },
    createElement('code', { className: classes || undefined }, tokens && highlighter ? highlighter.tokenElements(tokens) : code));
}
