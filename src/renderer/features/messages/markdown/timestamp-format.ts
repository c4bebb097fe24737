/**
 * `<t:unix:style>` as the real client writes it, in the reader's locale: t `4:20 PM`,
 * T `4:20:30 PM`, d `11/28/2018`, D `November 28, 2018`, f (the default)
 * `November 28, 2018 4:20 PM`, F `Wednesday, November 28, 2018 4:20 PM`, R `3 years ago`;
 * its tooltip is always the full F form. The parts are Intl's, so every locale reads its own way.
 */

/** The styles a timestamp may name (message-facts.md); others fall back to f, as the client does. */
export type TimestampStyle = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 'R';

export interface TimestampOptions {
  locale: string;
  /** The reader's clock (ms), for R. */
  now: number;
  /** The reader's time zone; the browser's own when absent (tests pin it). */
  timeZone?: string;
}

// Times in the locale's own short and medium patterns (en-US `8:01 AM`, de `08:01`).
const SHORT_TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const LONG_TIME: Intl.DateTimeFormatOptions = { timeStyle: 'medium' };
const SHORT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const WEEKDAY_DATE: Intl.DateTimeFormatOptions = { ...LONG_DATE, weekday: 'long' };

/** A locale Intl knows, else English (a world may name any string). */
function usable(locale: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0 ? locale : 'en-US';
  } catch {
    return 'en-US';
  }
}

function format(date: Date, shape: Intl.DateTimeFormatOptions, options: TimestampOptions): string {
  return new Intl.DateTimeFormat(usable(options.locale), { ...shape, ...(options.timeZone ? { timeZone: options.timeZone } : {}) }).format(date);
}

/** Units from the largest down, with how many milliseconds each holds (months and years as the client rounds them). */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000], ['month', 30 * 86_400_000], ['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000], ['second', 1000],
];

/** `in 2 hours`, `3 days ago`: the largest unit that is at least one whole. */
export function relativeTime(at: number, options: Pick<TimestampOptions, 'locale' | 'now'>): string {
  const difference = at - options.now;
  const [unit, size] = UNITS.find(([, length]) => Math.abs(difference) >= length) ?? ['second', 1000];
  return new Intl.RelativeTimeFormat(usable(options.locale), { numeric: 'always' }).format(Math.round(difference / size), unit);
}

/** The timestamp's text in `style`, and its tooltip (the full date), or null for a time no date can hold. */
export function formatTimestamp(seconds: number, style: string | undefined, options: TimestampOptions): { text: string; title: string } | null {
  const date = new Date(seconds * 1000);
  if (!Number.isFinite(seconds) || Number.isNaN(date.getTime())) return null;
  const full = `${format(date, WEEKDAY_DATE, options)} ${format(date, SHORT_TIME, options)}`;
  const texts: Record<TimestampStyle, () => string> = {
    t: () => format(date, SHORT_TIME, options),
    T: () => format(date, LONG_TIME, options),
    d: () => format(date, SHORT_DATE, options),
    D: () => format(date, LONG_DATE, options),
    f: () => `${format(date, LONG_DATE, options)} ${format(date, SHORT_TIME, options)}`,
    F: () => full,
    R: () => relativeTime(date.getTime(), options),
  };
  const text = (texts[(style ?? 'f') as TimestampStyle] ?? texts.f)();
  return { text, title: full };
}

const DAY_MS = 86_400_000;

/**
 * An embed footer's time as the client writes it: `Today at 8:01 AM`, `Yesterday at 8:01 AM`
 * (English readers), else the short date and time.
 */
export function calendarTime(at: number, options: TimestampOptions): string | null {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const time = format(date, SHORT_TIME, options);
  const day = (ms: number) => format(new Date(ms), SHORT_DATE, options);
  if (usable(options.locale).startsWith('en')) {
    if (day(at) === day(options.now)) return `Today at ${time}`;
    if (day(at) === day(options.now - DAY_MS)) return `Yesterday at ${time}`;
  }
  return `${day(at)} ${time}`;
}
