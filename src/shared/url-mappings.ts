/**
 * An app's URL mappings, as the Developer Portal's Activities > URL Mappings page has them:
 * PREFIX -> TARGET, where the target is `host[:port][/path]` without a scheme (the portal's
 * rule; a scheme may still be given here), and `{name}` parameters in the prefix are
 * substituted into the target (`/google/{subdomain}` -> `{subdomain}.google.com`). The
 * registry's Activity proxy (registry/activity-proxy) routes each request of the app's
 * origin by them, as Discord's `<app id>.discordsays.com` does.
 *
 * Routing follows Discord's documentation ("Local Development", URL Mapping): a path is
 * matched against the mappings in their order and the first match wins ("you must place the
 * shortest of the prefix paths last ... or else the mapping for /foo/bar will never be
 * reached"); the root mapping `/` is the portal's own row and catches what no other does.
 * A `/.proxy` at the start of a path is dropped first: Activities written before Discord
 * dropped the prefix (July 2025) still call `/.proxy/api/token`.
 */
import { z } from 'zod';

export interface UrlMapping {
  prefix: string;
  target: string;
}

/** The Portal's page has no documented cap; this keeps a world file's list sane. */
export const MAX_URL_MAPPINGS = 100;

const PARAMETER = /\{([a-z]+)\}/g;
/** One segment of a prefix: URL path characters, or a whole `{name}` parameter (the proxy matches a parameter to a whole segment). */
const PREFIX_SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]+|\{[a-z]+\})$/;

