/**
 * What the service does before it accepts an interactions endpoint URL: a correctly
 * signed PING must be answered with `{"type":1}`, and a PING with an invalid signature
 * must be refused with 401 (api-facts.md, "HTTP delivery"). An endpoint that skips the
 * signature check would accept anyone's forged interactions, so it is refused too.
 */
import type { APIUser } from 'discord-api-types/v10';
import { randomBytes } from 'node:crypto';
import { signDelivery } from '../domain/application-keys.js';
import { createSnowflakeGenerator } from '../domain/snowflake.js';
import type { ApplicationRecord } from '../store/records.js';
import { DELIVERY_TIMEOUT_MS, postSigned, type DeliveryOptions, type DeliveryResult } from './deliver-over-http.js';

/** Which check failed: the signed PING, or the one with a forged signature. */
export type VerificationCheck = 'ping' | 'bad-signature';

/** The verdict, as data: `reason` says what the endpoint did and what it must do instead. */
export type EndpointVerification = { ok: true } | { ok: false; check: VerificationCheck; reason: string };

/** A delivery's injected dependencies plus what a PING carries. */
export interface VerificationOptions extends DeliveryOptions {
  /** Makes the PINGs' ids; a snowflake generator on `now` by default. */
  nextId?: () => string;
  /** The user object the PING names (the app's owner); omitted when undefined. */
  user?: APIUser;
}

const INTERACTION_PING = 1;
const PONG = 1;

/** Runs both checks against `url` with the application's key; never throws. */
export async function verifyInteractionsEndpoint(
  application: ApplicationRecord,
  url: string,
  options: VerificationOptions = {},
): Promise<EndpointVerification> {
  const now = options.now ?? Date.now;
  const nextId = options.nextId ?? createSnowflakeGenerator(now);
  const seconds = (options.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000;

  const timestamp = String(Math.floor(now() / 1000));
  const ping = pingBody(application, nextId(), options.user);
  const answer = await postSigned(url, { body: ping, timestamp, ...signDelivery(application.private_key, timestamp, ping) }, options);
  const pingProblem = describePingAnswer(answer, seconds);
  if (pingProblem !== undefined) return { ok: false, check: 'ping', reason: pingProblem };

  const forged = pingBody(application, nextId(), options.user);
  const signature = flipFirstByte(signDelivery(application.private_key, timestamp, forged).signature);
  const refusal = await postSigned(url, { body: forged, timestamp, signature }, options);
  const signatureProblem = describeForgedAnswer(refusal, seconds);
  if (signatureProblem !== undefined) return { ok: false, check: 'bad-signature', reason: signatureProblem };
  return { ok: true };
}

/** The sentence the 50035 message and the interaction failure both use. */
export function describeVerificationFailure(failure: { check: VerificationCheck; reason: string }): string {
  return `${failure.check === 'ping' ? 'The PING check failed' : 'The invalid-signature check failed'}: ${failure.reason}.`;
}

/** A PING as the service sends it when a URL is saved. */
function pingBody(application: ApplicationRecord, id: string, user: APIUser | undefined): string {
  return JSON.stringify({
    type: INTERACTION_PING,
    id,
    application_id: application.id,
    token: randomBytes(48).toString('base64url'),
    version: 1,
    entitlements: [],
    ...(user === undefined ? {} : { user }),
  });
}

/** The right signature with one byte changed: what an endpoint that checks must refuse. */
function flipFirstByte(signature: string): string {
  const flipped = (Number.parseInt(signature.slice(0, 2), 16) ^ 0xff).toString(16).padStart(2, '0');
  return flipped + signature.slice(2);
}

function describePingAnswer(answer: DeliveryResult, seconds: number): string | undefined {
  switch (answer.outcome) {
    case 'response':
      return answer.response?.type === PONG
        ? undefined
        : `the PING was answered with type ${answer.response?.type}; it must answer {"type":1}`;
    case 'acknowledged':
      return `the PING answered ${answer.status} with no interaction response; it must answer 200 with {"type":1}`;
    case 'bad-status':
      return answer.status === 401
        ? 'the PING answered 401: the endpoint refused a correctly signed request; check that it verifies with this application\'s verify_key'
        : `the PING answered ${answer.status}`;
    case 'bad-body':
      return `${(answer.error ?? '').replace('the endpoint answered', 'the PING answered')}; it must answer {"type":1}`;
    case 'timeout':
      return `timed out after ${seconds} s`;
    case 'network-error':
      return answer.error ?? 'could not connect';
  }
}

function describeForgedAnswer(answer: DeliveryResult, seconds: number): string | undefined {
  if (answer.status === 401) return undefined;
  switch (answer.outcome) {
    case 'timeout':
      return `a request with an invalid signature timed out after ${seconds} s; the endpoint must answer 401`;
    case 'network-error':
      return `a request with an invalid signature failed (${answer.error}); the endpoint must answer 401`;
    case 'response':
    case 'acknowledged':
    case 'bad-body':
      return `the endpoint accepted a request with an invalid signature (answered ${answer.status}); it must answer 401`;
    case 'bad-status':
      return `the endpoint answered ${answer.status} to a request with an invalid signature; it must answer 401`;
  }
}
