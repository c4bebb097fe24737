/**
 * The client's settings in browser mode (`src/shared/host-contract.ts`): `GET
 * /_host/settings` reads them and `PUT /_host/settings {settings}` replaces them, kept in
 * the data directory's `settings.json`. Like every host route, loopback requests from the
 * registry's own pages only: the settings may hold a remote registry's tokens.
 */
import type { FastifyInstance } from 'fastify';
import { HOST_CONTRACT } from '../../shared/host-contract.js';
import type { RegistryContext } from '../registry-context.js';
import { resource } from '../http/resource.js';
import { settingsMethods } from '../host/settings-methods.js';
import { hostRoute } from './host-session.js';

export function registerHostSettingsRoutes(app: FastifyInstance, context: RegistryContext): void {
  const methods = settingsMethods(context.settings);
  resource(app, HOST_CONTRACT.readSettings.http.path, {
    GET: hostRoute('readSettings', methods.readSettings),
    PUT: hostRoute('writeSettings', methods.writeSettings),
  });
}
