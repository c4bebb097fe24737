/**
 * What the settings put over the app: the theme on the page, the banner when the remote
 * registry cannot be used, and the settings panel while it is open (loaded when first opened).
 */
import { LazyPart } from '../../app/LazyPart.js';
import { SETTINGS } from '../../app/lazy-parts.js';
import { useApp } from '../../app/store-context.js';
import { RegistryBanner } from './RegistryBanner.js';
import { useAppliedTheme } from './use-applied-theme.js';
import './settings.css';

export function SettingsLayer() {
  useAppliedTheme();
  const open = useApp((state) => state.settingsOpen);
  return (
    <>
      <RegistryBanner />
      {open && <LazyPart what="the settings" place="layer"><SETTINGS.Component /></LazyPart>}
    </>
  );
}
