/**
 * An app's URL mappings as Discord's proxy reads them: a request path goes to the first
 * mapping whose prefix it starts with (the root last), with `/.proxy` dropped, the prefix
 * cut off, `{name}` parameters put into the target and the query kept; a path that would
 * climb out of its prefix is refused. Targets without a scheme are http on this machine and
 * https elsewhere. The editor's helpers: the mapping a blocked address needs, and the
 * mappings an earlier prefix hides.
 */
import { describe, expect, it } from 'vitest';
import {
  EscapingPath, mapRequest, mappingFor, parseTarget, rootMapping, routingOrder, shadowedMappings, urlMappingsSchema, type UrlMapping,
} from '../../src/shared/url-mappings.js';
import { WORLD_PARSE, worldIssues } from '../../src/shared/world-issues.js';

const MAPPINGS: UrlMapping[] = [
  { prefix: '/', target: '127.0.0.1:5173' },
  { prefix: '/api', target: 'localhost:3001' },
  { prefix: '/google/{subdomain}', target: '{subdomain}.google.com' },
  { prefix: '/cdn', target: 'cdn.example.com/assets/' },
];

/** Where `path` goes, as `scheme://host path`. */
function routed(mappings: readonly UrlMapping[], path: string): string | undefined {
  const mapped = mapRequest(mappings, path);
  return mapped && `${mapped.secure ? 'https' : 'http'}://${mapped.host}${mapped.path}`;
}

describe('routing a request', () => {
  it('sends / and whatever no other prefix takes to the root mapping, last whatever its place in the list', () => {
    expect(routed(MAPPINGS, '/')).toBe('http://127.0.0.1:5173/');
    expect(routed(MAPPINGS, '/src/main.ts?t=1')).toBe('http://127.0.0.1:5173/src/main.ts?t=1');
    expect(routed(MAPPINGS, '/apix')).toBe('http://127.0.0.1:5173/apix');
    expect(routingOrder(MAPPINGS).map((mapping) => mapping.prefix)).toEqual(['/api', '/google/{subdomain}', '/cdn', '/']);
    expect(rootMapping(MAPPINGS)).toBe(MAPPINGS[0]);
    expect(rootMapping(MAPPINGS.slice(1))).toBeUndefined();
  });

  it('cuts the prefix off and keeps the query, with or without the old /.proxy in front', () => {
    expect(routed(MAPPINGS, '/api')).toBe('http://localhost:3001/');
    expect(routed(MAPPINGS, '/api/token')).toBe('http://localhost:3001/token');
    expect(routed(MAPPINGS, '/.proxy/api/token')).toBe('http://localhost:3001/token');
    expect(routed(MAPPINGS, '/.proxy/api/token?code=abc&x=%20y')).toBe('http://localhost:3001/token?code=abc&x=%20y');
    expect(routed(MAPPINGS, '/cdn/img/a.png')).toBe('https://cdn.example.com/assets/img/a.png');
    expect(mapRequest(MAPPINGS, '/api/token')).toMatchObject({ mapping: MAPPINGS[1], hostname: 'localhost', port: 3001, secure: false });
  });

  it('puts {name} parameters of the prefix into the target', () => {
    expect(routed(MAPPINGS, '/google/maps/api/js?key=k')).toBe('https://maps.google.com/api/js?key=k');
    expect(mapRequest(MAPPINGS, '/google/fonts/css')).toMatchObject({ hostname: 'fonts.google.com', port: 443 });
    // A parameter is one name-like segment: anything else falls through to the root.
    expect(routed(MAPPINGS, '/google/a.b/x')).toBe('http://127.0.0.1:5173/google/a.b/x');
  });

  it('takes the first mapping that matches, in the list\'s order', () => {
    const ordered = [{ prefix: '/foo/bar', target: 'bar.example' }, { prefix: '/foo', target: 'foo.example' }, { prefix: '/', target: 'localhost:5173' }];
    expect(routed(ordered, '/foo/bar/x')).toBe('https://bar.example/x');
    expect(routed(ordered, '/foo/baz')).toBe('https://foo.example/baz');
    expect(routed([...ordered].reverse(), '/foo/bar/x')).toBe('https://foo.example/bar/x');
    expect(mapRequest(ordered.slice(0, 2), '/elsewhere')).toBeUndefined();
  });

  it('refuses a path that would climb out of its prefix, however it is written', () => {
    for (const path of ['/.proxy/api/../../x', '/api/%2e%2e/x', '/api/..%2fx', '/api/./x', '/api/%2E%2E%2Fx', '/api/a%5c..%5cx', '/api/%zz', '/api/%00']) {
      expect(() => mapRequest(MAPPINGS, path), path).toThrow(EscapingPath);
    }
    expect(routed(MAPPINGS, '/api/a..b/x')).toBe('http://localhost:3001/a..b/x');
  });
});

