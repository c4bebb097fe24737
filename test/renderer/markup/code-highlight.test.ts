/**
 * Code blocks coloured as the real client colours them (highlight.js): a block naming a
 * language the client knows, by name or alias, becomes spans with highlight.js's class
 * names; its text stays exactly the code and stays text (markup in it is never HTML); a
 * language the client does not know, or none, stays plain.
 */
import hljs from 'highlight.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighlighter } from '../../../src/renderer/features/messages/markdown/code-block.js';
import { highlightCode, scopeClass, tokenElements, tokenText } from '../../../src/renderer/features/messages/markdown/code-highlight.js';
import { markdown, markup } from './render-markup.js';

/** highlight.js as it ships (every language, its HTML renderer), to compare with. */
const reference = hljs;

/** The code's tokens as static HTML. */
function tokens(code: string, language: string): string {
  const nodes = highlightCode(code, language);
  if (nodes === null) throw new Error(`${language} is not highlighted`);
  return markup(tokenElements(nodes));
}

describe('the highlighter\'s tokens', () => {
  it('marks a language\'s keywords, strings, numbers and comments with highlight.js\'s classes', () => {
    expect(tokens('const a = "x"; // note', 'js')).toBe(
      '<span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;x&quot;</span>; <span class="hljs-comment">// note</span>',
    );
    expect(tokens('def f(n):\n    return n + 1', 'python')).toContain('<span class="hljs-keyword">def</span> <span class="hljs-title function_">f</span>');
    expect(tokens('{"a": 1}', 'json')).toBe(
      '<span class="hljs-punctuation">{</span><span class="hljs-attr">&quot;a&quot;</span><span class="hljs-punctuation">:</span> <span class="hljs-number">1</span><span class="hljs-punctuation">}</span>',
    );
  });

  it('knows every language the client colours, by its aliases too, in any case, with the spans highlight.js\'s own HTML has', () => {
    const samples: Record<string, string> = {
      ts: 'let n: number = 1;', TypeScript: 'let n: number = 1;', javascript: 'let n = 1;', py: 'import os', sh: 'echo "hi"', bash: 'if true; then :; fi',
      css: 'a { color: red; }', html: '<p class="x">hi</p>', xml: '<a b="c"/>', diff: '+added\n-removed', yml: 'key: value', yaml: 'key: 1',
      sql: 'SELECT * FROM t;', rs: 'fn main() {}', rust: 'let x = 5;', go: 'func main() {}', golang: 'package main', java: 'public class A {}',
      cpp: 'int main() { return 0; }', 'c++': '#include <vector>', cs: 'public class A {}', csharp: 'var x = 1;', md: '# Title', markdown: '*text*', json: '[1]',
    };
    for (const [language, code] of Object.entries(samples)) {
      const nodes = highlightCode(code, language);
      expect(nodes, language).not.toBeNull();
      expect(tokenText(nodes ?? []), language).toBe(code);
      const html = markup(tokenElements(nodes ?? []));
      expect(html, language).toMatch(/<span class="(hljs-|language-)/);
      // The same elements as highlight.js's own renderer writes (as HTML, which the client never uses).
      expect(html, language).toBe(reference.highlight(code, { language, ignoreIllegals: true }).value);
    }
  });

  it('leaves an unknown language, or none, to be shown plain', () => {
    expect(highlightCode('print 1', 'cobol')).toBeNull();
    expect(highlightCode('print 1', '')).toBeNull();
  });

  it('keeps markup in the code as text, and code of another language inside under its own class', () => {
    const html = tokens('<script>alert("x")</script><img src=x onerror=alert(1)>', 'html');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;<span class="hljs-name">script</span>&gt;');
    expect(html).toContain('<span class="language-javascript">');
    expect(html).toContain('<span class="hljs-title function_">alert</span>');
  });

  it('names scopes as highlight.js does', () => {
    expect(scopeClass('keyword')).toBe('hljs-keyword');
    expect(scopeClass('title.function')).toBe('hljs-title function_');
    expect(scopeClass('title.class.inherited')).toBe('hljs-title class_ inherited__');
    expect(scopeClass('language:css')).toBe('language-css');
  });
});

describe('a code block in a message', () => {
  beforeAll(async () => {
    expect(await loadHighlighter()).not.toBeNull();
  });

  it('shows a named language\'s tokens once the highlighter is loaded', () => {
    expect(markdown('```js\nlet a = 1;\n```')).toBe(
      '<pre class="md-codeblock" data-language="js" data-highlighted="true"><code class="language-js hljs">'
      + '<span class="hljs-keyword">let</span> a = <span class="hljs-number">1</span>;</code></pre>',
    );
  });

  it('shows an unknown language and a block with none plain', () => {
    expect(markdown('```cobol\nDISPLAY "HI".\n```')).toBe(
      '<pre class="md-codeblock" data-language="cobol" data-highlighted="false"><code class="language-cobol">DISPLAY &quot;HI&quot;.</code></pre>',
    );
    expect(markdown('```\nlet a = 1;\n```')).toBe('<pre class="md-codeblock" data-highlighted="false"><code>let a = 1;</code></pre>');
  });
});
