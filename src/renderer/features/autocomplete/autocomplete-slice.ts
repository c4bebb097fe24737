/**
 * Autocomplete for the focused option: while the user types (and when the field gets the
 * focus), a type-4 interaction is sent after a pause of AUTOCOMPLETE_DELAY_MS with the
 * option marked `focused` and the other filled options; the bot's choices arrive as
 * APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE. A bot that fails or misses the deadline
 * leaves "Loading options failed"; text the option's type cannot take is refused here, with
 * the shared check's message, and not sent.
 */
import { validateInvocation } from '../../../shared/invocation/index.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { selectPlaceWorld } from '../../store/selectors.js';
import { commandDefinition } from '../commands/command-definition.js';
import { chosenCommand, invokeBody } from '../composer/composer-state.js';
import { formErrors, treeMessages } from '../composer/form-errors.js';
import { buildInvocationData } from '../composer/invocation-data.js';
import { sendInteraction } from '../interactions/send-interaction.js';
import { placeLookup } from '../world/world-model.js';

/** The pause after the last keystroke before asking the bot. */
export const AUTOCOMPLETE_DELAY_MS = 250;
export const AUTOCOMPLETE_FAILED = 'Loading options failed';

export interface AutocompleteChoice {
  name: string;
  value: string | number;
}

export interface AutocompleteState {
  optionName: string;
  nonce: string | null;
  status: 'loading' | 'loaded' | 'failed' | 'invalid';
  choices: AutocompleteChoice[];
  message: string | null;
  index: number;
}

export interface AutocompleteSlice {
  autocomplete: AutocompleteState | null;
  scheduleAutocomplete(optionName: string): void;
  runAutocomplete(optionName: string): Promise<void>;
  autocompleteAnswered(data: Record<string, unknown>): void;
  autocompleteFailed(data: Record<string, unknown>): void;
  moveAutocomplete(delta: number): void;
  /** Fills the option with a choice (the highlighted one when no index is given). */
  chooseAutocomplete(index?: number): void;
  closeAutocomplete(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends AutocompleteSlice {}
}

function readChoices(value: unknown): AutocompleteChoice[] {
  if (!Array.isArray(value)) return [];
  return value.filter((choice): choice is AutocompleteChoice =>
    typeof choice === 'object' && choice !== null && typeof (choice as AutocompleteChoice).name === 'string'
    && (typeof (choice as AutocompleteChoice).value === 'string' || typeof (choice as AutocompleteChoice).value === 'number'));
}

export function createAutocompleteSlice(deps: ClientDeps): Slice<AutocompleteSlice> {
  return (set, get) => {
    let cancel: (() => void) | null = null;
    const stopTimer = () => {
      cancel?.();
      cancel = null;
    };
    /** Updates the open list only if it is still the one for `nonce`. */
    const settle = (nonce: unknown, change: Partial<AutocompleteState>) => {
      const current = get().autocomplete;
      if (current !== null && typeof nonce === 'string' && current.nonce === nonce) set({ autocomplete: { ...current, ...change } });
    };

    return {
      autocomplete: null,

      scheduleAutocomplete(optionName) {
        const command = chosenCommand(get());
        const path = get().chosen?.path ?? [];
        const option = command && buildInvocationData(command, path, {}).definitions.find((entry) => entry.name === optionName);
        stopTimer();
        if (!option?.autocomplete) {
          if (get().autocomplete !== null) set({ autocomplete: null });
          return;
        }
        const previous = get().autocomplete;
        const keep = previous?.optionName === optionName ? previous.choices : [];
        set({ autocomplete: { optionName, nonce: null, status: 'loading', choices: keep, message: null, index: 0 } });
        cancel = deps.schedule(() => {
          cancel = null;
          void get().runAutocomplete(optionName);
        }, AUTOCOMPLETE_DELAY_MS);
      },

      async runAutocomplete(optionName) {
        const state = get();
        const command = chosenCommand(state);
        const chosen = state.chosen;
        if (!command || chosen === null) return;
        const definition = commandDefinition(command);
        const context = { kind: 'autocomplete' as const, lookup: placeLookup(selectPlaceWorld(state)) };
        let built = buildInvocationData(command, chosen.path, chosen.values, optionName);
        let checked = validateInvocation(definition, built.data, context);
        if (!checked.ok) {
          const errors = formErrors(checked.errors, built);
          const own = errors.byOption[optionName];
          if (own) {
            set({ autocomplete: { optionName, nonce: null, status: 'invalid', choices: [], message: own[0] ?? null, index: 0 } });
            return;
          }
          // Other fields that do not check out yet are left out, as the real client does.
          built = buildInvocationData(command, chosen.path, chosen.values, optionName, new Set(Object.keys(errors.byOption)));
          checked = validateInvocation(definition, built.data, context);
          if (!checked.ok) {
            set({ autocomplete: { optionName, nonce: null, status: 'invalid', choices: [], message: treeMessages(checked.errors)[0] ?? null, index: 0 } });
            return;
          }
        }
        const nonce = deps.nonce();
        const body = invokeBody(state, 4, command, built.data, nonce);
        if (!body) return;
        const keep = get().autocomplete?.optionName === optionName ? (get().autocomplete?.choices ?? []) : [];
        set({ autocomplete: { optionName, nonce, status: 'loading', choices: keep, message: null, index: 0 } });
        const answer = await sendInteraction(get, deps, body, { kind: 'autocomplete', label: `${chosen.label} · ${optionName}` });
        if (answer && !answer.ok) settle(nonce, { status: 'failed', choices: [], message: AUTOCOMPLETE_FAILED });
      },

      autocompleteAnswered(data) {
        settle(data.nonce, { status: 'loaded', choices: readChoices(data.choices), message: null, index: 0 });
      },

      autocompleteFailed(data) {
        settle(data.nonce, { status: 'failed', choices: [], message: AUTOCOMPLETE_FAILED });
      },

      moveAutocomplete(delta) {
        const current = get().autocomplete;
        const count = current?.choices.length ?? 0;
        if (current === null || count === 0) return;
        set({ autocomplete: { ...current, index: (((current.index + delta) % count) + count) % count } });
      },

      chooseAutocomplete(index) {
        const current = get().autocomplete;
        const choice = current?.choices[index ?? current.index];
        if (!current || !choice) return;
        stopTimer();
        set({ autocomplete: null });
        get().setOptionValue(current.optionName, { text: String(choice.value), label: choice.name });
      },

      closeAutocomplete() {
        stopTimer();
        if (get().autocomplete !== null) set({ autocomplete: null });
      },
    };
  };
}
