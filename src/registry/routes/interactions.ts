/**
 * Interactions over HTTP: the simulated client invokes (`POST /interactions`, with a user's
 * token, answered 204 once accepted), and the app answers through
 * `POST /interactions/{id}/{token}/callback` (no Authorization: the token is the credential).
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../app.js';
import { requestLocale } from '../domain/request-locale.js';
import { authenticatePerson } from '../http/auth.js';
import { requestOrigin } from '../http/request-origin.js';
import { requestUpload } from '../http/request-files.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { invoke, parseInvokeBody } from '../interactions/invoke.js';
import { refusedRequest } from '../interactions/refusal.js';
import { applyResponse } from '../interactions/respond.js';
import { toUser } from '../interactions/services.js';
import { booleanQuery } from './path-values.js';

export function registerInteractionRoutes(app: FastifyInstance, context: RegistryContext): void {
  resource(app, '/api/v10/interactions', {
    POST: async (request, reply) => {
      const user = await authenticatePerson(context.store, request, context.now());
      // The payload's `locale` is the client's language (spec): the request's locale, else the person's.
      const locale = requestLocale(request.headers, user.locale) ?? user.locale;
      const started = await invoke(context, { ...user, locale }, parseInvokeBody(request.body), requestOrigin(request));
      // The app's copy goes out first: the client's answer must not hold it up.
      await started.sent;
      return reply.code(204).send();
    },
  });

  resource(app, '/api/v10/interactions/:interactionId/:token/callback', {
    POST: async (request, reply) => {
      const { interactionId, token } = request.params as { interactionId: string; token: string };
      const record = await context.ledger.live(token);
      if (!record || record.id !== interactionId) throw new ServiceError('unknownInteraction');
      const withResponse = booleanQuery(request, 'with_response');
      const inspect = (status: number, answer: unknown) => toUser(context, record.user_id, 'INTERACTION_CALLBACK', {
        id: record.id, nonce: record.nonce, application_id: record.application_id, body: request.body, with_response: withResponse, status, answer,
      });
      try {
        const answer = await applyResponse(context, record, request.body, withResponse, requestUpload(request));
        inspect(answer ? 200 : 204, answer ?? null);
        return answer ? answer : reply.code(204).send();
      } catch (error) {
        if (error instanceof ServiceError) {
          const refused = refusedRequest(request, error);
          // A refused first answer is remembered: the interaction's failure will name it.
          if (record.response_type === null && !record.expired && error.status === 400) await context.ledger.rememberRefusal(record, String(refused.refusal));
          toUser(context, record.user_id, 'INTERACTION_CALLBACK', {
            id: record.id, nonce: record.nonce, application_id: record.application_id, with_response: withResponse, ...refused,
          });
        }
        throw error;
      }
    },
  });
}
