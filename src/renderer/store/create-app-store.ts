/**
 * Builds the client's bound store from its slices, with the outside world injected: the
 * browser passes real dependencies, unit tests pass fakes.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createActivitiesSlice } from '../features/activities/activities-slice.js';
import { createActivityFrameSlice } from '../features/activities/activity-frame-slice.js';
import { createAuthorizeFlowSlice } from '../features/authorize/authorize-flow-slice.js';
import { createAuthorizeSlice } from '../features/authorize/authorize-slice.js';
import { createPermissionEditorSlice } from '../features/authorize/permission-editor-slice.js';
import { createAutocompleteSlice } from '../features/autocomplete/autocomplete-slice.js';
import { createCommandsSlice } from '../features/commands/commands-slice.js';
import { createComposerSlice } from '../features/composer/composer-slice.js';
import { createContextMenuSlice } from '../features/context-menu/context-menu-slice.js';
import { createInspectorSlice } from '../features/inspector/inspector-slice.js';
import { createExplainSlice } from '../features/inspector/explain-slice.js';
import { createMembersSlice } from '../features/members/members-slice.js';
import { createMessagesSlice } from '../features/messages/messages-slice.js';
import { createModalSlice } from '../features/modals/modal-slice.js';
import { keepOnePopupOpen } from '../features/popups/one-open.js';
import { createPopupsSlice } from '../features/popups/popups-slice.js';
import { createSessionSlice } from '../features/session/session-slice.js';
import { createSettingsSlice } from '../features/settings/settings-slice.js';
import { createTalkSlice } from '../features/talk/talk-slice.js';
import { createWorldSlice } from '../features/world/world-slice.js';
import { createWorldEditorSlice } from '../features/world-editor/world-editor-slice.js';
import type { AppState } from './app-state.js';
import type { ClientDeps } from './deps.js';

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: ClientDeps): AppStore {
  const store = createStore<AppState>()((...args) => ({
    ...createSessionSlice(deps)(...args),
    ...createSettingsSlice(deps)(...args),
    ...createWorldSlice(deps)(...args),
    ...createMessagesSlice(deps)(...args),
    ...createCommandsSlice(deps)(...args),
    ...createComposerSlice(deps)(...args),
    ...createTalkSlice(deps)(...args),
    ...createAutocompleteSlice(deps)(...args),
    ...createInspectorSlice(deps)(...args),
    ...createContextMenuSlice(deps)(...args),
    ...createModalSlice(deps)(...args),
    ...createMembersSlice(deps)(...args),
    ...createExplainSlice(deps)(...args),
    ...createActivitiesSlice(deps)(...args),
    ...createActivityFrameSlice(deps)(...args),
    ...createAuthorizeSlice(deps)(...args),
    ...createAuthorizeFlowSlice(deps)(...args),
    ...createPermissionEditorSlice(deps)(...args),
    ...createWorldEditorSlice(deps)(...args),
    ...createPopupsSlice(deps)(...args),
  }));
  keepOnePopupOpen(store);
  // The inspector's record outlives a reload of the page.
  store.subscribe((state, previous) => {
    if (state.inspectorEntries !== previous.inspectorEntries) deps.inspectorJournal.save(state.inspectorEntries);
  });
  return store;
}
