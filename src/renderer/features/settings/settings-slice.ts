/**
 * The client's settings (issue 7): which registry it talks to, whom it acts as, its locale,
 * its theme and the device Activities open on, kept by the host across restarts
 * (`readSettings`/`writeSettings`) and never in the page's own storage, since a remote
 * registry's tokens are among them.
 * A change shows at once and is written in the order it was made; a write the host refuses
 * is reported, and the change lasts until the page closes.
 */
import {
  DEFAULT_SETTINGS, type ClientSettings, type RemoteRegistry, type Theme,
} from '../../../shared/client-settings.js';
import type { Locale } from '../../../shared/locales.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';

/** The panel's sections, in the order its navigation lists them. */
export const SETTINGS_SECTIONS = ['registry', 'account', 'language', 'appearance', 'activities'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** A remote registry as the person enters it: its origin and the tokens to use there. */
export type RemoteEntry = Pick<RemoteRegistry, 'url' | 'tokens'>;

export interface SettingsSlice {
  settings: ClientSettings;
  /** Why the kept settings could not all be read (a damaged file, an unreachable host). */
  settingsWarning: string | null;
  /** Why the last change was not kept. */
  settingsError: string | null;
  settingsOpen: boolean;
  settingsSection: SettingsSection;
  openSettings(section?: SettingsSection): void;
  closeSettings(): void;
  /** Reads the kept settings; the defaults, with a warning, when the host cannot answer. */
  loadSettings(): Promise<ClientSettings>;
  /** Merges `change` into the settings and keeps them; answers whether the host kept them. */
  saveSettings(change: Partial<ClientSettings>): Promise<boolean>;
  setTheme(theme: Theme): Promise<boolean>;
  /** The client's locale (null: the acting person's own); the command index follows it. */
  setLocale(locale: Locale | null): Promise<boolean>;
  /** Keeps `remote` as the registry to use. The page must then load again: its policy names the registry it may reach. */
  chooseRemoteRegistry(remote: RemoteEntry): Promise<boolean>;
  /** Back to the local registry, keeping the remote one for later. The page must then load again. */
  chooseLocalRegistry(): Promise<boolean>;
}

declare module '../../store/app-state.js' {
  interface AppState extends SettingsSlice {}
}

export function createSettingsSlice(deps: ClientDeps): Slice<SettingsSlice> {
  return (set, get) => {
    // Each write carries the whole settings as they were when the change was made, so
    // writes must land in order: the last change wins on disk as it does on screen.
    let writes: Promise<unknown> = Promise.resolve();

    return {
      settings: DEFAULT_SETTINGS,
      settingsWarning: null,
      settingsError: null,
      settingsOpen: false,
      settingsSection: 'registry',

      openSettings(section) {
        set({ settingsOpen: true, settingsSection: section ?? get().settingsSection });
      },

      closeSettings() {
        set({ settingsOpen: false });
      },

      async loadSettings() {
        const answer = await deps.host.readSettings({});
        if (!answer.ok) {
          set({ settings: DEFAULT_SETTINGS, settingsWarning: `The settings could not be read (${answer.error.message}); using the defaults.` });
          return DEFAULT_SETTINGS;
        }
        set({ settings: answer.value.settings, settingsWarning: answer.value.warning });
        return answer.value.settings;
      },

      async saveSettings(change) {
        const next: ClientSettings = { ...get().settings, ...change };
        set({ settings: next, settingsError: null });
        const written = writes.then(() => deps.host.writeSettings({ settings: next }));
        writes = written;
        const answer = await written;
        if (answer.ok) return true;
        set({ settingsError: `This change was not saved and will be lost when the page closes: ${answer.error.message}` });
        return false;
      },

      setTheme(theme) {
        return get().saveSettings({ theme });
      },

      setLocale(locale) {
        const saved = get().saveSettings({ locale });
        set({ locale: locale ?? get().userLocale });
        // The index is localized for the locale it is asked in: ask again.
        void get().loadIndex();
        return saved;
      },

      chooseRemoteRegistry({ url, tokens }) {
        const previous = get().settings.remote;
        // The person last acted as there still counts if the registry is the same one.
        const actingUserId = previous?.url === url ? previous.acting_user_id : null;
        return get().saveSettings({ registry: 'remote', remote: { url, tokens, acting_user_id: actingUserId } });
      },

      chooseLocalRegistry() {
        return get().saveSettings({ registry: 'local' });
      },
    };
  };
}
