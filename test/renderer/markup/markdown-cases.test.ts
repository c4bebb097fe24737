/**
 * Markdown's blocks as the real Discord client renders them, case by case, each with where
 * the behaviour is written down (the same table, with links, is in docs/client.md, "Markdown
 * as the client renders it"):
 * - "Markdown Text 101": Discord's support article, support.discord.com/hc/en-us/articles/210298617
 * - parse-discord: LyricLy/parse-discord, a parser whose tests were checked by hand against
 *   the desktop client (its README); `headers.py test_no_h4` names the test
 * - markdownguide: markdownguide.org/tools/discord (mattcone/markdown-guide), what Discord lacks
 * - api-docs#N: a discord/discord-api-docs thread where Discord's staff answer
 * Each renders through renderMarkdown, the function the client's MessageText calls, and is
 * read as an outline (markdown-outline.ts): `quote[…]`, `h1[…]`, `ul[a|b]`, `ol@3[a|b]`.
 */
import { describe, expect, it } from 'vitest';
import { rendered } from './markdown-outline.js';

interface Case {
  markdown: string;
  renders: string;
  source: string;
}

const headings: Case[] = [
  { markdown: '# One\n## Two\n### Three', renders: 'h1[One]h2[Two]h3[Three]', source: 'Markdown Text 101, Headers' },
  { markdown: '#### four', renders: '#### four', source: 'parse-discord headers.py test_no_h4; ItzDerock/discord-markdown-parser#8' },
  { markdown: '#no space', renders: '#no space', source: 'Markdown Text 101, Headers ("add a space")' },
  { markdown: 'not # a heading', renders: 'not # a heading', source: 'Markdown Text 101, Headers ("first character(s) in a new line"); parse-discord headers.py test_only_at_start' },
  { markdown: ' # indented', renders: ' # indented', source: 'parse-discord headers.py test_indentation_breaks' },
  { markdown: '# # a', renders: '# # a', source: 'parse-discord headers.py test_leading_hash' },
  { markdown: '# Title\nafter', renders: 'h1[Title]after', source: 'parse-discord headers.py test_newline_ends' },
  { markdown: 'before\n# Title', renders: 'before\nh1[Title]', source: 'Markdown Text 101, Headers ("in a new line")' },
];

const subtext: Case[] = [
  { markdown: '-# small print', renders: 'subtext[small print]', source: 'Markdown Text 101, Subtext' },
  { markdown: 'a -# not', renders: 'a -# not', source: 'Markdown Text 101, Subtext ("at the very beginning of the line"); parse-discord subtext.py test_only_at_start' },
  { markdown: '-#no space', renders: '-#no space', source: 'Markdown Text 101, Subtext ("Don\'t forget the space")' },
  { markdown: '-# -# a', renders: '-# -# a', source: 'parse-discord subtext.py test_leading_repeat' },
];

const lists: Case[] = [
  { markdown: '- a\n- b', renders: 'ul[a|b]', source: 'Markdown Text 101, Unordered Lists' },
  { markdown: '* a\n* b', renders: 'ul[a|b]', source: 'Markdown Text 101, Unordered Lists' },
  { markdown: '1. a\n2. b', renders: 'ol@1[a|b]', source: 'Markdown Text 101, Ordered Lists' },
  { markdown: '3. a\n4. b', renders: 'ol@3[a|b]', source: 'Markdown Text 101, Ordered Lists ("will always start with the first number")' },
  { markdown: '1. a\n1. b\n1. c', renders: 'ol@1[a|b|c]', source: 'Markdown Text 101, Ordered Lists ("don\'t have to be in numerical order")' },
  { markdown: '0. a', renders: 'ol@1[a]', source: 'parse-discord lists.py test_ol_bounds' },
  { markdown: '- a\n  - nested\n- b', renders: 'ul[a\nul[nested]|b]', source: 'Markdown Text 101, Unordered Lists (indent); parse-discord lists.py test_random_example' },
  { markdown: '-a\n1.b', renders: '-a\n1.b', source: 'Markdown Text 101, Unordered Lists ("add a space between the list bullet and your text")' },
  { markdown: '+ a', renders: '+ a', source: 'Markdown Text 101 names only - and *; ItzDerock/discord-markdown-parser branch feat/list' },
  { markdown: 'a - b * c', renders: 'a - b * c', source: 'parse-discord parse.py (a bullet only after the line\'s start)' },
  { markdown: '- # a', renders: 'ul[# a]', source: 'parse-discord lists.py test_headers_do_not' },
  { markdown: '- > a', renders: 'ul[quote[a]]', source: 'parse-discord lists.py test_quotes_work' },
];

