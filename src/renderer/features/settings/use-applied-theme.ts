/** Keeps `<html data-theme>` on the settings' look, and on the computer's while the setting is `system`. */
import { useEffect } from 'react';
import { useApp } from '../../app/store-context.js';
import { resolveLook } from './look.js';

export function useAppliedTheme(): void {
  const theme = useApp((state) => state.settings.theme);
  useEffect(() => {
    const computer = window.matchMedia('(prefers-color-scheme: light)');
    const apply = () => {
      document.documentElement.dataset.theme = resolveLook(theme, computer.matches);
    };
    apply();
    if (theme !== 'system') return undefined;
    computer.addEventListener('change', apply);
    return () => computer.removeEventListener('change', apply);
  }, [theme]);
}
