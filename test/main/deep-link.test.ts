/**
 * The desktop app's deep links, read without launching Electron: which URLs are the app's
 * own, where a second instance carries one, and that the main process registers the same
 * scheme electron-builder packages and hands every link to the Authorize flow's inbox.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEEP_LINK_SCHEME, deepLinkIn, isDeepLink } from '../../src/main/deep-link.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const REDIRECT = 'slashbench:/authorize/callback?code=abc&state=xyz';

describe('deep links', () => {
  it('are URLs of the app\'s own scheme only', () => {
    expect(isDeepLink(REDIRECT)).toBe(true);
    expect(isDeepLink('SLASHBENCH:/authorize/callback')).toBe(true);
    expect(isDeepLink('slashbench://authorize/callback')).toBe(true);
    expect(isDeepLink('discord-123:/authorize/callback?code=abc')).toBe(false);
    expect(isDeepLink('http://127.0.0.1/callback?code=abc')).toBe(false);
    expect(isDeepLink('slashbench')).toBe(false);
    expect(isDeepLink('')).toBe(false);
  });

  it('are found among a second instance\'s arguments, the last one winning', () => {
    expect(deepLinkIn(['/opt/Slashbench/slashbench', '--no-sandbox', REDIRECT])).toBe(REDIRECT);
    expect(deepLinkIn(['electron', '/app', 'slashbench:/a', REDIRECT])).toBe(REDIRECT);
    expect(deepLinkIn(['/opt/Slashbench/slashbench', '--flag'])).toBeUndefined();
    expect(deepLinkIn([])).toBeUndefined();
  });

  it('use the scheme electron-builder registers, and the main process hands them to the redirect inbox', () => {
    const config = parse(read('electron-builder.yml'));
    expect(config.protocols[0].schemes).toEqual([DEEP_LINK_SCHEME]);
    const main = read('src/main/index.ts');
    expect(main).toMatch(/setAsDefaultProtocolClient\(DEEP_LINK_SCHEME/);
    expect(main).toMatch(/requestSingleInstanceLock\(\)/);
    expect(main).toMatch(/on\('open-url'[\s\S]*?receiveDeepLink\(link\)/);
    expect(main).toMatch(/on\('second-instance'[\s\S]*?receiveDeepLink\(deepLinkIn\(argv\)\)/);
    expect(main).toMatch(/receiveDeepLink\(deepLinkIn\(process\.argv\)\)/);
    expect(main).toMatch(/redirects\.deliver\(link, 'deep-link'\)/);
    expect(main).toMatch(/startRegistry\(\{[^}]*redirects \}\)/);
    expect(main).toMatch(/deepLinkScheme: DEEP_LINK_SCHEME/);
  });
});
