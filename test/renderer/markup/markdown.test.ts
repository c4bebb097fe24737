/**
 * Message markdown as the real client renders it (message-facts.md, "Markdown the client
 * renders"): each construct becomes its element, mentions read the place's names, times
 * read the reader's locale with the full date as their tooltip, and nothing in a message
 * becomes HTML of its own.
 */
import { describe, expect, it } from 'vitest';
import { DOCS_TIME, markdown } from './render-markup.js';

const LINK = 'class="md-link" target="_blank" rel="noreferrer noopener"';

describe('inline styles', () => {
  it('renders bold, italic (both markers), underline, strikethrough and inline code', () => {
    expect(markdown('**b** *i* _j_ __u__ ~~s~~ `c`')).toBe(
      '<strong>b</strong> <em>i</em> <em>j</em> <u>u</u> <s>s</s> <code class="md-code">c</code>',
    );
  });

  it('nests them, and keeps what a backslash escapes as text', () => {
    expect(markdown('***both*** __*under*__')).toBe('<em><strong>both</strong></em> <u><em>under</em></u>');
    expect(markdown('\\*not italic\\*')).toBe('*not italic*');
  });

  it('hides a spoiler behind a focusable button until it is revealed', () => {
    expect(markdown('a ||secret|| b')).toBe(
      'a <span class="md-spoiler" data-testid="spoiler" data-revealed="false" role="button" tabindex="0" aria-label="Spoiler, press to reveal">'
      + '<span class="md-spoiler__content" aria-hidden="true">secret</span></span> b',
    );
  });

  it('keeps line breaks', () => {
    expect(markdown('one\ntwo')).toBe('one<br/>two');
  });
});

describe('blocks', () => {
  it('renders a fenced code block with its language, its text untouched by markdown', () => {
    expect(markdown('```js\nconst a = **1**;\n```\nafter')).toBe(
      '<pre class="md-codeblock" data-language="js" data-highlighted="false"><code class="language-js">const a = **1**;</code></pre>after',
    );
    expect(markdown('```\nplain\n```')).toBe('<pre class="md-codeblock" data-highlighted="false"><code>plain</code></pre>');
  });

  it('renders > quotes line by line, and >>> quotes to the end of the message', () => {
    expect(markdown('> one\n> two\nafter')).toBe('<blockquote class="md-quote">one<br/>two</blockquote>after');
    expect(markdown('before\n>>> all\nof this')).toBe('before<br/><blockquote class="md-quote">all<br/>of this</blockquote>');
  });

  it('renders headings #, ## and ### and subtext -#, only at the start of a line', () => {
    expect(markdown('# One\n## Two\n### Three\n-# small print\ntext')).toBe(
      '<h1 class="md-heading">One</h1><h2 class="md-heading">Two</h2><h3 class="md-heading">Three</h3>'
      + '<small class="md-subtext">small print</small>text',
    );
    expect(markdown('not # a heading')).toBe('not # a heading');
    expect(markdown('#### four')).toBe('#### four');
  });

  it('starts a heading or subtext on the line after a quote, but never in a list item', () => {
    expect(markdown('> quoted line\n# Big heading\n- item')).toBe(
      '<blockquote class="md-quote">quoted line</blockquote><h1 class="md-heading">Big heading</h1><ul class="md-list"><li>item</li></ul>',
    );
    expect(markdown('> quoted\n-# note')).toBe('<blockquote class="md-quote">quoted</blockquote><small class="md-subtext">note</small>');
    expect(markdown('- # a')).toBe('<ul class="md-list"><li># a</li></ul>');
  });

  it('leaves a heading in an embed field\'s value as text, its lists drawn (discord/discord-api-docs#7167)', () => {
    expect(markdown('# Build\n- ok', { place: { headings: false } })).toBe('# Build<br/><ul class="md-list"><li>ok</li></ul>');
  });

  it('renders - and * lists and numbered lists (from their first number), a change of bullet kind starting a new list', () => {
    expect(markdown('- a\n* b')).toBe('<ul class="md-list"><li>a</li><li>b</li></ul>');
    expect(markdown('intro\n3. c\n4. **d**')).toBe('intro<br/><ol class="md-list" start="3"><li>c</li><li><strong>d</strong></li></ol>');
    expect(markdown('0. zero')).toBe('<ol class="md-list" start="1"><li>zero</li></ol>');
    expect(markdown('- a\n1. b')).toBe('<ul class="md-list"><li>a</li></ul><ol class="md-list" start="1"><li>b</li></ol>');
    expect(markdown('- a\n  - nested')).toBe('<ul class="md-list"><li>a<br/><ul class="md-list"><li>nested</li></ul></li></ul>');
    expect(markdown('a - b * c')).toBe('a - b * c');
  });

  it('continues a list item only on indented lines: the next plain line, a quote or a heading follows the list', () => {
    expect(markdown('- a\n  still a\nafter')).toBe('<ul class="md-list"><li>a<br/>still a</li></ul>after');
    expect(markdown('1. one\n> quoted')).toBe('<ol class="md-list" start="1"><li>one</li></ol><blockquote class="md-quote">quoted</blockquote>');
    expect(markdown('- a\n# Title')).toBe('<ul class="md-list"><li>a</li></ul><h1 class="md-heading">Title</h1>');
    expect(markdown('+ not a list')).toBe('+ not a list');
    expect(markdown('- a\n\n- b')).toBe('<ul class="md-list"><li>a</li></ul><br/><ul class="md-list"><li>b</li></ul>');
    expect(markdown('- a\n- b\n')).toBe('<ul class="md-list"><li>a</li><li>b</li></ul>');
  });
});

