/**
 * The device Activities open on: the desktop client, or a phone (the frame's URL says
 * `platform=mobile`, the panel shows a phone-sized frame that turns). It applies to the
 * next launch; an open Activity keeps the device it started on, as a real one would.
 */
import { ACTIVITY_PLATFORMS, type ActivityPlatform } from '../../../shared/client-settings.js';
import { useActions, useApp } from '../../app/store-context.js';

const CHOICES: Readonly<Record<ActivityPlatform, { label: string; detail: string }>> = {
  desktop: { label: 'Desktop', detail: 'The frame fills the Activity panel; its URL says platform=desktop.' },
  mobile: { label: 'Mobile', detail: 'A phone-sized frame (390×844) that turns with the rotate button; its URL says platform=mobile.' },
};

export function ActivitiesSection() {
  const platform = useApp((state) => state.settings.activity_platform);
  const { saveSettings } = useActions();
  return (
    <fieldset className="settings__group">
      <legend className="settings__label">Open Activities as on</legend>
      <div className="theme-choices platform-choices">
        {ACTIVITY_PLATFORMS.map((choice) => (
          <label key={choice} className="theme-choice" data-testid={`platform-choice-${choice}`}>
            <input
              type="radio"
              name="activity-platform"
              value={choice}
              checked={platform === choice}
              data-testid={`platform-${choice}`}
              onChange={() => void saveSettings({ activity_platform: choice })}
            />
            <span className="theme-choice__label">{CHOICES[choice].label}</span>
            <span className="theme-choice__detail">{CHOICES[choice].detail}</span>
          </label>
        ))}
      </div>
      <p className="settings__help">Applies to the next launch. An Activity reads it as <code>discordSdk.platform</code>.</p>
    </fieldset>
  );
}
