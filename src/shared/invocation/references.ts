/**
 * The ids an invocation names, gathered while its values are checked, so the registry
 * knows what to put in `data.resolved` without walking the options again.
 */
import type { InvocationReferences } from './types.js';

/** The kinds of id `data.resolved` describes for options and targets. */
export type ReferenceKind = keyof InvocationReferences;

/** Collects ids by kind, each once, in the order first met. */
export class ReferenceCollector {
  private readonly found: Record<ReferenceKind, Set<string>> = {
    users: new Set(),
    roles: new Set(),
    channels: new Set(),
    attachments: new Set(),
  };

  /** Records that the invocation names `id` as a `kind`. */
  add(kind: ReferenceKind, id: string): void {
    this.found[kind].add(id);
  }

  /** The lists the invocation answers with. */
  toReferences(): InvocationReferences {
    return {
      users: [...this.found.users],
      roles: [...this.found.roles],
      channels: [...this.found.channels],
      attachments: [...this.found.attachments],
    };
  }
}
