/**
 * The inspector's record kept across reloads of the page: the entries are written to the
 * tab's session storage whenever they change and read back when the client starts, so a
 * reload (or the desktop window's) does not lose what was inspected. Session storage, not
 * local: the record is this tab's, like the real client's devtools, and never outlives it.
 */
import type { InspectorJournal } from '../store/deps.js';

/** Bumped when an entry's shape changes: an older record is then left behind, not misread. */
const KEY = 'slashbench.inspector.v1';

/** The journal in `storage` (the page's sessionStorage); a full storage keeps the newest half. */
export function storageJournal(storage: Storage): InspectorJournal {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
        return Array.isArray(parsed) ? parsed : [];
      } catch {
        return [];
      }
    },
    save(entries) {
      let kept = entries;
      while (kept.length > 0) {
        try {
          storage.setItem(KEY, JSON.stringify(kept));
          return;
        } catch {
          // Over the storage quota (large payloads): keep the newer half.
          kept = kept.slice(Math.ceil(kept.length / 2));
        }
      }
      storage.removeItem(KEY);
    },
  };
}
