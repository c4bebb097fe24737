/**
 * Hands an interaction to its app: over HTTP, signed, when the app has an interactions
 * endpoint URL, else over the gateway as INTERACTION_CREATE (the two are exclusive). The
 * deadline runs from the invocation; whatever happens is told to the client, with the
 * request and the raw answer for the inspector. The app's copy goes out first and the
 * client's events (INTERACTION_CREATE, then INTERACTION_DELIVERY) right after it, in their
 * order: the app's deadline is what a wait costs.
 */
import { deliverOverHttp, type DeliveryRequest } from '../delivery/deliver-over-http.js';
import { ensureVerified } from '../delivery/endpoint-verifications.js';
import { botElsewhere } from '../feed/gateway-sessions.js';
import { ServiceError } from '../http/service-error.js';
import type { ApplicationRecord } from '../store/records.js';
import { deadlineDetail, type InteractionRecord } from './ledger.js';
import { deadlineFailure, refusalSentence } from './refusal.js';
import { applyResponse } from './respond.js';
import { toUser, type InteractionServices } from './services.js';

/**
 * Ends an interaction that got no valid first response, telling the client why: only if no
 * answer was given or is being applied (that answer's own outcome decides, respond.ts), and
 * only once, whichever process of a team gets here first.
 */
export async function fail(
  services: InteractionServices, record: InteractionRecord, reason: string, detail: string, extra: Record<string, unknown> = {},
): Promise<void> {
  if (!await services.ledger.expire(record)) return;
  toUser(services, record.user_id, 'INTERACTION_FAILURE', { id: record.id, nonce: record.nonce, reason, detail, ...extra });
}

/** The deadline passed: the interaction fails, naming a refused answer if there was one (read afresh: any process may have heard it). */
async function deadlineReached(services: InteractionServices, record: InteractionRecord): Promise<void> {
  const current = (await services.ledger.get(record.id)) ?? record;
  const failure = deadlineFailure(current, deadlineDetail(services.deadlineMs));
  await fail(services, current, failure.reason, failure.detail);
}

/**
 * Delivers and follows the interaction to its first answer. `sent` is called once the app's
 * copy is on its way (written to the endpoint's socket or the bot's sessions) or cannot go
 * (a failed verification, no bot): the route answers the client after it, so the app's copy
 * never waits behind the client's 204. An endpoint still being verified does not hold it up.
 * `write` stores the interaction (once, however often it is called): right after the app's
 * copy has gone, before anything reads it; a refusal reaches the route through `sent(error)`.
 * `write(true)` keeps the row back for the app's first answer instead (InteractionStore.addLater).
 */
