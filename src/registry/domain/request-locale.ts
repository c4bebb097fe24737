/**
 * The locale a request is answered in: `X-Service-Locale` (the spec's name), then
 * `X-Discord-Locale` (the real API's), then `Accept-Language`, then the user's settings.
 */
import { LOCALES, isLocale, type Locale } from '../../shared/locales.js';

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The best known locale for a language tag: exact, then a region's variant, then the language alone. */
export function matchLocale(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const [language, region] = wanted.split('-');
  if (language === 'es' && region && region !== 'es') return 'es-419';
  const preferred: Record<string, Locale> = { en: 'en-US', es: 'es-ES', pt: 'pt-BR', zh: 'zh-CN', sv: 'sv-SE', nb: 'no', nn: 'no' };
  return preferred[language ?? ''] ?? LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language);
}

/** Parses Accept-Language by quality and returns the first tag that names a known locale. */
export function acceptLanguageLocale(value: string): Locale | undefined {
  const tags = value
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), order };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const entry of tags) {
    const locale = matchLocale(entry.tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The request's locale, or undefined when nothing names one (responses then carry no `*_localized`). */
export function requestLocale(headers: Headers, userLocale?: string | null): Locale | undefined {
  for (const name of ['x-service-locale', 'x-discord-locale']) {
    const value = header(headers, name);
    if (value !== undefined && isLocale(value)) return value;
  }
  const accept = header(headers, 'accept-language');
  const fromAccept = accept === undefined ? undefined : acceptLanguageLocale(accept);
  if (fromAccept) return fromAccept;
  return isLocale(userLocale) ? userLocale : undefined;
}
