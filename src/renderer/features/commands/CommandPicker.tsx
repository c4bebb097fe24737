/**
 * The command picker above the composer: the commands of every app usable here, grouped by
 * app and filtered by what follows the slash. The highlighted entry follows the keyboard
 * (the composer's input handles the keys); a click chooses too. The rows are windowed
 * (PickerRows.tsx), so a thousand commands cost a keystroke no more than a few. Below them, "Not shown
 * here": the commands hidden in this channel, each opening the registry's explanation.
 */
import { useMemo } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { hiddenEntries } from './hidden-entries.js';
import { pickerQuery, type PickerGroup } from './picker-entries.js';
import { PickerRows } from './PickerRows.js';
import './commands.css';

export { PICKER_LIST_ID, pickerEntryId } from './PickerRows.js';

export function CommandPicker({ groups }: { groups: PickerGroup[] }) {
  const highlighted = useApp((state) => state.pickerIndex);
  const indexStatus = useApp((state) => state.indexStatus);
  const indexError = useApp((state) => state.indexError);
  const commandIndex = useApp((state) => state.commandIndex);
  const draft = useApp((state) => state.draft);
  const { choose, explainCommand } = useActions();
  const hidden = useMemo(() => hiddenEntries(commandIndex, pickerQuery(draft) ?? ''), [commandIndex, draft]);
  return (
    <div className="composer-popover picker" data-testid="command-picker">
      {groups.length === 0 && (
        <div className="picker__empty" role="status" data-testid="picker-empty">
          {indexStatus === 'failed' ? `Commands could not be loaded: ${indexError ?? 'unknown error'}`
            : indexStatus === 'loaded' ? 'No commands match.' : 'Loading commands…'}
        </div>
      )}
      <PickerRows groups={groups} highlighted={highlighted} onChoose={choose} />
      {hidden.length > 0 && (
        <section className="picker__group picker__hidden" aria-labelledby="picker-hidden-title" data-testid="picker-hidden">
          <h2 className="picker__app" id="picker-hidden-title">Not shown here</h2>
          {hidden.map((entry) => (
            <div key={entry.command.id} className="picker__entry picker__entry--hidden" data-testid="picker-hidden-entry" data-command={entry.command.name}>
              <button
                type="button"
                className="link-button picker__label"
                title="Why is this command not shown here?"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void explainCommand({ id: entry.command.id, name: entry.label })}
              >
                {entry.label}
              </button>
              <span className="picker__description">{entry.reason}</span>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
