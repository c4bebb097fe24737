/**
 * The chosen command's optional options that are not chips yet, as the real client lists
 * them above the message box under "Optional": clicking one, or highlighting it with the
 * arrows (Home/End, PageUp/PageDown) and pressing Enter or Space, adds it as a chip with
 * the focus. The list is one tab stop after the chips; with nothing highlighted, Enter
 * sends the command as it is.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { IndexedOption } from '../../api/wire-types.js';
import { movedIndex } from '../../app/list-keys.js';
import { useActions } from '../../app/store-context.js';

/** The list's element id, for whoever gives it the focus. */
export const OPTIONAL_LIST_ID = 'optional-options';

function entryId(option: IndexedOption): string {
  return `optional-option-${option.name}`;
}

export function OptionalOptions({ options, autoFocus, onHighlight }: {
  options: readonly IndexedOption[];
  /** Takes the focus when shown (the command has no required option). */
  autoFocus: boolean;
  /** Says which option is highlighted while the list has the focus (null when none or on leaving). */
  onHighlight: (option: IndexedOption | null) => void;
}) {
  const { addOption, focusOption } = useActions();
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const index = Math.min(active, options.length - 1);
  // Only when the list first shows, as `autoFocus` does for a field.
  const focusFirst = useRef(autoFocus);
  useLayoutEffect(() => {
    if (focusFirst.current) list.current?.focus();
  }, []);

  const highlight = (next: number) => {
    setActive(next);
    onHighlight(options[next] ?? null);
  };
  const add = (option: IndexedOption) => {
    setActive(-1);
    onHighlight(null);
    addOption(option.name);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = movedIndex(event.key, index, options.length, { wrap: true });
    if (next !== undefined) {
      event.preventDefault();
      highlight(next);
      return;
    }
    const option = options[index];
    if ((event.key === 'Enter' || event.key === ' ') && option) {
      // The options bar would send on Enter: adding the highlighted option is this list's.
      event.preventDefault();
      event.stopPropagation();
      add(option);
    }
  };

  if (options.length === 0) return null;
  return (
    <div className="optional-options" data-testid="optional-options">
      <span className="optional-options__title" id={`${OPTIONAL_LIST_ID}-title`}>Optional</span>
      <div
        ref={list}
        id={OPTIONAL_LIST_ID}
        className="optional-options__list"
        role="listbox"
        tabIndex={0}
        aria-labelledby={`${OPTIONAL_LIST_ID}-title`}
        aria-activedescendant={options[index] ? entryId(options[index]) : undefined}
        data-testid="optional-list"
        onFocus={() => {
          focusOption(null);
          onHighlight(options[index] ?? null);
        }}
        onBlur={() => onHighlight(null)}
        onKeyDown={onKeyDown}
      >
        {options.map((option, position) => (
          <div
            key={option.name}
            id={entryId(option)}
            role="option"
            aria-selected={position === index}
            className={position === index ? 'optional-options__entry optional-options__entry--active' : 'optional-options__entry'}
            data-testid={`optional-option-${option.name}`}
            title={option.description_localized ?? option.description}
            onClick={() => add(option)}
          >
            {option.name_localized ?? option.name}
            <span className="visually-hidden">, {option.description_localized ?? option.description}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
