/**
 * The bot's suggestions for the focused option, above the composer: "Loading options…"
 * while the bot is asked, its choices, "Loading options failed" when it failed or missed
 * the deadline, or why the typed text cannot be sent. The choices are a listbox the
 * option's field controls (a combobox): the highlighted one is its active descendant.
 */
import { useEffect } from 'react';
import { useActions } from '../../app/store-context.js';
import { MessageText } from '../messages/message-text.js';
import { AUTOCOMPLETE_FAILED, type AutocompleteState } from './autocomplete-slice.js';
import './autocomplete.css';

/** The id of the choices' listbox, which the focused field names in `aria-controls`. */
export const AUTOCOMPLETE_LIST_ID = 'autocomplete-choices';

/** A choice's element id, for the field's `aria-activedescendant`. */
export function choiceId(index: number): string {
  return `autocomplete-choice-${index}`;
}

export function AutocompleteList({ state }: { state: AutocompleteState }) {
  const { chooseAutocomplete } = useActions();
  useEffect(() => {
    document.getElementById(choiceId(state.index))?.scrollIntoView({ block: 'nearest' });
  }, [state.index]);
  let body;
  if (state.status === 'failed') body = <div className="autocomplete__note autocomplete__note--failed" role="status" data-testid="autocomplete-failed">{state.message ?? AUTOCOMPLETE_FAILED}</div>;
  else if (state.status === 'invalid') body = <div className="autocomplete__note autocomplete__note--failed" role="status" data-testid="autocomplete-invalid"><MessageText text={state.message ?? ''} /></div>;
  else if (state.choices.length === 0) {
    body = state.status === 'loading'
      ? <div className="autocomplete__note" role="status" data-testid="autocomplete-loading">Loading options…</div>
      : <div className="autocomplete__note" role="status" data-testid="autocomplete-empty">No options match your search.</div>;
  } else {
    body = (
      <ul className="autocomplete__choices" id={AUTOCOMPLETE_LIST_ID} role="listbox" aria-label={`Options for ${state.optionName}`}>
        {state.choices.map((choice, index) => (
          <li
            key={`${index}-${choice.name}`}
            id={choiceId(index)}
            role="option"
            aria-selected={index === state.index}
            className={index === state.index ? 'autocomplete__choice autocomplete__choice--selected' : 'autocomplete__choice'}
            data-testid="autocomplete-choice"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => chooseAutocomplete(index)}
          >
            {choice.name}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="composer-popover autocomplete" data-testid="autocomplete" data-status={state.status}>
      <header className="autocomplete__title" aria-hidden="true">
        Options for {state.optionName}
        {state.status === 'loading' && state.choices.length > 0 && <span className="autocomplete__busy"> · updating…</span>}
      </header>
      {body}
    </div>
  );
}
