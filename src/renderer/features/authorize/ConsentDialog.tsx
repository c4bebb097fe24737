/**
 * The client's OAuth2 consent screen, as the real client shows an app's request: the app,
 * the person signed in, what each scope allows in plain words, the server to add the app
 * to when it installs in a guild, where the person goes next, and Cancel / Authorize.
 * The Authorize flow and an Activity's `authorize()` both open it, each with its request.
 */
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { useDialogFocus } from '../../app/use-dialog-focus.js';
import { asksForGuild, scopeSentence, type ConsentView } from './consent-view.js';

export interface ConsentDialogProps {
  /** The request to answer; null shows nothing. */
  consent: ConsentView | null;
  /** Why the last answer was refused; the screen stays open. */
  error: string | null;
  onAnswer(authorize: boolean, guildId: string | null): unknown;
}

export function ConsentDialog({ consent, error, onAnswer }: ConsentDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [guildId, setGuildId] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (consent === null) return;
    setGuildId(consent.guildId ?? consent.guilds[0]?.id ?? '');
    setSending(false);
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [consent]);
  useEffect(() => {
    if (error !== null) setSending(false);
  }, [error]);
  useDialogFocus(dialog, consent !== null);

  if (consent === null) return null;
  const answer = (authorize: boolean) => {
    setSending(true);
    void onAnswer(authorize, authorize && asksForGuild(consent) && guildId !== '' ? guildId : null);
  };
  const name = consent.user.global_name ?? consent.user.username;
  return (
    <dialog
      ref={dialog} className="consent" data-testid="consent" aria-labelledby="consent-title"
      onCancel={(event) => { event.preventDefault(); answer(false); }}
    >
      <header className="consent__header">
        <div className="consent__avatars">
          <Avatar id={consent.application.id} name={consent.application.name} size="large" />
          <span className="consent__dots" aria-hidden="true">•••</span>
          <Avatar id={consent.user.id} name={name} size="large" />
        </div>
        <p className="consent__kicker">An external application</p>
        <h2 id="consent-title" className="consent__title" data-testid="consent-app">{consent.application.name}</h2>
        <p className="consent__subtitle">wants to access your account</p>
        <p className="consent__user" data-testid="consent-user">Signed in as <strong>{name}</strong> <span className="muted">@{consent.user.username}</span></p>
      </header>
      <div className="consent__body">
        <p className="consent__section">This will allow the developer of {consent.application.name} to:</p>
        <ul className="consent__scopes">
          {consent.scopes.map((scope) => (
            <li key={scope} data-testid="consent-scope" data-scope={scope}>
              <span className="consent__check" aria-hidden="true">✓</span>{scopeSentence(scope)}
            </li>
          ))}
        </ul>
        {asksForGuild(consent) && (
          <label className="consent__guild">
            <span className="consent__section">Add to server</span>
            <select value={guildId} data-testid="consent-guild" onChange={(event) => setGuildId(event.target.value)}>
              {consent.guilds.length === 0 && <option value="">No server you can manage</option>}
              {consent.guilds.map((guild) => <option key={guild.id} value={guild.id}>{guild.name}</option>)}
            </select>
          </label>
        )}
        {consent.redirectUri && (
          <p className="consent__note">Once you authorize, you will be redirected to: <code>{consent.redirectUri}</code></p>
        )}
        {error !== null && <p className="consent__error" role="alert" data-testid="consent-error">{error}</p>}
      </div>
      <footer className="consent__footer">
        <button type="button" className="link-button" data-testid="consent-cancel" disabled={sending} onClick={() => answer(false)}>Cancel</button>
        <button type="button" className="button button--primary" data-testid="consent-authorize" disabled={sending} onClick={() => answer(true)}>Authorize</button>
      </footer>
    </dialog>
  );
}
