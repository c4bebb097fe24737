/**
 * The client's layout, as the real client's: guilds on the far left, the channel list with
 * the acting user's panel below it, the chat (header, messages, composer) in the middle,
 * and the inspector on the right (beside the member list in wide windows, instead of it in
 * narrower ones: layout-mode.ts); above them, the context menu, an app's modal, the settings and the
 * world editor. The inspector, the world editor and the Authorize panel load when first shown
 * (LazyPart.tsx); the inspector, open from the start in a wide window, once the first screen is done.
 */
import { useEffect } from 'react';
import { ContextMenu } from '../features/context-menu/ContextMenu.js';
import { ChatArea } from '../features/messages/ChatArea.js';
import { ModalDialog } from '../features/modals/ModalDialog.js';
import { SettingsLayer } from '../features/settings/SettingsLayer.js';
import { ChannelSidebar } from '../features/world/ChannelSidebar.js';
import { GuildList } from '../features/world/GuildList.js';
import { keepFocusHistory } from './focus-history.js';
import { useLayoutMode } from './layout-mode.js';
import { LazyPart, useFirstScreenDone, useShownOnce, useWarmLazyParts } from './LazyPart.js';
import { AUTHORIZE, INSPECTOR, WARMED, WORLD_EDITOR } from './lazy-parts.js';
import { useApp } from './store-context.js';
import { useReadinessSignal } from './use-readiness-signal.js';

export function App() {
  useReadinessSignal();
  useEffect(keepFocusHistory, []);
  const firstScreenDone = useFirstScreenDone();
  useWarmLazyParts(firstScreenDone, WARMED);
  const layout = useLayoutMode();
  const inspectorOpen = useApp((state) => state.inspectorOpen);
  const editorOpen = useApp((state) => state.editorOpen);
  // The panel opens and closes itself (a modal <dialog>): mounted from its first opening on.
  const authorizeMounted = useShownOnce(useApp((state) => state.authorizeOpen));
  return (
    <div className={inspectorOpen ? 'app app--inspector' : 'app'} data-layout={layout} data-testid="app">
      <GuildList />
      <ChannelSidebar />
      <ChatArea />
      {inspectorOpen && <LazyPart what="the inspector" place="column" held={!firstScreenDone}><INSPECTOR.Component /></LazyPart>}
      <ContextMenu />
      <ModalDialog />
      <SettingsLayer />
      {authorizeMounted && <LazyPart what="the Authorize panel" place="layer"><AUTHORIZE.Component /></LazyPart>}
      {editorOpen && <LazyPart what="the world editor" place="layer"><WORLD_EDITOR.Component /></LazyPart>}
    </div>
  );
}
