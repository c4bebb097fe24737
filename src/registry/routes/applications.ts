/**
 * The current application (`/applications/@me`), read by bots for their `verify_key`
 * and by discord.js at login (`/oauth2/applications/@me`); a bot sets its interactions
 * endpoint URL with PATCH, verified the way the service verifies it before it is stored.
 * `/applications/detectable` (the client's game list) is there for libraries that read it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { pingOptions } from '../delivery/endpoint-verifications.js';
import { describeVerificationFailure, verifyInteractionsEndpoint } from '../delivery/verify-endpoint.js';
import { ENDPOINT_ERRORS, readApplicationUpdate } from '../domain/application-update.js';
import { applicationView } from '../domain/application-view.js';
import { identify } from '../http/auth.js';
import { resource } from '../http/resource.js';
import { ServiceError, invalidField, invalidFormBody } from '../http/service-error.js';
import type { ApplicationRecord } from '../store/records.js';

export function registerApplicationRoutes(app: FastifyInstance, context: RegistryContext): void {
  const botApplication = async (request: FastifyRequest): Promise<ApplicationRecord> => {
    const caller = await identify(context.store, request, context.now());
    if (!caller) throw new ServiceError('unauthorized');
    if (caller.kind !== 'bot') throw new ServiceError('unauthorized');
    return caller.application;
  };
  const current = async (request: FastifyRequest) => await applicationView(context.store, await botApplication(request));
  const update = async (request: FastifyRequest) => {
    const application = await botApplication(request);
    const change = readApplicationUpdate(request.body);
    if (!change.ok) throw invalidFormBody(change.errors);
    const url = change.value.interactionsEndpointUrl;
    if (url !== undefined) await saveEndpoint(context, application, url);
    return await applicationView(context.store, await context.store.world.application(application.id) ?? application);
  };
  resource(app, '/api/v10/applications/@me', { GET: current, PATCH: update });
  resource(app, '/api/v10/oauth2/applications/@me', { GET: current });
  // The games Discord's client detects as running: undocumented, served by the service to
  // anyone, and read by detritus-client at start. A simulated world runs no games.
  resource(app, '/api/v10/applications/detectable', { GET: () => [] });
}

/** Verifies a new URL (nothing changes when it fails), then stores it; null clears it. */
async function saveEndpoint(context: RegistryContext, application: ApplicationRecord, url: string | null): Promise<void> {
  const { verifications } = context;
  if (url !== null) {
    const verdict = await verifyInteractionsEndpoint(application, url, await pingOptions(context.store, application, verifications.settings));
    if (!verdict.ok) {
      const refusal = ENDPOINT_ERRORS.notVerified(describeVerificationFailure(verdict));
      throw invalidField(['interactions_endpoint_url'], refusal.code, refusal.message);
    }
    verifications.remember(application.id, url, verdict);
  } else {
    verifications.forget(application.id);
  }
  await context.store.world.setInteractionsEndpoint(application.id, url);
  context.bus.emit('worldChanged', { kind: 'application', id: application.id });
}

