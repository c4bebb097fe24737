/**
 * The warnings the URL mappings list shows before anything is saved: Discord tries an app's
 * mappings in their order, so one whose paths an earlier, shorter prefix takes is never
 * reached. Said in the words a developer can act on, by the row that needs moving.
 */
import { shadowedMappings, type UrlMapping } from '../../../shared/url-mappings.js';

/** A warning for each mapping that is never reached, by its row (prefixes as typed, trimmed). */
export function mappingWarnings(rows: readonly UrlMapping[]): Array<{ index: number; text: string }> {
  const trimmed = rows.map((row) => ({ prefix: row.prefix.trim(), target: row.target.trim() }));
  return shadowedMappings(trimmed).map(({ mapping, by }) => ({
    index: trimmed.indexOf(mapping),
    text: `${mapping.prefix} is never reached: Discord tries mappings in order; put ${mapping.prefix} before ${by.prefix}.`,
  }));
}
