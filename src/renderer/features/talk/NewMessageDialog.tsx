/**
 * "New message" in the DM home: pick one person (their DM) or several (a group DM), as the
 * real client's "Select Friends" dialog does. A native modal dialog: focus stays inside
 * while it is open and goes back to the button that opened it.
 */
import { useEffect, useRef, useState } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { useDialogFocus } from '../../app/use-dialog-focus.js';
import { displayName } from '../world/world-model.js';
import './talk.css';

export function NewMessageDialog({ onClose }: { onClose: () => void }) {
  const people = useApp((state) => state.people);
  const me = useApp((state) => state.me);
  const error = useApp((state) => state.directMessageError);
  const { openDirectMessage } = useActions();
  const [chosen, setChosen] = useState<string[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);

  // Opened once; unmounting removes it from the page (no close() here: its `close` event
  // would report a dismissal the person never made, e.g. under StrictMode's second run).
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  useDialogFocus(dialog, true);

  const others = people.filter((person) => person.id !== me?.id);
  const toggle = (id: string) => setChosen((current) => (current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id]));
  const open = async () => {
    await openDirectMessage(chosen);
    if (dialog.current?.open && chosen.length > 0) onClose();
  };

  return (
    <dialog ref={dialog} className="new-message" aria-labelledby="new-message-title" data-testid="new-message" onClose={onClose}>
      <h2 id="new-message-title" className="new-message__title">New message</h2>
      <p className="muted">One person opens your DM with them; several make a group DM.</p>
      <ul className="new-message__people">
        {others.map((person) => (
          <li key={person.id}>
            <label>
              <input type="checkbox" checked={chosen.includes(person.id)} data-testid={`new-message-person-${person.username}`} onChange={() => toggle(person.id)} />
              {' '}{displayName(person)} <span className="muted">@{person.username}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && <p className="new-message__error" role="alert" data-testid="new-message-error">{error}</p>}
      <div className="new-message__actions">
        <button type="button" onClick={onClose}>Cancel</button>
        <button type="button" className="button--primary" data-testid="new-message-open" disabled={chosen.length === 0} onClick={() => void open()}>
          {chosen.length > 1 ? 'Create Group DM' : 'Open DM'}
        </button>
      </div>
    </dialog>
  );
}