describe('links', () => {
  it('renders masked links as anchors that open a new tab, with the address as their tooltip', () => {
    expect(markdown('[the docs](https://discord.com/developers/docs)')).toBe(
      `<a href="https://discord.com/developers/docs" title="https://discord.com/developers/docs" ${LINK}>the docs</a>`,
    );
    expect(markdown('[**bold** link](https://example.com/a)')).toBe(
      `<a href="https://example.com/a" title="https://example.com/a" ${LINK}><strong>bold</strong> link</a>`,
    );
  });

  it('links bare addresses and <address> (the form that suppresses the embed)', () => {
    expect(markdown('see https://example.com/x.')).toBe(`see <a href="https://example.com/x" ${LINK}>https://example.com/x</a>.`);
    expect(markdown('<https://example.com/y>')).toBe(`<a href="https://example.com/y" ${LINK}>https://example.com/y</a>`);
  });

  it('never links an address that is not http(s)', () => {
    expect(markdown('[click](javascript:alert(1))')).toBe('click');
    expect(markdown('[x](data:text/html,<script>alert(1)</script>)')).not.toContain('<a');
  });
});

describe('mentions and emoji', () => {
  it('names users, roles and channels from the world, and says when it cannot', () => {
    expect(markdown('<@100000000000000001> <@!100000000000000002> <@&200000000000000001> <#300000000000000001>')).toBe(
      '<span class="mention" data-mention="user">@Alice</span> <span class="mention" data-mention="user">@bob</span> '
      + '<span class="mention" data-mention="role">@Mods</span> <span class="mention" data-mention="channel">#general</span>',
    );
    expect(markdown('<@199999999999999999> <@&299999999999999999> <#399999999999999999>')).toBe(
      '<span class="mention" data-mention="user">@unknown-user</span> <span class="mention" data-mention="role">@unknown-role</span> '
      + '<span class="mention" data-mention="channel">#unknown-channel</span>',
    );
  });

  it('highlights @everyone and @here', () => {
    expect(markdown('@everyone and @here')).toBe(
      '<span class="mention" data-mention="everyone">@everyone</span> and <span class="mention" data-mention="here">@here</span>',
    );
  });

  it('shows a custom emoji as its image, named for readers and for a missing image', () => {
    const html = markdown('<:blob:400000000000000001> <a:dance:400000000000000002>');
    expect(html).toContain('<img class="md-emoji" src="https://cdn.discordapp.com/emojis/400000000000000001.webp?size=48" alt=":blob:" title=":blob:"');
    expect(html).toContain('src="https://cdn.discordapp.com/emojis/400000000000000002.gif?size=48" alt=":dance:"');
  });
});

