/**
 * An app's modal as the real client shows it: the app's title over its text inputs (one
 * line or a paragraph, with their label, placeholder and limits), Cancel and Submit. A
 * value the limits refuse is named under its field and nothing is sent. Focus stays in it
 * while it is open and goes back to what opened it when it closes.
 */
import { useEffect, useRef } from 'react';
import { useDialogFocus } from '../../app/use-dialog-focus.js';
import { useActions, useApp } from '../../app/store-context.js';
import type { ModalTextInput } from './modal-fields.js';
import './modal.css';

function ModalField({ input, autoFocus }: { input: ModalTextInput; autoFocus: boolean }) {
  const value = useApp((state) => state.modalValues[input.customId] ?? '');
  const error = useApp((state) => state.modalErrors[input.customId]);
  const { setModalValue } = useActions();
  const common = {
    id: `modal-input-${input.customId}`,
    className: error === undefined ? 'modal__input' : 'modal__input modal__input--invalid',
    'data-testid': `modal-input-${input.customId}`,
    value,
    placeholder: input.placeholder,
    autoFocus,
    'aria-invalid': error !== undefined,
    'aria-required': input.required,
    onChange: (event: { target: { value: string } }) => setModalValue(input.customId, event.target.value),
  };
  return (
    <div className="modal__field">
      <label className="modal__label" htmlFor={common.id}>
        {input.label}{input.required && <span className="modal__required" aria-hidden="true"> *</span>}
      </label>
      {input.style === 2 ? <textarea rows={4} {...common} /> : <input type="text" {...common} />}
      {input.maxLength !== undefined && <div className="modal__count">{[...value].length}/{input.maxLength}</div>}
      {error !== undefined && <div className="modal__error" role="alert" data-testid={`modal-error-${input.customId}`}>{error}</div>}
    </div>
  );
}

export function ModalDialog() {
  const modal = useApp((state) => state.modal);
  const sending = useApp((state) => state.modalSending);
  const failure = useApp((state) => state.modalError);
  const applicationName = useApp((state) => state.commandIndex?.applications.find((app) => app.id === state.modal?.applicationId)?.name);
  const { submitModal, cancelModal } = useActions();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (modal !== null && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [modal]);
  useDialogFocus(dialog, modal !== null);

  if (modal === null) return null;
  return (
    <dialog
      ref={dialog}
      className="modal"
      data-testid="modal"
      aria-labelledby="modal-title"
      onCancel={(event) => { event.preventDefault(); cancelModal(); }}
    >
      <form className="modal__form" onSubmit={(event) => { event.preventDefault(); void submitModal(); }} noValidate>
        <header className="modal__header">
          {applicationName && <div className="modal__app">{applicationName}</div>}
          <h2 id="modal-title" className="modal__title" data-testid="modal-title">{modal.title}</h2>
        </header>
        <div className="modal__body">
          {modal.rows.flat().map((input, index) => <ModalField key={input.customId} input={input} autoFocus={index === 0} />)}
          {failure !== null && <div className="modal__failure" role="alert" data-testid="modal-failure">{failure}</div>}
        </div>
        <footer className="modal__footer">
          <button type="button" className="link-button modal__cancel" data-testid="modal-cancel" onClick={cancelModal}>Cancel</button>
          <button type="submit" className="button button--primary" data-testid="modal-submit" disabled={sending}>Submit</button>
        </footer>
      </form>
    </dialog>
  );
}
