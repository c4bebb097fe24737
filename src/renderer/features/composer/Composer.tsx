/**
 * The message box at the bottom of the chat. Typing `/` opens the command picker (a
 * combobox: ArrowUp/Down, Home/End and PageUp/PageDown to move, Tab or Enter to choose, Esc
 * to close); a chosen command turns the box into the command and its options as chips
 * (OptionsBar.tsx); anything else is sent as the person's message (a reply when one was
 * started from a message's menu; Esc cancels it). The App Launcher at its right end lists
 * the Activities to launch.
 */
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { AppLauncher } from '../activities/AppLauncher.js';
import { movedIndex } from '../../app/list-keys.js';
import { whenIdle } from '../../app/when-idle.js';
import { AutocompleteList } from '../autocomplete/AutocompleteList.js';
import { CommandPicker, PICKER_LIST_ID, pickerEntryId } from '../commands/CommandPicker.js';
import { flattenGroups, preparePicker } from '../commands/picker-entries.js';
import { displayName } from '../world/world-model.js';
import { pickerGroups } from './composer-state.js';
import { OptionsBar } from './OptionsBar.js';
import './composer.css';

export function Composer({ channelName, isPrivate }: { channelName: string; isPrivate: boolean }) {
  const draft = useApp((state) => state.draft);
  const pickerIndex = useApp((state) => state.pickerIndex);
  const chosen = useApp((state) => state.chosen);
  const pickerDismissed = useApp((state) => state.pickerDismissed);
  const commandIndex = useApp((state) => state.commandIndex);
  const notice = useApp((state) => state.indexNotice);
  const sendError = useApp((state) => state.sendError);
  const autocomplete = useApp((state) => state.autocomplete);
  const replyTo = useApp((state) => (state.replyTo === null || state.channelId === null ? undefined
    : state.messagesByChannel[state.channelId]?.find((message) => message.id === state.replyTo)));
  const actions = useActions();
  const groups = useMemo(
    () => pickerGroups({ draft, chosen, pickerDismissed, commandIndex }),
    [draft, chosen, pickerDismissed, commandIndex],
  );
  // The picker's entries are made when an index arrives, not on the first `/` typed; once the
  // page is idle, not on the way to the first screen (a `/` typed before then makes them).
  useEffect(() => {
    if (commandIndex === null) return undefined;
    return whenIdle(() => preparePicker(commandIndex), 500);
  }, [commandIndex]);

  const entries = useMemo(() => flattenGroups(groups ?? []), [groups]);
  const highlighted = entries[pickerIndex];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (groups !== undefined) {
      const next = movedIndex(event.key, pickerIndex, entries.length, { wrap: true });
      if (next !== undefined) {
        event.preventDefault();
        actions.movePicker(next - pickerIndex);
        return;
      }
      const keys: Record<string, () => void> = {
        Enter: () => actions.choose(),
        Tab: () => actions.choose(),
        Escape: () => actions.dismissPicker(),
      };
      const run = keys[event.key];
      if (run && !(event.key === 'Tab' && event.shiftKey)) {
        event.preventDefault();
        run();
      }
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      void actions.submit();
    } else if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      actions.cancelReply();
    }
  };

  return (
    <div className="composer" data-testid="composer">
      {groups !== undefined && <CommandPicker groups={groups} />}
      {chosen !== null && autocomplete !== null && <AutocompleteList state={autocomplete} />}
      {notice && <div className="composer__notice" role="status" data-testid="index-notice">{notice}</div>}
      {replyTo && chosen === null && (
        <div className="composer__reply" data-testid="composer-reply">
          Replying to <strong>{displayName(replyTo.author)}</strong>
          <button type="button" className="link-button" aria-label="Cancel the reply" data-testid="composer-reply-cancel" onClick={actions.cancelReply}>×</button>
        </div>
      )}
      {chosen !== null ? (
        <OptionsBar chosen={chosen} />
      ) : (
        <input
          className="composer__input"
          data-testid="composer-input"
          data-focus-home=""
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={groups !== undefined}
          aria-controls={groups !== undefined ? PICKER_LIST_ID : undefined}
          aria-activedescendant={groups !== undefined && highlighted ? pickerEntryId(highlighted) : undefined}
          aria-label={`Message ${channelName}`}
          placeholder={`Message ${isPrivate ? '@' : '#'}${channelName} — type / for commands`}
          value={draft}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => actions.setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
      {chosen === null && <AppLauncher />}
      {sendError && <div className="composer__error" role="alert" data-testid="send-error">{sendError}</div>}
    </div>
  );
}
