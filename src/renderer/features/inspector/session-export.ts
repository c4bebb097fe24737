/**
 * "Export session": every interaction the inspector holds, as one JSON file named for the
 * moment it was made, to keep with a bug report or compare with a later run.
 */
import { entryRecord } from './entry-facts.js';
import type { InspectorEntry } from './inspector-slice.js';

export interface SessionFile {
  filename: string;
  json: string;
}

/** `20261122-010306`: the UTC moment, in characters every file system accepts. */
function stamp(time: number): string {
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** The file of `entries`, made at `now` by the person `userId` on the registry at `registry`. */
export function sessionFile(entries: readonly InspectorEntry[], facts: { now: number; userId: string | null; registry: string }): SessionFile {
  return {
    filename: `slashbench-session-${stamp(facts.now)}.json`,
    json: JSON.stringify({
      exported_at: new Date(facts.now).toISOString(), registry: facts.registry, user_id: facts.userId,
      interactions: entries.map(entryRecord),
    }, null, 2),
  };
}
