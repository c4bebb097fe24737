/**
 * The flow's timeline: each step with its status, a sentence, the values worth reading
 * (verifier, challenge, URL, code, state...), and what was sent and what came back. The
 * outcome sits on top: a verified token, or where and why the flow was refused.
 */
import type { HttpExchange } from '../../api/authorize-http.js';
import { JsonBlock } from '../../app/JsonBlock.js';
import { useApp } from '../../app/store-context.js';
import type { FlowStep } from './flow-steps.js';

/** A URL's path, with `?…` for its query: the summary line stays one line; the details show it whole. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search === '' ? '' : '?…'}`;
  } catch {
    return url;
  }
}

function ExchangeView({ exchange, id }: { exchange: HttpExchange; id: string }) {
  const { request, response } = exchange;
  return (
    <details className="flow-step__exchange" open={response !== null && response.status >= 400}>
      <summary>
        <code>{request.method} {shortUrl(request.url)}</code> → <strong data-testid={`flow-step-${id}-status`}>{response?.status ?? 'no answer'}</strong>
      </summary>
      <div className="flow-step__url"><code>{request.method} {request.url}</code></div>
      {request.authorization && <div className="muted">Authorization: {request.authorization}</div>}
      {request.body !== undefined && <JsonBlock value={request.body} />}
      {response === null ? <p>{exchange.failure}</p> : <JsonBlock value={response.body} testId={`flow-step-${id}-response`} />}
    </details>
  );
}

function StepView({ step }: { step: FlowStep }) {
  return (
    <li className={`flow-step flow-step--${step.status}`} data-testid={`flow-step-${step.id}`} data-status={step.status}>
      <div className="flow-step__title">
        <span className={`flow-step__dot flow-step__dot--${step.status}`} aria-hidden="true" />
        {step.title}
        <span className="flow-step__status">{step.status === 'waiting' ? 'waiting…' : step.status}</span>
      </div>
      <p className="flow-step__summary" data-testid={`flow-step-${step.id}-summary`}>{step.summary}</p>
      {step.facts && (
        <dl className="flow-step__facts">
          {step.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd><code>{fact.value}</code></dd>
            </div>
          ))}
        </dl>
      )}
      {step.link && step.status === 'waiting' && (
        <a className="flow-step__link" href={step.link} target="_blank" rel="noopener noreferrer" data-testid="flow-redirect-link">
          No window opened? Follow the redirect
        </a>
      )}
      {step.exchange && <ExchangeView exchange={step.exchange} id={step.id} />}
      {step.document !== undefined && (
        <details className="flow-step__exchange" open={step.id === 'id-token'}>
          <summary>{step.id === 'id-token' ? 'Decoded header and claims' : 'AuthorizationArgs as the addon reads them back'}</summary>
          <JsonBlock value={step.document} testId={`flow-step-${step.id}-document`} />
        </details>
      )}
    </li>
  );
}

export function FlowTimeline() {
  const flow = useApp((state) => state.authorizeFlow);
  if (flow === null) {
    return <p className="muted authorize-timeline__empty">Start the flow: each step shows here with its request and its answer.</p>;
  }
  return (
    <section className="authorize-timeline" data-testid="authorize-timeline" data-phase={flow.phase}>
      {flow.outcome && (
        <p className={flow.outcome.ok ? 'flow-outcome flow-outcome--ok' : 'flow-outcome flow-outcome--failed'} data-testid="flow-outcome" data-ok={flow.outcome.ok}>
          {flow.outcome.text}
        </p>
      )}
      <ol className="flow-steps">
        {flow.steps.map((step) => <StepView key={step.id} step={step} />)}
      </ol>
    </section>
  );
}
