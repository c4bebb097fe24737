/**
 * The composer: a draft that opens the command picker when it starts with `/`, and once a
 * command is chosen, its options form: the required options as chips at once, the optional
 * ones added as chips by the person (and removed again, value and all). Sending checks the
 * options with the shared rules first (the registry's own messages, shown beside each
 * field, and nothing sent), then posts the interaction; a refusal for a stale version
 * reloads the index and says so. A file for an ATTACHMENT option is checked and uploaded as
 * soon as it is picked, and the invocation names the upload's id. A draft that is not a
 * command is a plain message (talk-slice.ts).
 */
import { validateInvocation } from '../../../shared/invocation/index.js';
import type { AppState, Slice } from '../../store/app-state.js';
import type { ClientDeps, UploadFile } from '../../store/deps.js';
import { selectPlaceWorld } from '../../store/selectors.js';
import { isEntryPoint } from '../activities/launcher-entries.js';
import { commandDefinition } from '../commands/command-definition.js';
import { STALE_NOTICE } from '../commands/commands-slice.js';
import type { PickerEntry } from '../commands/picker-entries.js';
import { sendInteraction } from '../interactions/send-interaction.js';
import { placeLookup } from '../world/world-model.js';
import { attachmentProblem } from './attachment-checks.js';
import { chosenCommand, chosenOptions, invokeBody, pickerEntries } from './composer-state.js';
import { formErrors, treeMessages, type FormErrors } from './form-errors.js';
import { buildInvocationData } from './invocation-data.js';
import type { AttachedFile, OptionDraft } from './option-values.js';

export interface ChosenCommand {
  commandId: string;
  applicationId: string;
  /** Default names of the subcommand path. */
  path: string[];
  /** As the picker showed it: `/admin user ban`, localized. */
  label: string;
  values: Record<string, OptionDraft>;
  /** The optional options the person added as chips, in the order added (the required ones always are). */
  added: string[];
  /** The option whose field has the focus. */
  focused: string | null;
}

