/**
 * The bot's suggestions for the focused option, above the composer: "Loading options…"
 * while the bot is asked, its choices, "Loading options failed" when it failed or missed
 * the deadline, or why the typed text cannot be sent.
 */
import { useActions } from '../../app/store-context.js';
import { MessageText } from '../messages/message-text.js';
import { AUTOCOMPLETE_FAILED, type AutocompleteState } from './autocomplete-slice.js';
import './autocomplete.css';

export function AutocompleteList({ state }: { state: AutocompleteState }) {
  const { chooseAutocomplete } = useActions();
  let body;
  if (state.status === 'failed') body = <div className="autocomplete__note autocomplete__note--failed" data-testid="autocomplete-failed">{state.message ?? AUTOCOMPLETE_FAILED}</div>;
  else if (state.status === 'invalid') body = <div className="autocomplete__note autocomplete__note--failed" data-testid="autocomplete-invalid"><MessageText text={state.message ?? ''} /></div>;
  else if (state.choices.length === 0) {
    body = state.status === 'loading'
      ? <div className="autocomplete__note" data-testid="autocomplete-loading">Loading options…</div>
      : <div className="autocomplete__note" data-testid="autocomplete-empty">No options match your search.</div>;
  } else {
    body = (
      <ul className="autocomplete__choices">
        {state.choices.map((choice, index) => (
          <li
            key={`${index}-${choice.name}`}
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
    <div className="composer-popover autocomplete" role="listbox" aria-label={`Options for ${state.optionName}`} data-testid="autocomplete" data-status={state.status}>
      <header className="autocomplete__title">
        Options for {state.optionName}
        {state.status === 'loading' && state.choices.length > 0 && <span className="autocomplete__busy"> · updating…</span>}
      </header>
      {body}
    </div>
  );
}
