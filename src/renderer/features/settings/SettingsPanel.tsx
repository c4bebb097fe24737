/**
 * The settings, as the real client's User Settings: a full-window layer with the sections
 * on the left and the chosen one on the right, closed with the button or Esc. Every change
 * is kept by the host at once (there is no Save), except switching registry, which loads
 * the page again.
 */
import type { ReactNode } from 'react';
import { SettingsLayer } from '../../app/SettingsLayer.js';
import { useActions, useApp } from '../../app/store-context.js';
import { AccountSection } from './AccountSection.js';
import { ActivitiesSection } from './ActivitiesSection.js';
import { AppearanceSection } from './AppearanceSection.js';
import { LanguageSection } from './LanguageSection.js';
import { RegistrySection } from './RegistrySection.js';
import { SETTINGS_SECTIONS, type SettingsSection } from './settings-slice.js';

const TITLES: Readonly<Record<SettingsSection, string>> = {
  registry: 'Registry',
  account: 'Acting User',
  language: 'Language',
  appearance: 'Appearance',
  activities: 'Activities',
};

const SECTIONS: Readonly<Record<SettingsSection, () => ReactNode>> = {
  registry: () => <RegistrySection />,
  account: () => <AccountSection />,
  language: () => <LanguageSection />,
  appearance: () => <AppearanceSection />,
  activities: () => <ActivitiesSection />,
};

export function SettingsPanel() {
  const section = useApp((state) => state.settingsSection);
  const warning = useApp((state) => state.settingsWarning);
  const error = useApp((state) => state.settingsError);
  const { openSettings, closeSettings } = useActions();
  return (
    <SettingsLayer
      navLabel="Settings sections" closeLabel="Close settings" testId="settings-panel" closeTestId="settings-close"
      entryTestId={(entry) => `settings-nav-${entry}`}
      sections={[{ heading: 'App Settings', entries: SETTINGS_SECTIONS }]} titles={TITLES} current={section} focusCurrent
      onChoose={(entry) => openSettings(entry)} onClose={closeSettings}
    >
      {warning !== null && <p className="settings__notice settings__notice--warning" role="status" data-testid="settings-warning">{warning}</p>}
      {error !== null && <p className="settings__notice settings__notice--error" role="alert" data-testid="settings-error">{error}</p>}
      {SECTIONS[section]()}
    </SettingsLayer>
  );
}
