/**
 * The registry process as the host of the Authorize methods in browser mode: its own
 * loopback address (the port it listens on, for the loopback redirect), its redirect
 * inbox, and no deep links, which a browser cannot hand to it.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import type { AuthorizationHost } from './authorize-methods.js';

export function registryAuthorizationHost(app: FastifyInstance, context: RegistryContext): AuthorizationHost {
  return {
    redirects: context.redirects,
    registryUrl: () => {
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 80}`;
    },
    deepLinkScheme: null,
  };
}