export async function deliver(
  services: InteractionServices, application: ApplicationRecord, record: InteractionRecord,
  sent: (error?: unknown) => void, write: (later?: boolean) => Promise<void>,
): Promise<void> {
  const url = application.interactions_endpoint_url;
  const remaining = () => record.created_at + services.deadlineMs - services.now();
  let request: DeliveryRequest | undefined;
  const send = () => deliverOverHttp(application, record.payload, {
    ...services.verifications.deliveryOptions(),
    timeoutMs: Math.max(1, remaining()),
    onSend: (sending) => {
      request = sending;
    },
  });
  // An endpoint known good gets the app's copy before anything else is set up (the deadline's
  // timer, what tells the client): on a warm connection it is written there and then.
  let answered = url !== null && services.verifications.verified(application.id, url) ? send() : undefined;
  const cancelDeadline = services.deadlines.after(Math.max(0, remaining()), () =>
    deadlineReached(services, record).catch((error: unknown) => {
      console.error(`slashbench: an interaction's deadline could not be applied: ${(error as Error).message}`);
    }));
  const inspect = (type: string, data: Record<string, unknown>) =>
    toUser(services, record.user_id, type, { id: record.id, nonce: record.nonce, application_id: application.id, ...data });
  const announce = () => toUser(services, record.user_id, 'INTERACTION_CREATE', { id: record.id, nonce: record.nonce });
  /** Stores the interaction; false, the client told through `sent`, when the store refused it. */
  const stored = async (later = false): Promise<boolean> => {
    try {
      await write(later);
      return true;
    } catch (error) {
      cancelDeadline();
      sent(error);
      return false;
    }
  };

  if (url === null) {
    const dispatched = services.gateway.dispatchToBot(application.id, 'INTERACTION_CREATE', record.payload, record.guild_id);
    if (!await stored()) return;
    announce();
    inspect('INTERACTION_DELIVERY', { method: 'gateway', payload: record.payload, deadline_at: record.created_at + services.deadlineMs });
    sent();
    // A bot between connections (it was asked to reconnect, or its network dropped) gets the
    // interaction when it resumes, as on the service: the deadline decides, not the gap.
    if (dispatched || services.gateway.hasResumableBotSession(application.id, record.guild_id)) return;
    // A team: the bot may be connected to another process, which the feed tells.
    const feed = services.feed;
    if (feed && await botElsewhere(services.store, feed, application.id, record.guild_id, services.now())) {
      services.bus.emit('botDispatch', { application_id: application.id, event: 'INTERACTION_CREATE', data: record.payload, guild_id: record.guild_id });
      return;
    }
    cancelDeadline();
    await fail(services, record, 'no-bot', 'No bot of this app is connected to the gateway, and it has no interactions endpoint URL.');
    return;
  }
  // A first delivery verifies the endpoint (two PINGs) before sending: the client hears of the interaction meanwhile.
  const verifying = answered === undefined && services.verifications.recall(application.id, url) === undefined;
  if (verifying) {
    if (!await stored()) return;
    announce();
    sent();
  }
  if (answered === undefined) {
    const verdict = await ensureVerified(services.store, application, services.verifications);
    if (!verdict.ok) {
      if (!await stored()) return;
      if (!verifying) announce();
      cancelDeadline();
      await fail(services, record, 'endpoint-error', `The interactions endpoint failed verification (${verdict.check}): ${verdict.reason}`);
      sent();
      return;
    }
    answered = send();
  }
  // The request is on its way (written at once on a warm connection, on the next tick by
  // node:https); the interaction's row and the client's events follow it rather than holding
  // it up, and always come before the answer's. A registry alone on its store keeps the row
  // back for the answer, which this process reads: an inline answer writes it with its message.
  if (!await stored(!services.feed?.shared())) return;
  await new Promise<void>((resolve) => process.nextTick(resolve));
  if (!verifying) announce();
  if (request) inspect('INTERACTION_DELIVERY', { method: 'http', payload: record.payload, request, deadline_at: record.created_at + services.deadlineMs });
  sent();
  const result = await answered;
  // No inline answer to write the row with: it is written now, as a callback elsewhere may need it.
  if (result.outcome !== 'response') await services.ledger.writeKept();
  inspect('INTERACTION_BOT_RESPONSE', {
    outcome: result.outcome, status: result.status, body: result.responseBody, elapsed_ms: result.elapsedMs, error: result.error,
    ...(result.files ? { files: result.files.map((file) => ({ field: file.field, filename: file.filename, size: file.bytes.length, content_type: file.contentType })) } : {}),
  });
  switch (result.outcome) {
    case 'response':
      try {
        await services.inlineAnswers.apply(() => applyResponse(services, record, result.response, {
          withResponse: false, upload: { files: result.files ?? [], origin: record.origin }, later: !services.feed?.shared(),
        }));
      } catch (error) {
        const body = error instanceof ServiceError ? JSON.stringify(error.body()) : String(error);
        const refusal = error instanceof ServiceError ? { refusal: refusalSentence(error.body()), answer: error.body() } : {};
        await fail(services, record, 'invalid-response', `The endpoint's inline response was refused: ${body}`, refusal);
      }
      break;
    case 'acknowledged':
      break; // The app answers through the callback route.
    case 'timeout':
      await fail(services, record, 'deadline', `The endpoint did not answer within ${services.deadlineMs / 1000} s.`);
      break;
    default:
      await fail(services, record, 'endpoint-error', `The endpoint answered badly (${result.outcome}${result.status ? ` ${result.status}` : ''}): ${result.error ?? result.responseBody ?? ''}`);
  }
  if (record.response_type !== null || record.expired) cancelDeadline();
}
