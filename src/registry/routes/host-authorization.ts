/**
 * The Authorize methods of the host contract in browser mode (`src/shared/host-authorization.ts`):
 * `GET /_host/authorization` (fresh values from the native addon), `POST
 * /_host/authorization/url` (the addon builds the authorize URL) and `POST
 * /_host/authorization/redirect` (waits for the next redirect the loopback route caught).
 * Loopback requests from the registry's own pages only, like every host route. A browser
 * cannot receive deep links, so custom-scheme redirects are not caught here.
 */
import type { FastifyInstance } from 'fastify';
import { HOST_CONTRACT } from '../../shared/host-contract.js';
import type { RegistryContext } from '../registry-context.js';
import { resource } from '../http/resource.js';
import { authorizeMethods } from '../host/authorize-methods.js';
import { registryAuthorizationHost } from '../host/registry-authorization-host.js';
import { hostRoute } from './host-session.js';

export function registerHostAuthorizationRoutes(app: FastifyInstance, context: RegistryContext): void {
  const methods = authorizeMethods(registryAuthorizationHost(app, context));
  resource(app, HOST_CONTRACT.createAuthorization.http.path, { GET: hostRoute('createAuthorization', methods.createAuthorization) });
  resource(app, HOST_CONTRACT.buildAuthorizeUrl.http.path, { POST: hostRoute('buildAuthorizeUrl', methods.buildAuthorizeUrl) });
  resource(app, HOST_CONTRACT.awaitRedirect.http.path, { POST: hostRoute('awaitRedirect', methods.awaitRedirect) });
}