describe('timestamps', () => {
  const time = (style: string, locale = 'en-US', now?: number) => {
    const html = markdown(`<t:${DOCS_TIME}${style === '' ? '' : `:${style}`}>`, { locale, ...(now === undefined ? {} : { now }) });
    const found = /<time [^>]*title="([^"]*)"[^>]*>([^<]*)<\/time>/.exec(html);
    return { text: found?.[2], title: found?.[1] };
  };

  it('writes each style as the client does, with the full date as the tooltip', () => {
    const title = 'Wednesday, November 28, 2018 8:01 AM';
    expect(time('t')).toEqual({ text: '8:01 AM', title });
    expect(time('T')).toEqual({ text: '8:01:00 AM', title });
    expect(time('d')).toEqual({ text: '11/28/2018', title });
    expect(time('D')).toEqual({ text: 'November 28, 2018', title });
    expect(time('f')).toEqual({ text: 'November 28, 2018 8:01 AM', title });
    expect(time('')).toEqual({ text: 'November 28, 2018 8:01 AM', title });
    expect(time('F')).toEqual({ text: title, title });
  });

  it('writes relative times against the reader\'s clock', () => {
    const at = DOCS_TIME * 1000;
    expect(time('R', 'en-US', at + 3 * 3_600_000).text).toBe('3 hours ago');
    expect(time('R', 'en-US', at - 2 * 86_400_000).text).toBe('in 2 days');
    expect(time('R', 'en-US', at + 400 * 86_400_000).text).toBe('1 year ago');
  });

  it('follows the reader\'s locale', () => {
    expect(time('t', 'de')).toEqual({ text: '08:01', title: 'Mittwoch, 28. November 2018 08:01' });
    expect(time('d', 'de').text).toBe('28.11.2018');
    expect(time('D', 'fr').text).toBe('28 novembre 2018');
    expect(time('d', 'en-GB').text).toBe('28/11/2018');
    expect(time('R', 'de', DOCS_TIME * 1000 + 3 * 3_600_000).text).toBe('vor 3 Stunden');
    expect(time('D', 'ja').text).toBe('2018年11月28日');
  });

  it('gives the machine-readable time, and leaves a timestamp with an unknown style as text', () => {
    expect(markdown(`<t:${DOCS_TIME}:t>`)).toContain('dateTime="2018-11-28T08:01:00.000Z"');
    expect(markdown(`<t:${DOCS_TIME}:x>`)).toBe(`&lt;t:${DOCS_TIME}:x&gt;`);
  });
});

describe('no HTML from a message', () => {
  it('shows markup as the text it is', () => {
    expect(markdown('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(markdown('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markdown('**<b onclick="x">bold</b>**')).toBe('<strong>&lt;b onclick=&quot;x&quot;&gt;bold&lt;/b&gt;</strong>');
  });

  it('keeps markup in code, links and quotes as text too', () => {
    expect(markdown('`<i>x</i>`')).toBe('<code class="md-code">&lt;i&gt;x&lt;/i&gt;</code>');
    expect(markdown('[<img src=x onerror=alert(1)>](https://example.com)')).toContain('>&lt;img src=x onerror=alert(1)&gt;</a>');
    expect(markdown('> <svg onload=alert(1)>')).toBe('<blockquote class="md-quote">&lt;svg onload=alert(1)&gt;</blockquote>');
  });

  it('puts an attacker\'s quote in a link\'s address only escaped', () => {
    expect(markdown('[x](https://example.com/"onmouseover="alert(1))')).not.toMatch(/href="[^"]*"onmouseover/);
  });
});