/** A prefix: `/`, or `/segment[/segment…]` without a trailing slash, `.` or `..` (no request path holds those). */
function isPrefix(prefix: string): boolean {
  if (prefix === '/') return true;
  if (!prefix.startsWith('/')) return false;
  return prefix.slice(1).split('/').every((segment) => PREFIX_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}
/** A target's host: DNS labels (with `{name}` parameters), an IPv4 address, or `[v6]`. */
const HOST = /^(?:\[[0-9a-fA-F:.]+\]|(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?|\{[a-z]+\})(?:[A-Za-z0-9_-]|\{[a-z]+\})*(?:\.(?:[A-Za-z0-9_-]|\{[a-z]+\})+)*)$/;
const SCHEMES = ['http', 'https', 'ws', 'wss'] as const;
const LOOPBACK = /^(?:localhost|(?:[\w-]+\.)*localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The parts of a target, its scheme resolved: given, else http for a loopback host, else https. */
export interface ParsedTarget {
  secure: boolean;
  /** Host with `{name}` parameters still in it. */
  host: string;
  port: number | null;
  /** Its path, without a trailing slash (`''` for none). */
  path: string;
}

/** Reads a target, or says what is wrong with it. */
export function parseTarget(target: string): ParsedTarget | { problem: string } {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(target);
  const name = scheme?.[1]?.toLowerCase();
  if (name !== undefined && !(SCHEMES as readonly string[]).includes(name)) return { problem: `The proxy reaches http, https, ws and wss targets, not ${name}.` };
  const rest = scheme ? target.slice(scheme[0].length) : target;
  if (/[\s?#\\]|@/.test(rest)) return { problem: 'A target is host[:port][/path]: no spaces, query, fragment, credentials or backslashes.' };
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  const path = (slash === -1 ? '' : rest.slice(slash)).replace(/\/+$/, '');
  const port = /^(.*?)(?::(\d{1,5}))?$/.exec(authority);
  const host = port?.[1] ?? '';
  const portNumber = port?.[2] === undefined ? null : Number(port[2]);
  if (!HOST.test(host)) return { problem: `The target's host ${JSON.stringify(host)} is not a host name or address.` };
  if (portNumber !== null && (portNumber < 1 || portNumber > 65535)) return { problem: `Port ${portNumber} is out of range.` };
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return { problem: 'A target\'s path has no "." or ".." segments.' };
  const secure = name === undefined ? !LOOPBACK.test(host.replace(PARAMETER, 'x')) : name === 'https' || name === 'wss';
  return { secure, host, port: portNumber, path };
}

/** Whether a target is reached on this machine (a dev server), as the explain view words it. */
export function isLoopbackTarget(target: ParsedTarget): boolean {
  return LOOPBACK.test(target.host);
}

const mappingSchema = z.object({
  prefix: z.string().max(256).refine(isPrefix, {
    message: 'A prefix is "/" or a path such as "/api" or "/google/{subdomain}", without a trailing slash.', params: { code: 'URL_MAPPING_PREFIX_INVALID' },
  }).refine((prefix) => !/^\/\.(?:proxy|slashbench)(?:\/|$)/.test(prefix), {
    message: 'Paths under /.proxy are the proxy\'s own: name the prefix without it.', params: { code: 'URL_MAPPING_PREFIX_INVALID' },
  }),
  target: z.string().min(1).max(512).superRefine((target, context) => {
    const parsed = parseTarget(target);
    if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem, params: { code: 'URL_MAPPING_TARGET_INVALID' } });
  }),
}).strict().superRefine((mapping, context) => {
  const named = new Set([...mapping.prefix.matchAll(PARAMETER)].map((match) => match[1]));
  for (const [, name] of mapping.target.matchAll(PARAMETER)) {
    if (!named.has(name)) {
      context.addIssue({ code: 'custom', path: ['target'], message: `{${name}} is not a parameter of the prefix ${mapping.prefix}.`, params: { code: 'URL_MAPPING_TARGET_INVALID' } });
    }
  }
});

/** A list of mappings, prefixes unique, as a world file and the management API take it. */
export const urlMappingsSchema = z.array(mappingSchema).max(MAX_URL_MAPPINGS).superRefine((mappings, context) => {
  const seen = new Set<string>();
  mappings.forEach((mapping, index) => {
    if (seen.has(mapping.prefix)) context.addIssue({ code: 'custom', path: [index, 'prefix'], message: `The prefix ${mapping.prefix} is mapped twice.`, params: { code: 'URL_MAPPING_PREFIX_DUPLICATE' } });
    seen.add(mapping.prefix);
  });
});

/** The root mapping (`/`), which frames the Activity; undefined when the app has none. */
export function rootMapping(mappings: readonly UrlMapping[]): UrlMapping | undefined {
  return mappings.find((mapping) => mapping.prefix === '/');
}

/** Where one request of the Activity's origin goes. */
export interface MappedRequest {
  mapping: UrlMapping;
  secure: boolean;
  /** `host[:port]` to connect to and name in the Host header. */
  host: string;
  hostname: string;
  port: number;
  /** The target's path and query. */
  path: string;
}

/** A path the proxy refuses to map: it would leave its prefix once a server resolved it. */
export class EscapingPath extends Error {}

/** The request path's segments, refused when one would climb (`..`, also encoded) or split (`%2F`, `\`). */
function pathSegments(pathname: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new EscapingPath('The path has a malformed escape.');
  }
  if (/[\\\0]/.test(decoded)) throw new EscapingPath('The path has a backslash or a NUL.');
  const raw = pathname.split('/').slice(1);
  for (const segment of raw) {
    const plain = decodeURIComponent(segment);
    if (plain === '.' || plain === '..' || plain.includes('/')) throw new EscapingPath(`The path's segment ${JSON.stringify(segment)} would leave its prefix.`);
  }
  return raw;
}

/** What a segment matched against a parameter is: a segment of a request, or of another prefix (a parameter there is any name). */
type SegmentKind = 'request' | 'prefix';

/** The prefix's parameter values when `segments` start with it; undefined when they do not. */
function matchPrefix(prefix: string, segments: readonly string[], kind: SegmentKind = 'request'): Record<string, string> | undefined {
  if (prefix === '/') return {};
  const wanted = prefix.split('/').slice(1);
  if (segments.length < wanted.length) return undefined;
  const values: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const segment = segments[index] ?? '';
    const parameter = /^\{([a-z]+)\}$/.exec(part);
    if (parameter) {
      // A parameter stands for one name-like segment, as the SDK's patchUrlMappings reads it ([\w-]+).
      const named = /^[\w-]+$/.test(segment) || (kind === 'prefix' && /^\{[a-z]+\}$/.test(segment));
      if (!named) return undefined;
      values[parameter[1] as string] = segment;
    } else if (segment !== part) return undefined;
  }
  return values;
}

