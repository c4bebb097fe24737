/**
 * Browser mode: the registry serves the built client (`out/renderer`, from
 * `npm run build:client`) at `/`, so `npm run serve` and one URL are the whole product.
 * Only `/` and `/assets/*` are served, leaving every API, gateway and tool path to its own
 * routes. The page gets a strict Content Security Policy: its own scripts and styles only,
 * no inline script, and connections to this registry and its gateway only.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsCoding, PRECOMPRESSED } from '../http/accept-encoding.js';

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

/**
 * The page's policy. The gateway is named by the Host the page was loaded from, so the
 * page can reach this registry's gateway and nothing else. An app's Activity is framed from
 * its activity_url, any http(s) address; the frame is sandboxed by the client, and its own
 * scripts stay outside this page's script-src and connect-src. A remote registry the client
 * settings name (an http(s) origin) is added: its API, its files (video, audio) and its gateway.
 * Images may come from any http(s) address: bots' embeds, emoji and thumbnails name them
 * anywhere, and the real client shows them (through its media proxy); an image runs nothing.
 */
export function contentSecurityPolicy(host: string | undefined, remote: string | null = null): string {
  const gateway = host && /^[\w.\-:[\]]+$/.test(host) ? `ws://${host} wss://${host}` : 'ws: wss:';
  const remoteGateway = remote === null ? '' : ` ${remote.replace(/^http/, 'ws')}`;
  const remoteSource = remote === null ? '' : ` ${remote}`;
  return [
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: http: https:", `media-src 'self'${remoteSource}`, "font-src 'self'",
    `connect-src 'self' ${gateway}${remoteSource}${remoteGateway}`, 'frame-src http: https:', "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
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

/** Registers `/` (the page) and `/assets/*` (its scripts and styles) from `directory`. */
export function registerClientFileRoutes(
  app: FastifyInstance, directory: string, pageSettings: () => PageSettings = () => ({ remote: null, theme: null }),
): void {
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const settings = pageSettings();
    reply.headers({
      'content-security-policy': contentSecurityPolicy(request.headers.host, settings.remote),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': 'no-cache',
    }).type('text/html; charset=utf-8');
    try {
      return themed(await readFile(join(directory, 'index.html')), settings.theme);
    } catch {
      return reply.code(503).send(NOT_BUILT);
    }
  };
  app.get('/', page);
  app.get('/index.html', page);

  app.get('/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const type = CONTENT_TYPES[extname(name)];
    if (!ASSET_NAME.test(name) || name.startsWith('.') || type === undefined) return reply.callNotFound();
    const file = await assetFile(join(directory, 'assets', name), request.headers['accept-encoding']);
    if (!file) return reply.callNotFound();
    // Vite puts a content hash in every asset's name, so a name never changes content.
    reply.headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding' });
    if (file.coding) reply.header('content-encoding', file.coding);
    return reply.type(type).send(file.bytes);
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
