/** The theme: the dark look, the light one, or whichever the computer prefers. */
import type { Theme } from '../../../shared/client-settings.js';
import { useActions, useApp } from '../../app/store-context.js';

const CHOICES: ReadonlyArray<{ theme: Theme; label: string; detail: string }> = [
  { theme: 'dark', label: 'Dark', detail: 'The real client\'s dark look.' },
  { theme: 'light', label: 'Light', detail: 'Light backgrounds, dark text.' },
  { theme: 'system', label: 'Sync with computer', detail: 'Follows the computer\'s light or dark preference, and its changes.' },
];

export function AppearanceSection() {
  const theme = useApp((state) => state.settings.theme);
  const { setTheme } = useActions();
  return (
    <fieldset className="settings__group">
      <legend className="settings__label">Theme</legend>
      <div className="theme-choices">
        {CHOICES.map((choice) => (
          <label key={choice.theme} className={`theme-choice theme-choice--${choice.theme}`} data-testid={`theme-choice-${choice.theme}`}>
            <input
              type="radio"
              name="theme"
              value={choice.theme}
              checked={theme === choice.theme}
              data-testid={`theme-${choice.theme}`}
              onChange={() => void setTheme(choice.theme)}
            />
            <span className="theme-choice__swatch" aria-hidden="true" />
            <span className="theme-choice__label">{choice.label}</span>
            <span className="theme-choice__detail">{choice.detail}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
