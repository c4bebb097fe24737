/**
 * The look the page shows for a theme setting: `system` follows the computer's
 * prefers-color-scheme, the others are what they say. The page's CSS variables follow
 * `<html data-theme>` (app/base.css).
 */
import type { Theme } from '../../../shared/client-settings.js';

export type Look = 'dark' | 'light';

export function resolveLook(theme: Theme, computerPrefersLight: boolean): Look {
  if (theme === 'system') return computerPrefersLight ? 'light' : 'dark';
  return theme;
}
