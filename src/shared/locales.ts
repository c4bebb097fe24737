/** The service's locale keys (api-facts.md); the one list both the registry and the client use. */
export const LOCALES = [
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no',
  'pl', 'pt-BR', 'ro', 'fi', 'sv-SE', 'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN',
  'ja', 'zh-TW', 'ko',
] as const;

export type Locale = (typeof LOCALES)[number];

const known = new Set<string>(LOCALES);

/** Type guard for a locale key, used wherever a dictionary or header names one. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && known.has(value);
}

/** The spec's fallbacks when a dictionary lacks the requested locale. */
export const LOCALE_FALLBACKS: Partial<Record<Locale, Locale>> = {
  'en-US': 'en-GB',
  'en-GB': 'en-US',
  'es-419': 'es-ES',
};

/**
 * The value a user in `locale` sees from a localization dictionary: the locale's own,
 * then its fallback, else undefined (the caller shows the default).
 */
export function pickLocalized(
  dictionary: Readonly<Record<string, string>> | null | undefined,
  locale: Locale | undefined,
): string | undefined {
  if (!dictionary || !locale) return undefined;
  const own = dictionary[locale];
  if (own !== undefined) return own;
  const fallback = LOCALE_FALLBACKS[locale];
  return fallback === undefined ? undefined : dictionary[fallback];
}
