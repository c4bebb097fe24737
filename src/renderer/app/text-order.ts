/**
 * The orders the client sorts its lists in: names and labels in the user's language (its
 * collation, by one `Intl.Collator` each), ids in snowflake order.
 *
 * The first collator a page builds loads the browser's collation data: 7-25 ms of the main
 * thread in a fresh Chromium page, once; every collator after it costs next to nothing. The
 * first screen sorts its member list on the way to being ready, so `prepareTextOrder`
 * builds the collators while the page waits for its first answers instead
 * (docs/benchmarks.md). Ids never need a collator: a snowflake's order is its number's.
 */

let names: Intl.Collator | undefined;
let labels: Intl.Collator | undefined;

/** People's names: the user's locale's order, case and accents aside (equal names compare 0). */
export function compareNames(a: string, b: string): number {
  names ??= new Intl.Collator(undefined, { sensitivity: 'base' });
  return names.compare(a, b);
}

/** Commands' and apps' labels: the user's locale's order, as `localeCompare` gives it. */
export function compareLabels(a: string, b: string): number {
  labels ??= new Intl.Collator();
  return labels.compare(a, b);
}

/** Snowflake order: a shorter id is older, then text order. */
export function compareSnowflakes(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Builds the collators on `idle`'s call: at start, when the page is next idle. */
export function prepareTextOrder(idle: (build: () => void) => void): void {
  idle(() => {
    compareNames('', '');
    compareLabels('', '');
  });
}