describe('a target', () => {
  it('is http on this machine and https elsewhere without a scheme, and as its scheme says with one', () => {
    expect(parseTarget('127.0.0.1:5173')).toEqual({ secure: false, host: '127.0.0.1', port: 5173, path: '' });
    expect(parseTarget('localhost')).toMatchObject({ secure: false, port: null });
    expect(parseTarget('app.localhost:8080')).toMatchObject({ secure: false, host: 'app.localhost' });
    expect(parseTarget('[::1]:3000')).toMatchObject({ secure: false, host: '[::1]', port: 3000 });
    expect(parseTarget('example.com/api/')).toEqual({ secure: true, host: 'example.com', port: null, path: '/api' });
    expect(parseTarget('192.168.1.5:3000')).toMatchObject({ secure: true });
    expect(parseTarget('https://127.0.0.1:8443')).toMatchObject({ secure: true, port: 8443 });
    expect(parseTarget('http://example.com')).toMatchObject({ secure: false });
    expect(parseTarget('wss://socket.example')).toMatchObject({ secure: true });
    expect(parseTarget('{subdomain}.google.com')).toMatchObject({ secure: true, host: '{subdomain}.google.com' });
  });

  it('says what is wrong with one the proxy cannot reach', () => {
    const problem = (target: string) => {
      const parsed = parseTarget(target);
      return 'problem' in parsed ? parsed.problem : undefined;
    };
    expect(problem('ftp://files.example')).toBe('The proxy reaches http, https, ws and wss targets, not ftp.');
    expect(problem('example.com?x=1')).toMatch(/no spaces, query, fragment, credentials/);
    expect(problem('user@example.com')).toMatch(/credentials/);
    expect(problem('exa mple.com')).toMatch(/no spaces/);
    expect(problem('-bad-.example')).toMatch(/is not a host name or address/);
    expect(problem('example.com:70000')).toBe('Port 70000 is out of range.');
    expect(problem('example.com/a/../b')).toMatch(/"\." or "\.\." segments/);
  });
});

