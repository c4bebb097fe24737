/**
 * The client's locale: the acting person's own unless chosen here. It goes with every
 * request as X-Discord-Locale, so the picker shows names in it and apps get it as the
 * interaction's `locale`.
 */
import { isLocale, LOCALES, type Locale } from '../../../shared/locales.js';
import { useActions, useApp } from '../../app/store-context.js';

/** A locale as its own speakers name it ("Deutsch"), with the key the API uses. */
function localeName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    return name && name !== locale ? `${name[0]?.toLocaleUpperCase(locale) ?? ''}${name.slice(1)} (${locale})` : locale;
  } catch {
    return locale;
  }
}

const FOLLOW = 'follow';

export function LanguageSection() {
  const chosen = useApp((state) => state.settings.locale);
  const userLocale = useApp((state) => state.userLocale);
  const { setLocale } = useActions();
  const choose = (value: string) => void setLocale(isLocale(value) ? (value as Locale) : null);
  return (
    <div className="settings__group">
      <label className="settings__label" htmlFor="settings-locale">Language</label>
      <select
        id="settings-locale"
        className="settings__select"
        data-testid="settings-locale"
        value={chosen ?? FOLLOW}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={FOLLOW}>Follow the acting user — {localeName(userLocale)}</option>
        {LOCALES.map((locale) => <option key={locale} value={locale}>{localeName(locale)}</option>)}
      </select>
      <p className="settings__help">
        Sent with every request as <code>X-Discord-Locale</code>: the command picker shows names in it, and apps receive it as the
        interaction&apos;s <code>locale</code>.
      </p>
    </div>
  );
}