const quotes: Case[] = [
  { markdown: '> a\n> b\nafter', renders: 'quote[a\nb]after', source: 'Markdown Text 101, Block Quotes' },
  { markdown: '>>> a\nb', renders: 'quote[a\nb]', source: 'Markdown Text 101, Block Quotes ("until the end of the message")' },
  { markdown: '> > a', renders: 'quote[> a]', source: 'parse-discord quotes.py test_no_nesting' },
  { markdown: '>no space', renders: '>no space', source: 'Markdown Text 101, Block Quotes ("followed by a space")' },
  { markdown: 'a > b', renders: 'a > b', source: 'parse-discord quotes.py test_not_in_middle' },
];

const blocksAfterBlocks: Case[] = [
  { markdown: '> quoted line\n# Big heading\n- item', renders: 'quote[quoted line]h1[Big heading]ul[item]', source: 'Markdown Text 101 (a heading starts any new line; > quotes one line); parse-discord parse.py' },
  { markdown: '> quoted\n-# note', renders: 'quote[quoted]subtext[note]', source: 'Markdown Text 101, Subtext; parse-discord parse.py' },
  { markdown: '# Title\n> quoted', renders: 'h1[Title]quote[quoted]', source: 'parse-discord headers.py test_newline_ends, quotes.py' },
  { markdown: '## Part\n- a\n- b', renders: 'h2[Part]ul[a|b]', source: 'parse-discord headers.py test_newline_ends, lists.py' },
  { markdown: '- a\n# Title', renders: 'ul[a]h1[Title]', source: 'ItzDerock/discord-markdown-parser#13 (a list item goes on only on indented lines)' },
  { markdown: '1. one\n> quoted', renders: 'ol@1[one]quote[quoted]', source: 'ItzDerock/discord-markdown-parser#13' },
  { markdown: '-# note\n- a', renders: 'subtext[note]ul[a]', source: 'parse-discord subtext.py test_newline_ends' },
  { markdown: '```\ncode\n```\n- item', renders: 'codeblock[code]ul[item]', source: 'Markdown Text 101, Code Blocks and Lists' },
  { markdown: '```\ncode\n```\n# Title', renders: 'codeblock[code]h1[Title]', source: 'Markdown Text 101, Code Blocks and Headers' },
  { markdown: '>>> a\n# b\n- c', renders: 'quote[a\nh1[b]ul[c]]', source: 'Markdown Text 101, Block Quotes (>>> to the end); parse-discord parse.py (headings off only in lists)' },
  { markdown: '> # Title', renders: 'quote[h1[Title]]', source: 'parse-discord parse.py (headings off only in lists)' },
  { markdown: '> a\n> # Title\n> b', renders: 'quote[a\nh1[Title]b]', source: 'parse-discord parse.py (headings off only in lists)' },
  { markdown: '> - a\n> - b', renders: 'quote[ul[a|b]]', source: 'parse-discord lists.py test_list_in_quote' },
  { markdown: '> -# note', renders: 'quote[subtext[note]]', source: 'parse-discord parse.py (subtext in any place)' },
];

const notMarkdown: Case[] = [
  { markdown: '| a | b |\n|---|---|\n| 1 | 2 |', renders: '| a | b |\n|---|---|\n| 1 | 2 |', source: 'markdownguide (tables: no)' },
  { markdown: 'above\n---\nbelow', renders: 'above\n---\nbelow', source: 'markdownguide (horizontal rules: no)' },
  { markdown: 'Title\n===', renders: 'Title\n===', source: 'Markdown Text 101 (headings are # only)' },
  { markdown: '![alt](https://example.com/a.png)', renders: '!a[alt]', source: 'markdownguide (images: no); parse-discord (a masked link, no image rule)' },
  { markdown: '- [ ] task', renders: 'ul[[ ] task]', source: 'markdownguide (task lists: no)' },
  { markdown: '<b>bold</b>', renders: '<b>bold</b>', source: 'markdownguide (HTML: no)' },
];

describe.each([
  ['headings', headings], ['subtext', subtext], ['lists', lists], ['quotes', quotes],
  ['blocks after blocks', blocksAfterBlocks], ['what is not markdown in a message', notMarkdown],
])('%s', (_name, cases) => {
  it.each(cases)('$markdown renders $renders ($source)', ({ markdown, renders }) => {
    expect(rendered(markdown)).toBe(renders);
  });
});

describe('embeds', () => {
  it('draws headings and lists in a description, as in a message (api-docs#7167: "allowing them in the description")', () => {
    expect(rendered('# Build\n- 0 failures')).toBe('h1[Build]ul[0 failures]');
  });

  it('leaves a heading in a field value as text, and still draws its lists (api-docs#7167, #6525; YousefEZ/discord-qalib#156)', () => {
    expect(rendered('# Build\n- 0 failures', { headings: false })).toBe('# Build\nul[0 failures]');
    expect(rendered('> # quoted', { headings: false })).toBe('quote[# quoted]');
  });
});
