/**
 * Locales as discord-api-types types them (`Locale`, a string enum): the registry keeps
 * locales as plain strings, and a view names the enum member with the same value.
 */
import { Locale } from 'discord-api-types/v10';

const API_LOCALES: readonly Locale[] = Object.values(Locale);

/** The `Locale` spelled `value`; en-US (the service's default) for anything else. */
export function apiLocale(value: string | null | undefined): Locale {
  return API_LOCALES.find((locale) => locale === value) ?? Locale.EnglishUS;
}
