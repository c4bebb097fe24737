/**
 * Browser mode: the registry serves the built client (`out/renderer`, from
 * `npm run build:client`) at `/`, so `npm run serve` and one URL are the whole product.
 * Only `/` and `/assets/*` are served, leaving every API, gateway and tool path to its own
 * routes. The page gets a strict Content Security Policy: its own scripts and styles only,
 * no inline script, and connections to this registry and its gateway only.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SENDER_SCRIPT } from '../../shared/activity-sender.js';
import { acceptsCoding, PRECOMPRESSED } from '../http/accept-encoding.js';
import type { SettingsKeeper } from '../host/settings-file.js';
import { hasBody } from '../http/has-body.js';
import type { EarlyAnswer } from '../http/held-server.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Built asset names: Vite's hashed files, never a path. */
const ASSET_NAME = /^[\w.-]+$/;

/** The client's files in this checkout or install: `<package root>/out/renderer`. */
export function defaultClientDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  return join(directory, 'out', 'renderer');
}

/** The Activity sender's script's hash, as a CSP source. */
const SENDER_HASH = `sha256-${createHash('sha256').update(SENDER_SCRIPT).digest('base64')}`;

/**
 * The page's policy. The gateway is named by the Host the page was loaded from, so the
 * page can reach this registry's gateway and nothing else. An app's Activity is framed from
 * its activity_url, any http(s) address; the frame is sandboxed by the client, and its own
 * scripts stay outside this page's script-src and connect-src. A remote registry the client
 * settings name (an http(s) origin) is added: its API, its files (video, audio) and its gateway.
 * Images may come from any http(s) address: bots' embeds, emoji and thumbnails name them
 * anywhere, and the real client shows them (through its media proxy); an image runs nothing.
 * The Activity sender (shared/activity-sender.ts), a data: document that inherits this policy,
 * runs its one script by its hash.
 */
export function contentSecurityPolicy(host: string | undefined, remote: string | null = null): string {
  const gateway = host && /^[\w.\-:[\]]+$/.test(host) ? `ws://${host} wss://${host}` : 'ws: wss:';
  const remoteGateway = remote === null ? '' : ` ${remote.replace(/^http/, 'ws')}`;
  const remoteSource = remote === null ? '' : ` ${remote}`;
  return [
    "default-src 'self'", `script-src 'self' '${SENDER_HASH}'`, "style-src 'self'", "img-src 'self' data: http: https:", `media-src 'self'${remoteSource}`, "font-src 'self'",
    `connect-src 'self' ${gateway}${remoteSource}${remoteGateway}`, 'frame-src http: https: data:', "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
  ].join('; ');
}

const NOT_BUILT = '<!doctype html><meta charset="utf-8"><title>Slashbench</title>'
  + '<p>The client is not built. Run <code>npm run build:client</code> and reload.</p>';

/** What the client settings say about the page itself, read on every page load. */
export interface PageSettings {
  /** The remote registry the client uses, which the CSP must allow; null for this one. */
  remote: string | null;
  /** A chosen theme, set on `<html data-theme>` before any script runs (so no flash of the
   * other one); null for `system`, which the page resolves itself. */
  theme: 'dark' | 'light' | null;
}

/** The page with the theme in its root element. */
function themed(page: Buffer, theme: PageSettings['theme']): Buffer | string {
  return theme === null ? page : page.toString('utf8').replace('<html lang="en">', `<html lang="en" data-theme="${theme}">`);
}

/** What the client settings say about the page: the remote registry its CSP must allow, its theme. */
export function pageSettingsOf(settings: SettingsKeeper): PageSettings {
  const { settings: current } = settings.read();
  return {
    remote: current.registry === 'remote' ? (current.remote?.url ?? null) : null,
    theme: current.theme === 'system' ? null : current.theme,
  };
}

/** One of the client's files as it is answered: by the routes below, and by the server before they exist (http/held-server.ts). */
export interface FileAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/**
 * The page asks for a browsing context group of its own: no page of another origin that
 * opens the client, or that it opens, holds a handle to its window. Chromium starts a
 * renderer for it, which `npm run bench -- --only client` measures (docs/benchmarks.md).
 */
export const PAGE_OPENER_POLICY = { 'cross-origin-opener-policy': 'same-origin' } as const;

