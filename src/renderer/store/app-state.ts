/**
 * The client's one store, as the union of its feature slices. Each slice owns its state
 * and the actions that change it; components read through selectors.
 */
import type { StateCreator } from 'zustand';
import type { ActivitiesSlice } from '../features/activities/activities-slice.js';
import type { ActivityFrameSlice } from '../features/activities/activity-frame-slice.js';
import type { AuthorizeFlowSlice } from '../features/authorize/authorize-flow-slice.js';
import type { AuthorizeSlice } from '../features/authorize/authorize-slice.js';
import type { PermissionEditorSlice } from '../features/authorize/permission-editor-slice.js';
import type { AutocompleteSlice } from '../features/autocomplete/autocomplete-slice.js';
import type { CommandsSlice } from '../features/commands/commands-slice.js';
import type { ContextMenuSlice } from '../features/context-menu/context-menu-slice.js';
import type { ComposerSlice } from '../features/composer/composer-slice.js';
import type { InspectorSlice } from '../features/inspector/inspector-slice.js';
import type { ExplainSlice } from '../features/inspector/explain-slice.js';
import type { MembersSlice } from '../features/members/members-slice.js';
import type { MessagesSlice } from '../features/messages/messages-slice.js';
import type { ModalSlice } from '../features/modals/modal-slice.js';
import type { PopupsSlice } from '../features/popups/popups-slice.js';
import type { SessionSlice } from '../features/session/session-slice.js';
import type { SettingsSlice } from '../features/settings/settings-slice.js';
import type { TalkSlice } from '../features/talk/talk-slice.js';
import type { WorldSlice } from '../features/world/world-slice.js';
import type { WorldEditorSlice } from '../features/world-editor/world-editor-slice.js';

export type AppState = SessionSlice & SettingsSlice & WorldSlice & MessagesSlice & CommandsSlice & ComposerSlice & AutocompleteSlice & InspectorSlice
  & ContextMenuSlice & ModalSlice & MembersSlice & ExplainSlice & ActivitiesSlice & ActivityFrameSlice
  & AuthorizeSlice & AuthorizeFlowSlice & PermissionEditorSlice & WorldEditorSlice & TalkSlice & PopupsSlice;

/** A slice creator of the app's store. */
export type Slice<T> = StateCreator<AppState, [], [], T>;
