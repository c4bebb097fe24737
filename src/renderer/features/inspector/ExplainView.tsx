/**
 * The explanation of one command at the top of the inspector: every visibility check the
 * registry ran for the person in the channel, in order, with its verdict and why — the
 * same list the command index acted on when it left the command out. Below them, what the
 * command stores that the service accepted but ignores: no refusal told the developer.
 */
import type { CommandWarning } from '../../../shared/command-rules/warning-messages.js';
import { useActions, useApp } from '../../app/store-context.js';

const VERDICT_LABELS = { pass: 'pass', fail: 'fail', skip: 'skipped' } as const;

export function ExplainView() {
  const view = useApp((state) => state.explanation);
  const { closeExplanation } = useActions();
  if (view === null) return null;
  return (
    <section className="explain" aria-label="Why this command is not shown" data-testid="explain-view" data-status={view.status}>
      <header className="explain__header">
        <span className="explain__title" data-testid="explain-title">Why is {view.name} not shown here?</span>
        <button type="button" className="explain__close" aria-label="Close the explanation" data-testid="explain-close" onClick={closeExplanation}>×</button>
      </header>
      {view.status === 'loading' && <p className="explain__line muted">Asking the registry…</p>}
      {view.status === 'failed' && <p className="explain__line explain__line--failed" role="alert">{view.error}</p>}
      {view.status === 'loaded' && (
        <>
          <p className="explain__line" data-testid="explain-verdict">
            {view.explanation.visible ? 'Every check passes: the command is shown here now.' : 'Hidden: a check below fails.'}
          </p>
          <ol className="explain__checks">
            {view.explanation.checks.map((check, index) => (
              <li key={index} className={`explain__check explain__check--${check.verdict}`} data-testid="explain-check" data-rule={check.rule} data-verdict={check.verdict}>
                <span className={`explain__verdict explain__verdict--${check.verdict}`}>{VERDICT_LABELS[check.verdict]}</span>
                <span className="explain__rule">{check.rule}</span>
                <span className="explain__detail">{check.detail}</span>
              </li>
            ))}
          </ol>
          <ExplainWarnings warnings={view.explanation.warnings ?? []} />
        </>
      )}
    </section>
  );
}

/** The command's warnings, each with the field it is about; nothing when it has none. */
function ExplainWarnings({ warnings }: { warnings: readonly CommandWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <>
      <p className="explain__line" data-testid="explain-warnings-title">Stored, but the service ignores part of it:</p>
      <ul className="explain__warnings">
        {warnings.map((warning, index) => (
          <li key={index} className="explain__warning" data-testid="explain-warning" data-code={warning.code}>
            <span className="explain__rule">{warning.path || 'command'}</span>
            <span className="explain__detail">{warning.message}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