/** The page, for a request to `host`: 200, or 503 while the client is not built. */
export async function pageAnswer(directory: string, host: string | undefined, settings: PageSettings): Promise<FileAnswer> {
  const headers = {
    'content-security-policy': contentSecurityPolicy(host, settings.remote),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...PAGE_OPENER_POLICY,
    'cache-control': 'no-cache',
    'content-type': 'text/html; charset=utf-8',
  };
  try {
    return { status: 200, headers, body: themed(await readFile(join(directory, 'index.html')), settings.theme) };
  } catch {
    return { status: 503, headers, body: NOT_BUILT };
  }
}

/** The asset `name` (its precompressed copy when accepted), or undefined when there is none: a 404 the app answers. */
export async function assetAnswer(directory: string, name: string, acceptEncoding: string | undefined): Promise<FileAnswer | undefined> {
  const type = CONTENT_TYPES[extname(name)];
  if (!ASSET_NAME.test(name) || name.startsWith('.') || type === undefined) return undefined;
  const file = await assetFile(join(directory, 'assets', name), acceptEncoding);
  if (!file) return undefined;
  // Vite puts a content hash in every asset's name, so a name never changes content.
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding', 'content-type': type,
  };
  if (file.coding) headers['content-encoding'] = file.coding;
  return { status: 200, headers, body: file.bytes };
}

/** The built files a page names (`./assets/index-abc123.js`): what a browser asks for next. */
function assetsNamed(page: FileAnswer['body']): Set<string> {
  return new Set([...page.toString().matchAll(/["']\.?\/?assets\/([\w.-]+)["']/g)].map((match) => match[1] ?? ''));
}

/**
 * The client's files while the app's routes are not built yet (http/held-server.ts): a plain
 * GET (no body) of the page or an asset, answered as its route answers it. Anything else,
 * and an asset that is not there (the app's 404), is the app's. `loaded` is called once the
 * page and the files it names have been answered, their last bytes sent.
 */
export function earlyClientFiles(directory: string, pageSettings: () => PageSettings, loaded: () => void): EarlyAnswer {
  let awaited: Set<string> | undefined;
  const answered = (name: string | undefined, answer: FileAnswer | undefined) => {
    if (name === undefined && answer?.status === 200) awaited ??= assetsNamed(answer.body);
    if (name !== undefined) awaited?.delete(name);
    if (awaited?.size === 0) loaded();
  };
  return (request, response, passOn) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.method !== 'GET' || hasBody(request.headers)) return false;
    const name = path.startsWith('/assets/') ? path.slice('/assets/'.length) : undefined;
    if (path !== '/' && path !== '/index.html' && (name === undefined || !ASSET_NAME.test(name))) return false;
    (async () => name === undefined
      ? pageAnswer(directory, request.headers.host, pageSettings())
      : assetAnswer(directory, name, request.headers['accept-encoding'])
    )().then((answer) => {
      if (answer === undefined) {
        passOn();
        answered(name, answer);
        return;
      }
      // Counted once its bytes have all been handed to the system, not when they are queued:
      // the app's build blocks the process, and would hold the rest of a large script up.
      response.once('close', () => answered(name, answer));
      response.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) }).end(answer.body);
    }, passOn);
    return true;
  };
}

/** Registers `/` (the page) and `/assets/*` (its scripts and styles) from `directory`. */
export function registerClientFileRoutes(app: FastifyInstance, directory: string, pageSettings: () => PageSettings): void {
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await pageAnswer(directory, request.headers.host, pageSettings());
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  };
  app.get('/', page);
  app.get('/index.html', page);

  app.get('/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const answer = await assetAnswer(directory, name, request.headers['accept-encoding']);
    if (!answer) return reply.callNotFound();
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}

/**
 * An asset's bytes: the build's Brotli or gzip copy (scripts/precompress.js) when the
 * request accepts it, else the file itself; undefined when there is no such file.
 */
async function assetFile(path: string, accepted: string | undefined): Promise<{ bytes: Buffer; coding?: string } | undefined> {
  for (const { coding, suffix } of PRECOMPRESSED) {
    if (!acceptsCoding(accepted, coding)) continue;
    const bytes = await readFile(`${path}${suffix}`).catch(() => undefined);
    if (bytes) return { bytes, coding };
  }
  const bytes = await readFile(path).catch(() => undefined);
  return bytes && { bytes };
}
