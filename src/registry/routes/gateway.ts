/**
 * Gateway discovery: `GET /gateway` for anyone and `GET /gateway/bot` for a bot, which is
 * the one call discord.js makes at login before it connects to `url + '?v=10&encoding=json'`.
 * The URL is built from the request's Host header, so a bot reaches the gateway the way it
 * reached the registry.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { gatewayUrl } from '../gateway/gateway-url.js';
import type { SessionStarts } from '../gateway/session-starts.js';
import { identify } from '../http/auth.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';

/** Registers the discovery routes; `starts` is the IDENTIFY budget the gateway spends. */
export function registerGatewayRoutes(app: FastifyInstance, context: RegistryContext, starts: SessionStarts): void {
  const url = (request: { headers: { host?: string }; socket: { localAddress?: string; localPort?: number } }) =>
    gatewayUrl(request.headers.host, request.socket.localAddress, request.socket.localPort);
  resource(app, '/api/v10/gateway', { GET: (request) => ({ url: url(request) }) });
  resource(app, '/api/v10/gateway/bot', {
    GET: async (request) => {
      const caller = await identify(context.store, request, context.now());
      if (caller?.kind !== 'bot') throw new ServiceError('unauthorized');
      return { url: url(request), shards: 1, session_start_limit: starts.limit(caller.application.id) };
    },
  });
}
