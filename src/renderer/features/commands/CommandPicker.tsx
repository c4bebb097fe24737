/**
 * The command picker above the composer: the commands of every app usable here, grouped by
 * app and filtered by what follows the slash. The highlighted entry follows the keyboard
 * (the composer's input handles the keys); a click chooses too.
 */
import { Avatar } from '../../app/Avatar.js';
import { useActions, useApp } from '../../app/store-context.js';
import type { PickerGroup } from './picker-entries.js';
import './commands.css';

export function CommandPicker({ groups }: { groups: PickerGroup[] }) {
  const highlighted = useApp((state) => state.pickerIndex);
  const indexStatus = useApp((state) => state.indexStatus);
  const indexError = useApp((state) => state.indexError);
  const { choose } = useActions();
  let position = 0;
  return (
    <div className="composer-popover picker" role="listbox" aria-label="Commands" data-testid="command-picker">
      {groups.length === 0 && (
        <div className="picker__empty" data-testid="picker-empty">
          {indexStatus === 'failed' ? `Commands could not be loaded: ${indexError ?? 'unknown error'}`
            : indexStatus === 'loaded' ? 'No commands match.' : 'Loading commands…'}
        </div>
      )}
      {groups.map((group) => (
        <section key={group.application.id} className="picker__group" data-testid={`picker-app-${group.application.id}`}>
          <header className="picker__app">
            <Avatar id={group.application.id} name={group.application.name} size="small" />
            {group.application.name}
          </header>
          {group.entries.map((entry) => {
            const index = position++;
            const selected = index === highlighted;
            return (
              <div
                key={entry.key}
                role="option"
                aria-selected={selected}
                className={selected ? 'picker__entry picker__entry--selected' : 'picker__entry'}
                data-testid="picker-entry"
                data-command={entry.label}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(entry)}
              >
                <span className="picker__label">{entry.label}</span>
                <span className="picker__description">{entry.description}</span>
                <span className="picker__app-name">{group.application.name}</span>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
