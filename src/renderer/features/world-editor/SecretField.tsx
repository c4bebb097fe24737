/**
 * One credential of an app or a person, as the developer portal shows it: masked until
 * revealed, with a copy button, and a reset that asks once more before it acts (the old
 * value stops working at once). A value the registry knows only as a digest reads
 * "unknown": resetting it is the way to a known one. Every control is a button, so the
 * keyboard reaches and works each.
 */
import { useState } from 'react';
import { CopyButton } from './TokenNotice.js';

export interface SecretFieldProps {
  /** For test ids: `secret-{id}-…`. */
  id: string;
  label: string;
  /** Null: not known (only its digest is kept) or not there (`missing` says which). */
  value: string | null;
  missing?: string;
  /** Public values (a public key) are shown as they are. */
  secret?: boolean;
  resetLabel: string;
  /** What the confirmation says happens, e.g. "The old token stops working and connected bots are disconnected." */
  resetWarning: string;
  disabled: boolean;
  onReset(): void;
}

export function SecretField({ id, label, value, missing, secret = true, resetLabel, resetWarning, disabled, onReset }: SecretFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const shown = value === null ? (missing ?? 'unknown: only its digest is kept; reset it to get one') : secret && !revealed ? '•'.repeat(24) : value;
  return (
    <div className="world-editor__secret" data-testid={`secret-${id}`}>
      <span className="world-editor__label">{label}</span>
      <code className="world-editor__secret-value" data-testid={`secret-${id}-value`} data-masked={value !== null && secret && !revealed}>{shown}</code>
      <span className="world-editor__secret-actions">
        {value !== null && secret && (
          <button
            type="button" className="button button--secondary" aria-pressed={revealed} data-testid={`secret-${id}-reveal`}
            aria-label={`${revealed ? 'Hide' : 'Reveal'} ${label}`} onClick={() => setRevealed(!revealed)}
          >
            {revealed ? 'Hide' : 'Reveal'}
          </button>
        )}
        {value !== null && <CopyButton key={value} id={`secret-${id}`} text={value} label={`Copy ${label}`} />}
        {confirming ? (
          <span role="group" aria-label={`Confirm: ${resetLabel}`} className="world-editor__confirm">
            <span className="world-editor__hint">{resetWarning}</span>
            <button
              type="button" className="button button--danger" data-testid={`secret-${id}-confirm`} disabled={disabled} autoFocus
              onClick={() => { setConfirming(false); setRevealed(true); onReset(); }}
            >
              Yes, {resetLabel.toLowerCase()}
            </button>
            <button type="button" className="button button--secondary" data-testid={`secret-${id}-cancel`} onClick={() => setConfirming(false)}>Cancel</button>
          </span>
        ) : (
          <button type="button" className="button button--secondary" data-testid={`secret-${id}-reset`} disabled={disabled} onClick={() => setConfirming(true)}>
            {resetLabel}
          </button>
        )}
      </span>
    </div>
  );
}
