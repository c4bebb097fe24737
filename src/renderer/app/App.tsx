/**
 * The client's layout, as the real client's: guilds on the far left, the channel list with
 * the acting user's panel below it, the chat (header, messages, composer) in the middle,
 * and the inspector on the right (beside the member list in wide windows, instead of it in
 * narrower ones: layout-mode.ts); above them, the context menu, an app's modal, the settings and the
 * world editor. The world editor's screens load when it first opens: the first page never shows them.
 */
import { lazy, Suspense, useEffect } from 'react';
import { AuthorizePanel } from '../features/authorize/AuthorizePanel.js';
import { ContextMenu } from '../features/context-menu/ContextMenu.js';
import { ChatArea } from '../features/messages/ChatArea.js';
import { InspectorPanel } from '../features/inspector/InspectorPanel.js';
import { ModalDialog } from '../features/modals/ModalDialog.js';
import { SettingsLayer } from '../features/settings/SettingsLayer.js';
import { ChannelSidebar } from '../features/world/ChannelSidebar.js';
import { GuildList } from '../features/world/GuildList.js';
import { keepFocusHistory } from './focus-history.js';
import { useLayoutMode } from './layout-mode.js';
import { useApp } from './store-context.js';
import { useReadinessSignal } from './use-readiness-signal.js';

const WorldEditor = lazy(async () => ({ default: (await import('../features/world-editor/WorldEditor.js')).WorldEditor }));

export function App() {
  useReadinessSignal();
  useEffect(keepFocusHistory, []);
  const layout = useLayoutMode();
  const inspectorOpen = useApp((state) => state.inspectorOpen);
  const editorOpen = useApp((state) => state.editorOpen);
  return (
    <div className={inspectorOpen ? 'app app--inspector' : 'app'} data-layout={layout} data-testid="app">
      <GuildList />
      <ChannelSidebar />
      <ChatArea />
      {inspectorOpen && <InspectorPanel />}
      <ContextMenu />
      <ModalDialog />
      <SettingsLayer />
      <AuthorizePanel />
      {editorOpen && <Suspense fallback={null}><WorldEditor /></Suspense>}
    </div>
  );
}
