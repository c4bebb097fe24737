/**
 * One option's field, by type: text for strings and numbers (typed as text, so what does
 * not fit is explained rather than blocked), lists for choices and booleans, pickers of
 * the place's members, roles and channels (only the channel types the option allows), and
 * a file picker for attachments.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { useMemo, type ReactNode } from 'react';
import type { OptionDefinition } from '../../../shared/command-rules/definition.js';
import { describeOptionType } from '../../../shared/invocation/index.js';
import type { IndexedOption } from '../../api/wire-types.js';
import { useActions, useApp } from '../../app/store-context.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import { MessageText } from '../messages/message-text.js';
import { channelLabel, displayName, placeChannels, placeRoles, placeUsers, roleLabel, type PlaceWorld } from '../world/world-model.js';
import { AttachmentField } from './AttachmentField.js';
import type { OptionDraft } from './option-values.js';

interface FieldProps {
  option: IndexedOption;
  definition: OptionDefinition;
  draft: OptionDraft | undefined;
  errors: readonly string[];
  autoFocus: boolean;
}

/** The entries of a list field: value and label, in the order shown. */
function listEntries(option: IndexedOption, place: PlaceWorld): Array<{ group?: string; value: string; label: string }> {
  if (option.choices?.length) return option.choices.map((choice) => ({ value: String(choice.value), label: choice.name_localized ?? choice.name }));
  const users = () => placeUsers(place).map(({ user, nick }) => ({ group: 'Members', value: user.id, label: `${displayName(user, nick)} (@${user.username})` }));
  const roles = () => placeRoles(place).map((role) => ({ group: 'Roles', value: role.id, label: roleLabel(role) }));
  switch (option.type) {
    case ApplicationCommandOptionType.Boolean:
      return [{ value: 'true', label: 'True' }, { value: 'false', label: 'False' }];
    case ApplicationCommandOptionType.User:
      return users();
    case ApplicationCommandOptionType.Role:
      return roles();
    case ApplicationCommandOptionType.Mentionable:
      return [...users(), ...roles()];
    case ApplicationCommandOptionType.Channel:
      return placeChannels(place, option.channel_types).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
    default:
      return [];
  }
}

function isListField(option: IndexedOption): boolean {
  return (option.choices?.length ?? 0) > 0 || [
    ApplicationCommandOptionType.Boolean, ApplicationCommandOptionType.User, ApplicationCommandOptionType.Role,
    ApplicationCommandOptionType.Mentionable, ApplicationCommandOptionType.Channel,
  ].includes(option.type);
}

function ListField({ option, draft, entries, autoFocus, onFocus }: {
  option: IndexedOption; draft: OptionDraft | undefined; entries: ReturnType<typeof listEntries>; autoFocus: boolean; onFocus: () => void;
}) {
  const { setOptionValue } = useActions();
  const groups = [...new Set(entries.map((entry) => entry.group))];
  const render = (list: typeof entries): ReactNode => list.map((entry) => <option key={`${entry.group}-${entry.value}`} value={entry.value}>{entry.label}</option>);
  return (
    <select
      id={`option-${option.name}`}
      className="option-field__input"
      data-testid={`option-${option.name}`}
      value={draft?.text ?? ''}
      autoFocus={autoFocus}
      onFocus={onFocus}
      onChange={(event) => {
        const entry = entries.find((candidate) => candidate.value === event.target.value);
        setOptionValue(option.name, entry ? { text: entry.value, label: entry.label } : { text: '' });
      }}
    >
      <option value="">{entries.length === 0 ? 'Nothing to choose here' : `Choose ${describeOptionType(option.type)}…`}</option>
      {groups.length > 1
        ? groups.map((group) => <optgroup key={group} label={group}>{render(entries.filter((entry) => entry.group === group))}</optgroup>)
        : render(entries)}
    </select>
  );
}

export function OptionField({ option, definition, draft, errors, autoFocus }: FieldProps) {
  const guild = useApp(selectGuild);
  const channel = useApp(selectChannel);
  const me = useApp((state) => state.me);
  const focused = useApp((state) => state.chosen?.focused === option.name);
  const { setOptionValue, focusOption } = useActions();
  const entries = useMemo(() => listEntries(option, { guild, channel, me: me ?? undefined }), [option, guild, channel, me]);
  const name = option.name_localized ?? option.name;
  const numeric = option.type === ApplicationCommandOptionType.Integer || option.type === ApplicationCommandOptionType.Number;
  const attachment = option.type === ApplicationCommandOptionType.Attachment;
  const range = [definition.min_value ?? definition.min_length, definition.max_value ?? definition.max_length];
  return (
    <div className={`option-field${focused ? ' option-field--focused' : ''}${errors.length > 0 ? ' option-field--invalid' : ''}`}>
      <label className="option-field__label" htmlFor={`option-${option.name}`}>
        {name}
        {option.required ? <span className="option-field__required" title="Required">*</span> : <span className="option-field__optional">optional</span>}
        <span className="option-field__type">{describeOptionType(option.type)}{option.autocomplete ? ' · autocomplete' : ''}</span>
      </label>
      {isListField(option) ? (
        <ListField option={option} draft={draft} entries={entries} autoFocus={autoFocus} onFocus={() => focusOption(option.name)} />
      ) : attachment ? (
        <AttachmentField option={option} draft={draft} autoFocus={autoFocus} />
      ) : (
        <input
          id={`option-${option.name}`}
          className="option-field__input"
          data-testid={`option-${option.name}`}
          value={draft?.label ?? draft?.text ?? ''}
          inputMode={numeric ? 'decimal' : undefined}
          placeholder={range[0] !== undefined || range[1] !== undefined ? `${range[0] ?? ''}…${range[1] ?? ''}` : ''}
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          onFocus={() => focusOption(option.name)}
          onChange={(event) => setOptionValue(option.name, { text: event.target.value })}
        />
      )}
      <span className="option-field__hint">{option.description_localized ?? option.description}</span>
      {errors.map((message, index) => <span key={index} className="option-field__error" role="alert" data-testid={`option-error-${option.name}`}><MessageText text={message} /></span>)}
    </div>
  );
}
