/**
 * The chosen command in the composer, as the real client shows it: the command, then a chip
 * (OptionChip.tsx) for each required option of its path and each optional one the person
 * added, wrapping onto a few lines, so nine options fit a 1280x720 window; above them the
 * focused option's description and the optional options not added yet
 * (OptionalOptions.tsx), below them what the shared check refuses. Tab moves from chip to
 * chip, then to the optional list; Enter sends (or picks the highlighted autocomplete
 * choice); the arrows, Home and End move in the autocomplete list; Esc closes it, or
 * cancels the command. Removing an added chip gives the focus to the chip before it.
 */
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { IndexedOption } from '../../api/wire-types.js';
import { describeOptionType } from '../../../shared/invocation/index.js';
import { movedIndex } from '../../app/list-keys.js';
import { useActions, useApp } from '../../app/store-context.js';
import { AUTOCOMPLETE_LIST_ID, choiceId } from '../autocomplete/AutocompleteList.js';
import { indexedBranch, indexedLeafOptions, optionDefinition } from '../commands/command-definition.js';
import type { ChosenCommand } from './composer-slice.js';
import { chosenCommand, splitOptions } from './composer-state.js';
import { OptionalOptions, OPTIONAL_LIST_ID } from './OptionalOptions.js';
import { OptionChip, rangeText } from './OptionChip.js';
import { OptionProblems, optionProblems } from './OptionProblems.js';

const NO_ERRORS: readonly string[] = [];

/** Keys whose own meaning a control keeps: Enter on a button presses it, on a file field opens the picker. */
function keepsEnter(target: EventTarget): boolean {
  return target instanceof HTMLButtonElement || (target instanceof HTMLInputElement && target.type === 'file');
}

export function OptionsBar({ chosen }: { chosen: ChosenCommand }) {
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
  const { chips, optional } = useMemo(() => splitOptions(options, chosen.added), [options, chosen.added]);
  // The optional option highlighted in the list, described like a focused field.
  const [highlighted, setHighlighted] = useState<IndexedOption | null>(null);
  const focused = options.find((option) => option.name === chosen.focused) ?? highlighted ?? undefined;
  const problems = optionProblems(options, errors, chosen.values);
  // Where the focus goes once a removed chip is gone: the field of the chip before it, or the list.
  const focusNext = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (focusNext.current === null) return;
    const target = focusNext.current;
    focusNext.current = null;
    document.querySelector<HTMLElement>(target)?.focus();
  });
  const remove = (name: string) => {
    const before = chips[chips.findIndex((option) => option.name === name) - 1];
    focusNext.current = before
      ? `[data-testid="option-chip-${before.name}"] :is(input, select, button)`
      : `#${OPTIONAL_LIST_ID}`;
    actions.removeOption(name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (listOpen && autocomplete) {
      const next = movedIndex(event.key, autocomplete.index, autocomplete.choices.length, { wrap: true });
      if (next !== undefined) {
        event.preventDefault();
        actions.moveAutocomplete(next - autocomplete.index);
        return;
      }
    }
    const run: Record<string, () => void> = listOpen ? {
      Enter: () => actions.chooseAutocomplete(),
      Tab: () => actions.chooseAutocomplete(),
      Escape: () => actions.closeAutocomplete(),
    } : {
      Enter: () => void actions.submit(),
      Escape: () => (autocomplete !== null ? actions.closeAutocomplete() : actions.cancelCommand()),
    };
    const handler = run[event.key];
    if (!handler || (event.key === 'Tab' && event.shiftKey) || (event.key === 'Enter' && keepsEnter(event.target))) return;
    event.preventDefault();
    handler();
  };

  const hint = focused ? (
    <>
      <strong className="options-bar__hint-name">{focused.name_localized ?? focused.name}</strong>
      {' '}{focused.description_localized ?? focused.description}
      <span className="options-bar__hint-type">
        {' · '}{describeOptionType(focused.type)}{focused.autocomplete ? ', autocomplete' : ''}
        {rangeText(optionDefinition(focused)) && `, ${rangeText(optionDefinition(focused))}`}
        {focused.required ? ', required' : ', optional'}
      </span>
    </>
  ) : (options.length === 0 ? `${description} · takes no options` : description);

  // In the document, the optional list comes after the chips (the Tab order); it shows above them.
  return (
    <div className="options-bar" data-testid="options-form" role="group" aria-label={`${chosen.label} and its options`} onKeyDown={onKeyDown}>
      <div className="options-bar__hint" data-testid="option-hint" aria-hidden="true">{hint}</div>
      <div className="options-bar__row">
        <span className="command-chip" data-testid="chosen-command">{chosen.label}</span>
        {command === undefined && <span className="options-bar__gone">This command is no longer available here.</span>}
        {chips.map((option) => (
          <OptionChip
            key={option.name}
            option={option}
            definition={optionDefinition(option)}
            draft={chosen.values[option.name]}
            invalid={problems.has(option.name)}
            autoFocus={option.name === chosen.focused}
            list={listOpen && autocomplete && option.name === chosen.focused ? { id: AUTOCOMPLETE_LIST_ID, active: choiceId(autocomplete.index) } : null}
            onRemove={option.required === true ? undefined : () => remove(option.name)}
          />
        ))}
        <OptionalOptions options={optional} autoFocus={chips.length === 0} onHighlight={setHighlighted} />
        <span className="options-bar__actions">
          <button
            type="button" className="options-bar__send" data-testid="send-command" disabled={sending} autoFocus={options.length === 0}
            title="Send (Enter)" onClick={() => void actions.submit()}
          >
            {sending ? 'Sending…' : 'Send'}
          </button>
          <button type="button" className="options-bar__cancel" aria-label="Cancel command" title="Cancel (Esc)" data-testid="cancel-command" onClick={() => actions.cancelCommand()}>
            ×
          </button>
        </span>
      </div>
      <OptionProblems options={options} general={errors?.general ?? NO_ERRORS} problems={problems} values={chosen.values} />
    </div>
  );
}
