/**
 * The client's parts that load when first shown (LazyPart.tsx): none is on the first screen
 * but the inspector in a wide window, which loads beside it.
 */
import { lazyPart } from './LazyPart.js';

export const INSPECTOR = lazyPart(() => import('../features/inspector/InspectorPanel.js'), (module) => module.InspectorPanel);
export const SETTINGS = lazyPart(() => import('../features/settings/SettingsPanel.js'), (module) => module.SettingsPanel);
export const WORLD_EDITOR = lazyPart(() => import('../features/world-editor/WorldEditor.js'), (module) => module.WorldEditor);
export const AUTHORIZE = lazyPart(() => import('../features/authorize/AuthorizePanel.js'), (module) => module.AuthorizePanel);
export const ACTIVITY = lazyPart(() => import('../features/activities/ActivityPanel.js'), (module) => module.ActivityPanel);

/** Fetched once the page is ready, most wanted first. */
export const WARMED = [INSPECTOR, SETTINGS, ACTIVITY, AUTHORIZE, WORLD_EDITOR] as const;