describe('the mappings of a world file', () => {
  /** The issues of a list, as the registry answers them. */
  function issues(mappings: unknown) {
    const parsed = urlMappingsSchema.safeParse(mappings, WORLD_PARSE);
    return parsed.success ? [] : worldIssues(parsed.error).map(({ path, code }) => ({ path, code }));
  }

  it('takes the Portal\'s mappings', () => {
    expect(issues(MAPPINGS)).toEqual([]);
    expect(issues([])).toEqual([]);
  });

  it('refuses a bad prefix, a bad target, a duplicate prefix, a parameter the prefix lacks, and /.proxy', () => {
    expect(issues([{ prefix: 'api', target: 'x.example' }])).toEqual([{ path: [0, 'prefix'], code: 'URL_MAPPING_PREFIX_INVALID' }]);
    expect(issues([{ prefix: '/api/', target: 'x.example' }])).toEqual([{ path: [0, 'prefix'], code: 'URL_MAPPING_PREFIX_INVALID' }]);
    expect(issues([{ prefix: '/a/../b', target: 'x.example' }])).toEqual([{ path: [0, 'prefix'], code: 'URL_MAPPING_PREFIX_INVALID' }]);
    expect(issues([{ prefix: '/a{b}c', target: '{b}.example' }])[0]).toEqual({ path: [0, 'prefix'], code: 'URL_MAPPING_PREFIX_INVALID' });
    expect(issues([{ prefix: '/.proxy/api', target: 'x.example' }])).toEqual([{ path: [0, 'prefix'], code: 'URL_MAPPING_PREFIX_INVALID' }]);
    expect(issues([{ prefix: '/x', target: 'ftp://x.example' }])).toEqual([{ path: [0, 'target'], code: 'URL_MAPPING_TARGET_INVALID' }]);
    expect(issues([{ prefix: '/x', target: 'not a host' }])).toEqual([{ path: [0, 'target'], code: 'URL_MAPPING_TARGET_INVALID' }]);
    expect(issues([{ prefix: '/x', target: '{name}.example' }])).toEqual([{ path: [0, 'target'], code: 'URL_MAPPING_TARGET_INVALID' }]);
    expect(issues([{ prefix: '/x', target: 'a.example' }, { prefix: '/x', target: 'b.example' }]))
      .toEqual([{ path: [1, 'prefix'], code: 'URL_MAPPING_PREFIX_DUPLICATE' }]);
    expect(issues([{ prefix: '/x', target: 'a.example', extra: true }])).not.toEqual([]);
  });
});

describe('the editor\'s helpers', () => {
  it('finds the mapping that already reaches a blocked address, or suggests one', () => {
    expect(mappingFor(MAPPINGS, 'http://localhost:3001/token')).toEqual({ existing: MAPPINGS[1] });
    expect(mappingFor(MAPPINGS, 'https://cdn.example.com/assets/a.png')).toEqual({ existing: MAPPINGS[3] });
    // The same host outside the target's path is not reached by it.
    expect(mappingFor(MAPPINGS, 'https://cdn.example.com/other/a.png')).toEqual({ suggested: { prefix: '/cdn-2', target: 'cdn.example.com' } });
    expect(mappingFor(MAPPINGS, 'https://api.stripe.com/v1/charges')).toEqual({ suggested: { prefix: '/stripe', target: 'api.stripe.com' } });
    expect(mappingFor(MAPPINGS, 'wss://www.gateway.example:8443/socket')).toEqual({ suggested: { prefix: '/gateway', target: 'www.gateway.example:8443' } });
    // A scheme the bare target would not imply is written out.
    expect(mappingFor([], 'http://media.example/a.mp4')).toEqual({ suggested: { prefix: '/media', target: 'http://media.example' } });
    expect(mappingFor(MAPPINGS, 'data:text/plain,hi')).toBeUndefined();
    expect(mappingFor(MAPPINGS, 'not a url')).toBeUndefined();
  });

  it('names the mappings an earlier, shorter prefix hides, never the root', () => {
    const foo = { prefix: '/foo', target: 'foo.example' };
    const fooBar = { prefix: '/foo/bar', target: 'bar.example' };
    const root = { prefix: '/', target: 'localhost:5173' };
    expect(shadowedMappings([root, foo, fooBar])).toEqual([{ mapping: fooBar, by: foo }]);
    expect(shadowedMappings([fooBar, foo, root])).toEqual([]);
    const anyName = { prefix: '/google/{a}', target: '{a}.google.com' };
    const maps = { prefix: '/google/maps', target: 'maps.example' };
    const otherName = { prefix: '/google/{b}', target: '{b}.google.com' };
    expect(shadowedMappings([anyName, maps, otherName])).toEqual([{ mapping: maps, by: anyName }, { mapping: otherName, by: anyName }]);
    expect(shadowedMappings([maps, anyName])).toEqual([]);
  });
});