export interface ComposerSlice {
  draft: string;
  pickerDismissed: boolean;
  pickerIndex: number;
  chosen: ChosenCommand | null;
  composerErrors: FormErrors | null;
  sending: boolean;
  sendError: string | null;
  setDraft(text: string): void;
  movePicker(delta: number): void;
  dismissPicker(): void;
  /** Chooses an entry (the highlighted one when none is given). */
  choose(entry?: PickerEntry): void;
  cancelCommand(): void;
  /** Sets an option's value; an optional option not yet a chip becomes one. */
  setOptionValue(name: string, draft: OptionDraft): void;
  /** Adds the optional option `name` as a chip, with the focus. */
  addOption(name: string): void;
  /** Removes the added option `name`: its chip and its value, which is then not sent. */
  removeOption(name: string): void;
  focusOption(name: string | null): void;
  /** Checks `file` and uploads it for the ATTACHMENT option `name`. */
  attachFile(name: string, file: UploadFile): Promise<void>;
  removeAttachment(name: string): void;
  submit(): Promise<void>;
  resetComposer(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends ComposerSlice {}
}

const EMPTY = { draft: '', pickerDismissed: false, pickerIndex: 0, chosen: null, composerErrors: null, sending: false, sendError: null };

/** The errors without those of one option (it was just edited). */
function withoutOption(errors: FormErrors | null, name: string): FormErrors | null {
  if (errors === null || !(name in errors.byOption)) return errors;
  const byOption = { ...errors.byOption };
  delete byOption[name];
  return { ...errors, byOption };
}

/** The uploads the form holds: the ids the invocation may name as attachments. */
function uploadedIds(chosen: ChosenCommand): Set<string> {
  return new Set(Object.values(chosen.values).filter((draft) => draft.file?.status === 'uploaded').map((draft) => draft.text));
}

/** The chosen command's `added` with `name`, when it is an optional option of its path not yet added. */
function withAdded(state: AppState, chosen: ChosenCommand, name: string): string[] {
  const option = chosenOptions(state).find((candidate) => candidate.name === name);
  if (!option || option.required === true || chosen.added.includes(name)) return chosen.added;
  return [...chosen.added, name];
}

export function createComposerSlice(deps: ClientDeps): Slice<ComposerSlice> {
  return (set, get) => {
    /** Sets an attachment field's draft, unless the command changed meanwhile; no autocomplete for files. */
    const putFile = (commandId: string, name: string, draft: OptionDraft) => {
      const chosen = get().chosen;
      if (chosen === null || chosen.commandId !== commandId) return;
      set({ chosen: { ...chosen, values: { ...chosen.values, [name]: draft } }, composerErrors: withoutOption(get().composerErrors, name), sendError: null });
    };
    return {
      ...EMPTY,

      setDraft(text) {
        set({ draft: text, pickerDismissed: false, pickerIndex: 0, sendError: null });
      },

      movePicker(delta) {
        const count = pickerEntries(get()).length;
        if (count === 0) return;
        set({ pickerIndex: (((get().pickerIndex + delta) % count) + count) % count });
      },

      dismissPicker() {
        set({ pickerDismissed: true });
      },

      choose(entry) {
        const picked = entry ?? pickerEntries(get())[get().pickerIndex];
        if (!picked) return;
        if (isEntryPoint(picked.command)) {
          // An entry point has no options: choosing it launches, as from the app launcher.
          set({ ...EMPTY });
          void get().launchEntryPoint(picked.command);
          return;
        }
        // The focus goes to the first required option; with none, no option is a chip yet.
        const first = buildInvocationData(picked.command, picked.path, {}).definitions.find((option) => option.required)?.name ?? null;
        get().clearIndexNotice();
        set({
          ...EMPTY,
          chosen: {
            commandId: picked.command.id, applicationId: picked.command.application_id, path: picked.path,
            label: picked.label, values: {}, added: [], focused: first,
          },
        });
        if (first !== null) get().focusOption(first);
      },

      cancelCommand() {
        get().closeAutocomplete();
        set({ ...EMPTY });
      },

      setOptionValue(name, draft) {
        const chosen = get().chosen;
        if (chosen === null) return;
        set({
          chosen: { ...chosen, values: { ...chosen.values, [name]: draft }, added: withAdded(get(), chosen, name) },
          composerErrors: withoutOption(get().composerErrors, name),
          sendError: null,
        });
        if (draft.label === undefined) get().scheduleAutocomplete(name);
      },

      addOption(name) {
        const chosen = get().chosen;
        if (chosen === null) return;
        const added = withAdded(get(), chosen, name);
        if (added === chosen.added) return;
        set({ chosen: { ...chosen, added } });
        get().focusOption(name);
      },

      removeOption(name) {
        const chosen = get().chosen;
        if (chosen === null || !chosen.added.includes(name)) return;
        if (get().autocomplete?.optionName === name) get().closeAutocomplete();
        const values = { ...chosen.values };
        delete values[name];
        set({
          chosen: { ...chosen, values, added: chosen.added.filter((other) => other !== name), focused: chosen.focused === name ? null : chosen.focused },
          composerErrors: withoutOption(get().composerErrors, name),
          sendError: null,
        });
      },

      focusOption(name) {
        const chosen = get().chosen;
        if (chosen === null || (chosen.focused === name && get().autocomplete?.optionName === name)) return;
        set({ chosen: { ...chosen, focused: name } });
        if (name === null) get().closeAutocomplete();
        else get().scheduleAutocomplete(name);
      },

      async attachFile(name, file) {
        const { chosen, token, channelId, locale } = get();
        if (chosen === null || token === null || channelId === null) return;
        const base: AttachedFile = { key: deps.nonce(), filename: file.filename, size: file.bytes.size, status: 'uploading' };
        const problem = attachmentProblem(file.filename, file.bytes.size);
        if (problem !== null) {
          putFile(chosen.commandId, name, { text: '', file: { ...base, status: 'refused', error: problem } });
          return;
        }
        putFile(chosen.commandId, name, { text: '', file: base });
        const answer = await deps.rest.uploadAttachment({ token, locale }, channelId, file);
        // Removed, replaced or the command cancelled while uploading: this upload is not wanted.
        if (get().chosen?.values[name]?.file?.key !== base.key) return;
        if (answer.ok) putFile(chosen.commandId, name, { text: answer.body.id, label: answer.body.filename, file: { ...base, status: 'uploaded' } });
        else {
          // A 50035 names the bad field (the filename, the media type): say that, not "Invalid Form Body".
          const details = treeMessages(answer.error.errors);
          const error = answer.status === 413 ? `${file.filename} is too large for the registry (${answer.error.message}).`
            : details.length > 0 ? details.join(' ') : answer.error.message;
          putFile(chosen.commandId, name, { text: '', file: { ...base, status: 'refused', error } });
        }
      },

      removeAttachment(name) {
        const chosen = get().chosen;
        if (chosen === null || !(name in chosen.values)) return;
        const values = { ...chosen.values };
        delete values[name];
        set({ chosen: { ...chosen, values }, composerErrors: withoutOption(get().composerErrors, name) });
      },

      async submit() {
        const state = get();
        const chosen = state.chosen;
        if (chosen === null) {
          await get().sendPlainMessage();
          return;
        }
        if (state.sending) return;
        if (Object.values(chosen.values).some((draft) => draft.file?.status === 'uploading')) {
          set({ sendError: 'Wait until the file has finished uploading.' });
          return;
        }
        const command = chosenCommand(state);
        if (!command) {
          set({ sendError: 'This command is no longer available here.' });
          return;
        }
        const built = buildInvocationData(command, chosen.path, chosen.values);
        const uploads = uploadedIds(chosen);
        const lookup = { ...placeLookup(selectPlaceWorld(state)), attachment: (id: string) => uploads.has(id) };
        const checked = validateInvocation(commandDefinition(command), built.data, { kind: 'command', lookup });
        if (!checked.ok) {
          set({ composerErrors: formErrors(checked.errors, built) });
          return;
        }
        const body = invokeBody(state, 2, command, built.data, deps.nonce());
        if (!body) return;
        get().closeAutocomplete();
        set({ sending: true, composerErrors: null, sendError: null });
        const answer = await sendInteraction(get, deps, body, { kind: 'command', label: chosen.label });
        set({ sending: false });
        if (!answer || get().chosen?.commandId !== chosen.commandId) return;
        if (answer.ok) {
          get().clearIndexNotice();
          set({ ...EMPTY });
          return;
        }
        const dataErrors = answer.error.errors?.data;
        const tree = dataErrors && !Array.isArray(dataErrors) ? dataErrors : undefined;
        if (answer.status === 400 && tree?.version) {
          await get().loadIndex(STALE_NOTICE);
          return;
        }
        if (answer.status === 400 && tree) set({ composerErrors: formErrors(tree, built) });
        else set({ sendError: answer.error.message });
      },

      resetComposer() {
        get().closeAutocomplete();
        // A reply belongs to the channel it was started in.
        set({ ...EMPTY, replyTo: null });
      },
    };
  };
}
