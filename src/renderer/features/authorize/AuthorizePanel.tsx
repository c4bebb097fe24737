/**
 * The Authorize panel: the SDK's sign-in built by hand. On the left, `AuthorizationArgs`
 * field by field; on the right, the URL the native addon builds from them, Start and the
 * three one-click failures, the flow's timeline and, once a token is in, the command
 * permission editor that uses it. The consent screen opens over it.
 */
import { useEffect, useRef } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { useDialogFocus } from '../../app/use-dialog-focus.js';
import { ArgsForm } from './ArgsForm.js';
import { ConsentDialog } from './ConsentDialog.js';
import { FLOW_MODES, type FlowMode } from './flow-steps.js';
import { FlowTimeline } from './FlowTimeline.js';
import { PermissionEditor } from './PermissionEditor.js';
import './authorize.css';

const MODES = Object.keys(FLOW_MODES) as FlowMode[];

function UrlView() {
  const built = useApp((state) => state.authorizeUrl);
  const error = useApp((state) => state.authorizeUrlError);
  return (
    <section className="authorize-url">
      <h3 className="authorize__heading">Authorize URL <span className="muted">buildAuthorizeUrl</span></h3>
      {built && <output className="authorize-url__value" data-testid="authorize-url">{built.url}</output>}
      {built && (
        <a className="authorize-url__link" href={built.url} target="_blank" rel="noopener noreferrer">Open the registry's browser page instead</a>
      )}
      {error !== null && <p className="authorize-url__error" role="alert" data-testid="authorize-url-error">{error}</p>}
    </section>
  );
}

export function AuthorizePanel() {
  const open = useApp((state) => state.authorizeOpen);
  const ready = useApp((state) => state.authorizeUrl !== null);
  const phase = useApp((state) => state.authorizeFlow?.phase ?? null);
  const { closeAuthorize, startAuthorize, resetAuthorizeFlow } = useActions();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);
  useDialogFocus(dialog, open);

  if (!open) return null;
  const running = phase === 'consent' || phase === 'redirect' || phase === 'exchange';
  return (
    <dialog
      ref={dialog} className="authorize" data-testid="authorize-panel" aria-labelledby="authorize-title"
      onCancel={(event) => { event.preventDefault(); closeAuthorize(); }}
    >
      <header className="authorize__header">
        <h2 id="authorize-title" className="authorize__title">Authorize</h2>
        <span className="muted">OAuth2 with PKCE, as a game with the native SDK does it</span>
        <button type="button" className="link-button authorize__close" data-testid="authorize-close" onClick={closeAuthorize}>Close</button>
      </header>
      <div className="authorize__columns">
        <div className="authorize__column">
          <ArgsForm />
        </div>
        <div className="authorize__column authorize__column--timeline">
          <UrlView />
          <div className="authorize__actions">
            {MODES.map((mode) => (
              <button
                key={mode} type="button" disabled={!ready || running} title={FLOW_MODES[mode].description}
                className={mode === 'normal' ? 'button button--primary' : 'button button--danger'}
                data-testid={mode === 'normal' ? 'authorize-start' : `authorize-start-${mode}`}
                onClick={() => void startAuthorize(mode)}
              >
                {FLOW_MODES[mode].label}
              </button>
            ))}
            {phase !== null && <button type="button" className="link-button" data-testid="authorize-reset" onClick={resetAuthorizeFlow}>{running ? 'Stop' : 'Clear'}</button>}
          </div>
          <p className="muted authorize__hint">Cancel on the consent screen to see access_denied.</p>
          <FlowTimeline />
          <PermissionEditor />
        </div>
      </div>
      <FlowConsent />
    </dialog>
  );
}

/** The consent screen of the flow the panel started. */
function FlowConsent() {
  const consent = useApp((state) => state.authorizeFlow?.consent ?? null);
  const error = useApp((state) => state.authorizeFlow?.consentError ?? null);
  const { answerConsent } = useActions();
  return <ConsentDialog consent={consent} error={error} onAnswer={answerConsent} />;
}
