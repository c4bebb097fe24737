/**
 * Why the chosen command cannot be sent yet, under its chips: the shared check's messages
 * (the registry's own words) for the command as a whole, then for each option by name, and
 * a file the client or the registry refused. Each option's message describes its field.
 */
import type { IndexedOption } from '../../api/wire-types.js';
import { MessageText } from '../messages/message-text.js';
import type { FormErrors } from './form-errors.js';
import type { OptionDraft } from './option-values.js';

/** The messages of each option, files refused included. */
export function optionProblems(options: readonly IndexedOption[], errors: FormErrors | null, values: Readonly<Record<string, OptionDraft>>): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  for (const option of options) {
    const file = values[option.name]?.file;
    const messages = [...(errors?.byOption[option.name] ?? []), ...(file?.status === 'refused' && file.error ? [file.error] : [])];
    if (messages.length > 0) problems.set(option.name, messages);
  }
  return problems;
}

/** The refusals under the chips, general first, then by option in the options' order. */
export function OptionProblems({ options, general, problems, values }: {
  options: readonly IndexedOption[];
  general: readonly string[];
  problems: ReadonlyMap<string, string[]>;
  values: Readonly<Record<string, OptionDraft>>;
}) {
  if (general.length === 0 && problems.size === 0) return null;
  return (
    <div className="options-bar__problems" role="alert">
      {general.length > 0 && (
        <ul className="options-bar__errors" data-testid="form-errors">
          {general.map((message, index) => <li key={index}><MessageText text={message} /></li>)}
        </ul>
      )}
      {problems.size > 0 && (
        <ul className="options-bar__errors">
          {options.filter((option) => problems.has(option.name)).map((option) => {
            const refused = values[option.name]?.file?.status === 'refused';
            return (
              <li key={option.name} id={`option-problem-${option.name}`} data-testid={refused ? `attachment-error-${option.name}` : `option-error-${option.name}`}>
                <strong>{option.name_localized ?? option.name}</strong>: {(problems.get(option.name) ?? []).map((message, index) => <MessageText key={index} text={message} />)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
