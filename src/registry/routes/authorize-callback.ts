/**
 * `GET /callback`: the loopback listener of the client's Authorize flow, at the path of the
 * native addon's desktop redirect URI (`http://127.0.0.1/callback`, matched on any port by
 * RFC 8252 §7.3). The browser lands here after consent with `code` and `state` (or
 * `error`); the registry keeps the redirect for the client, which asks for it through the
 * host contract (`awaitRedirect`) and checks it. Loopback sockets only. The page shows no
 * code, forbids framing and caching, and sends no referrer.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { isLoopbackAddress } from '../http/loopback.js';
import { requestOrigin } from '../http/request-origin.js';
import { resource } from '../http/resource.js';
import { PAGE_HEADERS, escape } from '../oauth/authorize-page.js';

/** The path of the addon's desktop redirect URI. */
export const CALLBACK_PATH = '/callback';

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}</style>
</head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
}

/** Registers `GET /callback`, and answers whoever still waits for a redirect when the registry closes. */
export function registerAuthorizeCallbackRoutes(app: FastifyInstance, context: RegistryContext): void {
  app.addHook('preClose', async () => context.redirects.close());
  resource(app, CALLBACK_PATH, {
    GET: (request, reply) => {
      if (!isLoopbackAddress(request.socket.remoteAddress)) {
        return reply.code(403).headers(PAGE_HEADERS).send(page('Not here', 'Slashbench catches redirects from this machine only.'));
      }
      context.redirects.deliver(`${requestOrigin(request)}${request.url}`, 'loopback');
      return reply.code(200).headers(PAGE_HEADERS).send(page(
        'Back to Slashbench',
        'Slashbench caught this redirect for the client\'s Authorize flow: the client checks it now. You can close this tab.',
      ));
    },
  });
}
