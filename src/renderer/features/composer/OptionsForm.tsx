/**
 * A chosen command's options: one field per option of the chosen path, required ones
 * marked, the shared check's messages beside each field. Enter sends (or picks the
 * highlighted autocomplete choice), Esc closes the choices or cancels the command.
 */
import { useMemo, type KeyboardEvent } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { indexedBranch, indexedLeafOptions, optionDefinition } from '../commands/command-definition.js';
import type { ChosenCommand } from './composer-slice.js';
import { MessageText } from '../messages/message-text.js';
import { chosenCommand } from './composer-state.js';
import { OptionField } from './OptionField.js';

const NO_ERRORS: readonly string[] = [];

export function OptionsForm({ chosen }: { chosen: ChosenCommand }) {
  const commandIndex = useApp((state) => state.commandIndex);
  const errors = useApp((state) => state.composerErrors);
  const sending = useApp((state) => state.sending);
  const autocomplete = useApp((state) => state.autocomplete);
  const actions = useActions();
  const command = useMemo(() => chosenCommand({ chosen, commandIndex }), [chosen, commandIndex]);
  const options = useMemo(() => (command ? indexedLeafOptions(command, chosen.path) : []), [command, chosen.path]);
  const branch = command ? indexedBranch(command, chosen.path) : [];
  const leaf = branch[branch.length - 1];
  const description = leaf ? (leaf.description_localized ?? leaf.description) : (command?.description_localized ?? command?.description ?? '');
  const listOpen = autocomplete !== null && autocomplete.optionName === chosen.focused && autocomplete.choices.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const run: Record<string, () => void> = listOpen ? {
      ArrowDown: () => actions.moveAutocomplete(1),
      ArrowUp: () => actions.moveAutocomplete(-1),
      Enter: () => actions.chooseAutocomplete(),
      Tab: () => actions.chooseAutocomplete(),
      Escape: () => actions.closeAutocomplete(),
    } : {
      Enter: () => void actions.submit(),
      Escape: () => (autocomplete !== null ? actions.closeAutocomplete() : actions.cancelCommand()),
    };
    const handler = run[event.key];
    if (!handler || (event.key === 'Tab' && event.shiftKey)) return;
    event.preventDefault();
    handler();
  };

  return (
    <div className="options-form" data-testid="options-form" onKeyDown={onKeyDown}>
      <div className="options-form__head">
        <span className="command-chip" data-testid="chosen-command">{chosen.label}</span>
        <span className="options-form__description">{description}</span>
        <button type="button" className="options-form__cancel" aria-label="Cancel command" data-testid="cancel-command" onClick={() => actions.cancelCommand()}>
          ×
        </button>
      </div>
      {errors && errors.general.length > 0 && (
        <ul className="options-form__errors" data-testid="form-errors">
          {errors.general.map((message, index) => <li key={index}><MessageText text={message} /></li>)}
        </ul>
      )}
      {command === undefined && <p className="options-form__errors">This command is no longer available here.</p>}
      {options.length > 0 ? (
        <div className="options-form__fields">
          {options.map((option, index) => (
            <OptionField
              key={option.name}
              option={option}
              definition={optionDefinition(option)}
              draft={chosen.values[option.name]}
              errors={errors?.byOption[option.name] ?? NO_ERRORS}
              autoFocus={index === 0}
            />
          ))}
        </div>
      ) : (
        <p className="options-form__none">This command takes no options.</p>
      )}
      <div className="options-form__foot">
        <span className="muted">Enter to send · Esc to cancel</span>
        <button type="button" className="button button--primary" data-testid="send-command" disabled={sending} autoFocus={options.length === 0} onClick={() => void actions.submit()}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </div>
  );
}
