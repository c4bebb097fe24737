/**
 * One option of the chosen command as a chip in the composer, as the real client shows
 * them: the option's name, then what the person types (text and numbers, typed as text so
 * what does not fit is explained rather than blocked), picks from a list (choices, True or
 * False, the place's people, roles and channels of the allowed types) or attaches (a file).
 * The chip grows with what it holds; the option's description is read with its field. An
 * optional option's chip, added by the person, has a remove button, and Backspace in its
 * empty field removes it too, as in the real client.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import type { OptionDefinition } from '../../../shared/command-rules/definition.js';
import { describeOptionType } from '../../../shared/invocation/index.js';
import type { IndexedOption } from '../../api/wire-types.js';
import { useActions, useApp } from '../../app/store-context.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import { AttachmentField } from './AttachmentField.js';
import { isListOption, optionEntries, type OptionEntry } from './option-entries.js';
import { isFilled, type OptionDraft } from './option-values.js';

/** What a chip needs: its option, the shared rules' view of it, what was typed or picked. */
export interface ChipProps {
  option: IndexedOption;
  definition: OptionDefinition;
  draft: OptionDraft | undefined;
  invalid: boolean;
  autoFocus: boolean;
  /** The autocomplete list this chip's field drives, while it is open: its id and highlighted choice. */
  list: { id: string; active: string | undefined } | null;
  /** Removes the chip (an optional option the person added); absent for a required option. */
  onRemove?: () => void;
}

/** The ids of what describes an option's field: its description, and its error when it has one. */
export function describedBy(name: string, invalid: boolean): string {
  return invalid ? `option-about-${name} option-problem-${name}` : `option-about-${name}`;
}

/** The range a text or number field takes, as its placeholder says it (`2…50`). */
export function rangeText(definition: OptionDefinition): string {
  const low = definition.min_value ?? definition.min_length;
  const high = definition.max_value ?? definition.max_length;
  return low === undefined && high === undefined ? '' : `${low ?? ''}…${high ?? ''}`;
}

function ListField({ option, draft, entries, autoFocus, invalid }: {
  option: IndexedOption; draft: OptionDraft | undefined; entries: OptionEntry[]; autoFocus: boolean; invalid: boolean;
}) {
  const { setOptionValue, focusOption } = useActions();
  const groups = [...new Set(entries.map((entry) => entry.group))];
  const render = (list: OptionEntry[]): ReactNode => list.map((entry) => <option key={`${entry.group}-${entry.value}`} value={entry.value}>{entry.label}</option>);
  return (
    <select
      id={`option-${option.name}`}
      className="option-chip__input"
      data-testid={`option-${option.name}`}
      value={draft?.text ?? ''}
      autoFocus={autoFocus}
      aria-required={option.required === true}
      aria-invalid={invalid}
      aria-describedby={describedBy(option.name, invalid)}
      onFocus={() => focusOption(option.name)}
      onChange={(event) => {
        const entry = entries.find((candidate) => candidate.value === event.target.value);
        setOptionValue(option.name, entry ? { text: entry.value, label: entry.label } : { text: '' });
      }}
    >
      <option value="">{entries.length === 0 ? 'nothing to choose' : `choose ${describeOptionType(option.type)}`}</option>
      {groups.length > 1
        ? groups.map((group) => <optgroup key={group} label={group}>{render(entries.filter((entry) => entry.group === group))}</optgroup>)
        : render(entries)}
    </select>
  );
}

function TextField({ option, definition, draft, autoFocus, invalid, list }: Omit<ChipProps, 'option'> & { option: IndexedOption }) {
  const { setOptionValue, focusOption } = useActions();
  const numeric = option.type === ApplicationCommandOptionType.Integer || option.type === ApplicationCommandOptionType.Number;
  const combobox = option.autocomplete === true ? {
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': list !== null,
    'aria-controls': list?.id,
    'aria-activedescendant': list?.active,
  } : {};
  return (
    <input
      id={`option-${option.name}`}
      className="option-chip__input"
      data-testid={`option-${option.name}`}
      value={draft?.label ?? draft?.text ?? ''}
      inputMode={numeric ? 'decimal' : undefined}
      placeholder={rangeText(definition)}
      autoFocus={autoFocus}
      autoComplete="off"
      spellCheck={false}
      aria-required={option.required === true}
      aria-invalid={invalid}
      aria-describedby={describedBy(option.name, invalid)}
      {...combobox}
      onFocus={() => focusOption(option.name)}
      onChange={(event) => setOptionValue(option.name, { text: event.target.value })}
    />
  );
}

/** One option's chip (see the header). */
export function OptionChip(props: ChipProps) {
  const { option, draft, invalid, autoFocus, onRemove } = props;
  const guild = useApp(selectGuild);
  const channel = useApp(selectChannel);
  const me = useApp((state) => state.me);
  const focused = useApp((state) => state.chosen?.focused === option.name);
  const entries = useMemo(() => (isListOption(option) ? optionEntries(option, { guild, channel, me: me ?? undefined }) : []), [option, guild, channel, me]);
  const attachment = option.type === ApplicationCommandOptionType.Attachment;
  const classes = ['option-chip', focused && 'option-chip--focused', invalid && 'option-chip--invalid', !option.required && 'option-chip--optional'];
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'Backspace' || !onRemove || draft?.file !== undefined || isFilled(draft)) return;
    event.preventDefault();
    onRemove();
  };
  const name = option.name_localized ?? option.name;
  return (
    <span className={classes.filter(Boolean).join(' ')} data-testid={`option-chip-${option.name}`} onKeyDown={onKeyDown}>
      <label className="option-chip__name" htmlFor={`option-${option.name}`}>{name}</label>
      {isListOption(option) ? <ListField option={option} draft={draft} entries={entries} autoFocus={autoFocus} invalid={invalid} />
        : attachment ? <AttachmentField option={option} draft={draft} autoFocus={autoFocus} />
          : <TextField {...props} />}
      <span id={`option-about-${option.name}`} className="visually-hidden">
        {option.description_localized ?? option.description}, {describeOptionType(option.type)}, {option.required ? 'required' : 'optional'}
      </span>
      {onRemove && (
        <button type="button" className="option-chip__remove" aria-label={`Remove ${name}`} title="Remove (Backspace when empty)" data-testid={`option-remove-${option.name}`} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}
