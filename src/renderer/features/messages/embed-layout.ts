/**
 * How an embed is laid out, as the real client lays it out: its colour bar (the `color`
 * integer as CSS; none or 0 is the default bar), and its fields on a 12-column grid, where
 * a run of inline fields shares a row three at a time (two beside a thumbnail) and every
 * other field takes a row of its own.
 */

/** The bar's colour, or null for the default. */
export function embedColor(color: number | null | undefined): string | null {
  if (color === null || color === undefined || color <= 0 || color > 0xffffff) return null;
  return `#${color.toString(16).padStart(6, '0')}`;
}

/** The grid columns (`start / end`, of 1..13) of each field. */
export function fieldColumns(fields: ReadonlyArray<{ inline?: boolean }>, hasThumbnail: boolean): string[] {
  const perRow = hasThumbnail ? 2 : 3;
  const columns: string[] = [];
  let index = 0;
  while (index < fields.length) {
    if (!fields[index]?.inline) {
      columns.push('1 / 13');
      index += 1;
      continue;
    }
    let run = 0;
    while (run < perRow && fields[index + run]?.inline) run += 1;
    const width = 12 / run;
    for (let place = 0; place < run; place += 1) columns.push(`${1 + place * width} / ${1 + (place + 1) * width}`);
    index += run;
  }
  return columns;
}
