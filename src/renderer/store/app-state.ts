/**
 * The client's one store, as the union of its feature slices. Each slice owns its state
 * and the actions that change it; components read through selectors.
 */
import type { StateCreator } from 'zustand';
import type { AutocompleteSlice } from '../features/autocomplete/autocomplete-slice.js';
import type { CommandsSlice } from '../features/commands/commands-slice.js';
import type { ContextMenuSlice } from '../features/context-menu/context-menu-slice.js';
import type { ComposerSlice } from '../features/composer/composer-slice.js';
import type { InspectorSlice } from '../features/inspector/inspector-slice.js';
import type { MessagesSlice } from '../features/messages/messages-slice.js';
import type { ModalSlice } from '../features/modals/modal-slice.js';
import type { SessionSlice } from '../features/session/session-slice.js';
import type { WorldSlice } from '../features/world/world-slice.js';

export type AppState = SessionSlice & WorldSlice & MessagesSlice & CommandsSlice & ComposerSlice & AutocompleteSlice & InspectorSlice
  & ContextMenuSlice & ModalSlice;

/** A slice creator of the app's store. */
export type Slice<T> = StateCreator<AppState, [], [], T>;
