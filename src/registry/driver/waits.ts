/**
 * What a test waits for in a run (its reply, some follow-ups, its failure, a modal, the
 * autocomplete choices, or just its end), judged from the run's outcome: met, never (the
 * run ended another way, said in a sentence), or not yet. And what happened so far, for the
 * message of a wait that ran out of time: "delivered over the gateway 5000 ms ago, no answer
 * from the app", so a failing test says where the interaction stopped.
 */
import type { DriverWait } from '../../shared/driver-api.js';
import { isLoading, type HeardEvent, type Outcome } from '../../shared/scenario/outcome.js';

export type Verdict = { state: 'met' } | { state: 'never'; why: string } | { state: 'waiting' };

const CALLBACK_WORDS: Record<number, string> = {
  4: 'a message', 5: 'a deferred message', 6: 'a deferred update of the message', 7: 'an update of the message',
  8: 'autocomplete choices', 9: 'a modal', 12: 'an Activity launch',
};

/** What the test asked for, in words: "a reply", "2 follow-ups". */
export function describeWait(wait: DriverWait, count: number): string {
  switch (wait) {
    case 'reply': return 'a reply';
    case 'follow_ups': return `${count} follow-up${count === 1 ? '' : 's'}`;
    case 'failure': return 'a failure';
    case 'modal': return 'a modal';
    case 'choices': return 'autocomplete choices';
    default: return 'the end of the interaction';
  }
}

function failed(outcome: Outcome): Verdict | undefined {
  if (outcome.status !== 'failed' || !outcome.failure) return undefined;
  return { state: 'never', why: `the interaction failed (${outcome.failure.reason}): ${outcome.failure.detail}` };
}

function answeredOtherwise(outcome: Outcome, wanted: number[]): Verdict | undefined {
  const type = outcome.response_type;
  if (outcome.status !== 'succeeded' || type === null || wanted.includes(type)) return undefined;
  return { state: 'never', why: `the app answered with ${CALLBACK_WORDS[type] ?? `callback type ${type}`}${answerText(outcome)}` };
}

/** ` ("hello")` when the answer has text. */
function answerText(outcome: Outcome): string {
  const content = outcome.reply?.content;
  return content ? ` ("${content.length > 80 ? `${content.slice(0, 80)}...` : content}")` : '';
}

export function judge(wait: DriverWait, count: number, outcome: Outcome): Verdict {
  switch (wait) {
    case 'reply':
      if (outcome.reply && !isLoading(outcome.reply)) return { state: 'met' };
      return failed(outcome) ?? answeredOtherwise(outcome, [4, 5, 6, 7]) ?? { state: 'waiting' };
    case 'follow_ups':
      if (outcome.follow_ups.length >= count) return { state: 'met' };
      return failed(outcome) ?? { state: 'waiting' };
    case 'failure':
      if (outcome.status === 'failed') return { state: 'met' };
      if (outcome.status === 'succeeded') {
        return { state: 'never', why: `the app answered${outcome.response_type === null ? '' : ` with ${CALLBACK_WORDS[outcome.response_type] ?? `callback type ${outcome.response_type}`}`}${answerText(outcome)}` };
      }
      return { state: 'waiting' };
    case 'modal':
      if (outcome.modal) return { state: 'met' };
      return failed(outcome) ?? answeredOtherwise(outcome, [9]) ?? { state: 'waiting' };
    case 'choices':
      if (outcome.choices) return { state: 'met' };
      return failed(outcome) ?? { state: 'waiting' };
    default:
      return outcome.status === 'pending' ? { state: 'waiting' } : { state: 'met' };
  }
}

/** Where the interaction stands, from its events: the sentence after "but" in a timed-out wait. */
export function progress(events: readonly HeardEvent[], outcome: Outcome): string {
  if (outcome.status === 'failed' && outcome.failure) return `the interaction failed (${outcome.failure.reason}): ${outcome.failure.detail}`;
  const delivery = events.find((event) => event.type === 'INTERACTION_DELIVERY');
  const bot = events.find((event) => event.type === 'INTERACTION_BOT_RESPONSE');
  const refused = events.filter((event) => typeof event.data.refusal === 'string').at(-1);
  if (outcome.status === 'succeeded') {
    const type = outcome.response_type;
    const said = type === null ? 'the app answered' : `the app answered with ${CALLBACK_WORDS[type] ?? `callback type ${type}`}`;
    if (isLoading(outcome.reply)) return `${said} and has not edited it since (the reply still says the app is thinking)`;
    return `${said}${answerText(outcome)}, and ${outcome.follow_ups.length} follow-up${outcome.follow_ups.length === 1 ? '' : 's'} came`;
  }
  if (!delivery) return events.some((event) => event.type === 'INTERACTION_CREATE') ? 'the app has not been reached yet (its endpoint is being verified)' : 'the registry has not started the interaction';
  const how = delivery.data.method === 'http' ? 'delivered to the interactions endpoint' : 'delivered over the gateway';
  if (refused) return `${how}; the registry refused the app's answer: ${String(refused.data.refusal)}`;
  if (bot?.data.outcome === 'acknowledged') return `${how}; the endpoint answered ${String(bot.data.status)} and has not called back`;
  return `${how}, and the app has not answered`;
}