/** The mappings in the order the proxy tries them: the list's, the root last. */
export function routingOrder(mappings: readonly UrlMapping[]): UrlMapping[] {
  return [...mappings.filter((mapping) => mapping.prefix !== '/'), ...mappings.filter((mapping) => mapping.prefix === '/')];
}

/**
 * Where a request for `pathAndQuery` (as on the request line, origin-form) goes, or
 * undefined when no mapping takes it. Throws EscapingPath for a path that would climb out.
 */
export function mapRequest(mappings: readonly UrlMapping[], pathAndQuery: string): MappedRequest | undefined {
  const queryAt = pathAndQuery.indexOf('?');
  const pathname = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? '' : pathAndQuery.slice(queryAt);
  let segments = pathSegments(pathname);
  if (segments[0] === '.proxy') segments = segments.slice(1);
  for (const mapping of routingOrder(mappings)) {
    const values = matchPrefix(mapping.prefix, segments);
    if (values === undefined) continue;
    const target = parseTarget(mapping.target);
    if ('problem' in target) continue;
    const substitute = (text: string) => text.replace(PARAMETER, (_, name: string) => values[name] ?? '');
    const host = substitute(target.host);
    const rest = segments.slice(mapping.prefix === '/' ? 0 : mapping.prefix.split('/').length - 1);
    const path = `${substitute(target.path)}/${rest.join('/')}`;
    const port = target.port ?? (target.secure ? 443 : 80);
    const hostname = host.startsWith('[') ? host.slice(1, -1) : host;
    return { mapping, secure: target.secure, host: target.port === null ? host : `${host}:${target.port}`, hostname, port, path: `${path}${query}` };
  }
  return undefined;
}

/**
 * The mapping that would let the Activity reach `url` (an address its CSP blocked): one
 * already there whose target covers it, or a new one to add. Prefixes are named as
 * `patchUrlMappings` expects them.
 */
export function mappingFor(mappings: readonly UrlMapping[], url: string): { existing: UrlMapping } | { suggested: UrlMapping } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return undefined;
  const secure = parsed.protocol === 'https:' || parsed.protocol === 'wss:';
  const port = parsed.port === '' ? (secure ? 443 : 80) : Number(parsed.port);
  for (const mapping of mappings) {
    const target = parseTarget(mapping.target);
    if ('problem' in target || target.host.includes('{')) continue;
    const reaches = target.host.toLowerCase() === parsed.hostname && (target.port ?? (target.secure ? 443 : 80)) === port;
    if (reaches && (parsed.pathname === target.path || parsed.pathname.startsWith(`${target.path}/`))) return { existing: mapping };
  }
  const taken = new Set(mappings.map((mapping) => mapping.prefix));
  const base = `/${parsed.hostname.split('.').find((label) => label !== 'www' && label !== 'api') ?? 'external'}`.replace(/[^\w/-]/g, '-');
  let prefix = base;
  for (let index = 2; taken.has(prefix); index += 1) prefix = `${base}-${index}`;
  // Without a scheme a target is http on loopback and https elsewhere: name it when the address's differs.
  const implied = parseTarget(parsed.host);
  const target = 'problem' in implied || implied.secure === secure ? parsed.host : `${parsed.protocol}//${parsed.host}`;
  return { suggested: { prefix, target } };
}

/** Mappings that are never reached because an earlier, shorter prefix takes their paths (Discord routes in list order). */
export function shadowedMappings(mappings: readonly UrlMapping[]): { mapping: UrlMapping; by: UrlMapping }[] {
  const shadowed: { mapping: UrlMapping; by: UrlMapping }[] = [];
  mappings.forEach((mapping, index) => {
    if (mapping.prefix === '/') return;
    const segments = mapping.prefix.split('/').slice(1);
    const by = mappings.slice(0, index).find((earlier) => earlier.prefix !== '/' && matchPrefix(earlier.prefix, segments, 'prefix') !== undefined);
    if (by) shadowed.push({ mapping, by });
  });
  return shadowed;
}
