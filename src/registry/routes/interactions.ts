/**
 * Interactions over HTTP: the simulated client invokes (`POST /interactions`, with a user's
 * token, answered 204 once accepted), and the app answers through
 * `POST /interactions/{id}/{token}/callback` (no Authorization: the token is the credential).
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { waitsForFeed } from '../feed/change-feed.js';
import { answerAheadOfHttp } from '../http/lean-connections.js';
import { answerAheadOfFastify, type LeanHandler, type LeanRequest } from '../http/lean-route.js';
import { requestUpload } from '../http/request-files.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { invokeFor } from '../interactions/invoke-as-person.js';
import { refusedRequest } from '../interactions/refusal.js';
import { applyResponse } from '../interactions/respond.js';
import { toUser } from '../interactions/services.js';
import { booleanQuery } from './path-values.js';

/** The person route every interaction starts with. */
export const INVOCATIONS = '/api/v10/interactions';

export function registerInteractionRoutes(app: FastifyInstance, context: RegistryContext): void {
  resource(app, INVOCATIONS, {
    POST: async (request, reply) => {
      await invokeFor(context, request, request.body);
      return reply.code(204).send();
    },
  });
  // The same route's plain requests, answered ahead of Fastify (lean-route.ts), and on a
  // connection that sends nothing else, ahead of node:http (lean-connections.ts), after the
  // feed has caught up where every request through Fastify waits for it (app.ts).
  const invoke = (request: LeanRequest, body: unknown) => invokeFor(context, request, body);
  const lean: LeanHandler = waitsForFeed(context.store) ? async (request, body) => {
    await context.feed?.caughtUp();
    await invoke(request, body);
  } : invoke;
  answerAheadOfFastify(app, 'POST', INVOCATIONS, lean);
  answerAheadOfHttp(app, 'POST', INVOCATIONS, lean);

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
        const answer = await applyResponse(context, record, request.body, { withResponse, upload: requestUpload(request) });
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
