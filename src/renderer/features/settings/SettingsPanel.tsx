/**
 * The settings, as the real client's User Settings: a full-window layer with the sections
 * on the left and the chosen one on the right, closed with the button or Esc. Every change
 * is kept by the host at once (there is no Save), except switching registry, which loads
 * the page again.
 */
import { useEffect, type ReactNode } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { AccountSection } from './AccountSection.js';
import { AppearanceSection } from './AppearanceSection.js';
import { LanguageSection } from './LanguageSection.js';
import { RegistrySection } from './RegistrySection.js';
import { SETTINGS_SECTIONS, type SettingsSection } from './settings-slice.js';

const TITLES: Readonly<Record<SettingsSection, string>> = {
  registry: 'Registry',
  account: 'Acting User',
  language: 'Language',
  appearance: 'Appearance',
};

const SECTIONS: Readonly<Record<SettingsSection, () => ReactNode>> = {
  registry: () => <RegistrySection />,
  account: () => <AccountSection />,
  language: () => <LanguageSection />,
  appearance: () => <AppearanceSection />,
};

export function SettingsPanel() {
  const section = useApp((state) => state.settingsSection);
  const warning = useApp((state) => state.settingsWarning);
  const error = useApp((state) => state.settingsError);
  const { openSettings, closeSettings } = useActions();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSettings();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closeSettings]);

  return (
    <div className="settings" role="dialog" aria-modal="true" aria-labelledby="settings-title" data-testid="settings-panel">
      <nav className="settings__nav" aria-label="Settings sections">
        <div className="settings__nav-inner">
          <h2 className="settings__nav-heading">App Settings</h2>
          {SETTINGS_SECTIONS.map((entry) => (
            <button
              key={entry}
              type="button"
              className={entry === section ? 'settings__nav-item settings__nav-item--active' : 'settings__nav-item'}
              aria-current={entry === section ? 'page' : undefined}
              autoFocus={entry === section}
              data-testid={`settings-nav-${entry}`}
              onClick={() => openSettings(entry)}
            >
              {TITLES[entry]}
            </button>
          ))}
        </div>
      </nav>
      <main className="settings__content">
        <div className="settings__content-inner">
          <h1 id="settings-title" className="settings__title">{TITLES[section]}</h1>
          {warning !== null && <p className="settings__notice settings__notice--warning" role="status" data-testid="settings-warning">{warning}</p>}
          {error !== null && <p className="settings__notice settings__notice--error" role="alert" data-testid="settings-error">{error}</p>}
          {SECTIONS[section]()}
        </div>
        <div className="settings__close">
          <button type="button" className="settings__close-button" aria-label="Close settings" data-testid="settings-close" onClick={closeSettings}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span className="settings__close-key" aria-hidden="true">ESC</span>
        </div>
      </main>
    </div>
  );
}
