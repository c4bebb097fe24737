/**
 * The Authorize flow as the timeline shows it: a list of steps (verifier, URL, consent,
 * decision, redirect, token request, keys, id_token), each with what was sent and what
 * came back, and the flow's phase. `advance` is the one way a flow changes: a step is
 * added or replaced by its id, and the phase moves on; once a flow is over it stays so.
 */
import type { HttpExchange } from '../../api/authorize-http.js';

/** Which failure the person asked to see; `normal` goes all the way to a verified token. */
export type FlowMode = 'normal' | 'tamper-state' | 'wrong-verifier' | 'expired-code';

export const FLOW_MODES: Readonly<Record<FlowMode, { label: string; description: string }>> = {
  normal: { label: 'Start', description: 'Authorize, exchange the code and verify the id_token.' },
  'tamper-state': { label: 'Tamper state', description: 'The redirect comes back with another request\'s state: the client must refuse it.' },
  'wrong-verifier': { label: 'Wrong verifier', description: 'The token request sends a fresh verifier instead of the flow\'s: invalid_grant.' },
  'expired-code': { label: 'Expired code', description: 'The code is expired before the exchange: invalid_grant.' },
};

export type Phase = 'consent' | 'redirect' | 'exchange' | 'done' | 'failed';

export type StepId = 'verifier' | 'url' | 'consent' | 'decision' | 'redirect' | 'expire' | 'token' | 'keys' | 'id-token';

export interface FlowStep {
  id: StepId;
  title: string;
  status: 'ok' | 'failed' | 'waiting';
  summary: string;
  /** Label/value pairs worth reading at a glance (the verifier, the code, the state...). */
  facts?: Array<{ label: string; value: string }>;
  exchange?: HttpExchange;
  /** A document to show whole (the args, decoded claims). */
  document?: unknown;
  /** A link the person may follow by hand (the redirect, when no window opened). */
  link?: string;
}

export interface FlowOutcome {
  ok: boolean;
  text: string;
}

export interface FlowProgress {
  phase: Phase;
  steps: FlowStep[];
  outcome: FlowOutcome | null;
}

/** The flow with `step` in place (replacing the step of the same id) and, when given, a new phase. */
export function advance<T extends FlowProgress>(flow: T, step: FlowStep | null, phase?: Phase, outcome?: FlowOutcome): T {
  if (flow.phase === 'done' || flow.phase === 'failed') return flow;
  const steps = step === null ? flow.steps
    : flow.steps.some((entry) => entry.id === step.id) ? flow.steps.map((entry) => (entry.id === step.id ? step : entry))
      : [...flow.steps, step];
  return { ...flow, steps, phase: phase ?? flow.phase, outcome: outcome ?? flow.outcome };
}

/** The flow ended by a refusal, with `step` saying where. */
export function fail<T extends FlowProgress>(flow: T, step: FlowStep, text: string): T {
  return advance(flow, step, 'failed', { ok: false, text });
}

/** The error body of an OAuth endpoint or of the service, as one line. */
export function errorLine(exchange: HttpExchange): string {
  if (exchange.response === null) return exchange.failure ?? 'No answer.';
  const body = exchange.response.body as Record<string, unknown> | null;
  if (body && typeof body.error === 'string') {
    return `${exchange.response.status} ${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}`;
  }
  if (body && typeof body.message === 'string') {
    return `${exchange.response.status} ${typeof body.code === 'number' ? `${body.code} ` : ''}${body.message}`;
  }
  return `HTTP ${exchange.response.status}`;
}
