/**
 * The service's 50035 error tree: nested objects keyed by field name (array indices as
 * numeric string keys) whose leaves are `_errors` lists. One builder for every rule, so
 * every refusal has the same shape as the real service's.
 */
export interface FieldError {
  code: string;
  message: string;
}

export interface ErrorTree {
  _errors?: FieldError[];
  [key: string]: ErrorTree | FieldError[] | undefined;
}

export type FieldPath = ReadonlyArray<string | number>;

/** Collects field errors at paths and builds the tree the service answers with. */
export class ErrorCollector {
  readonly tree: ErrorTree = {};
  private count = 0;

  /** Records one error at `path` (empty path: a request-level error in `errors._errors`). */
  add(path: FieldPath, code: string, message: string): void {
    let node = this.tree;
    for (const key of path) {
      const name = String(key);
      // Own properties only, defined rather than assigned: a body key such as "__proto__"
      // must become a plain branch of the tree, never reach or replace a prototype.
      const child = Object.hasOwn(node, name) ? node[name] : undefined;
      if (child === undefined || Array.isArray(child)) {
        const created: ErrorTree = {};
        Object.defineProperty(node, name, { value: created, enumerable: true, writable: true, configurable: true });
        node = created;
      } else {
        node = child;
      }
    }
    (node._errors ??= []).push({ code, message });
    this.count += 1;
  }

  /** Whether any error was recorded. */
  get failed(): boolean {
    return this.count > 0;
  }
}

/** A result that is either a value or an error tree, so rules never throw across the boundary. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; errors: ErrorTree };

/**
 * Copies every error of `tree` into `target` under `prefix`, so a bulk overwrite can
 * answer each element's own tree under its array index.
 */
export function mergeErrorTree(target: ErrorCollector, prefix: FieldPath, tree: ErrorTree): void {
  for (const key of Object.keys(tree)) {
    const branch = tree[key];
    if (branch === undefined) continue;
    if (Array.isArray(branch)) {
      if (key === '_errors') for (const error of branch) target.add(prefix, error.code, error.message);
      continue;
    }
    mergeErrorTree(target, [...prefix, key], branch);
  }
}

/** Every error of a tree with its dotted path (`data.embeds.0.title`; `''` at the root), depth first. */
export function errorLines(tree: ErrorTree, prefix = ''): Array<FieldError & { path: string }> {
  const lines = (tree._errors ?? []).map((error) => ({ ...error, path: prefix }));
  for (const [key, branch] of Object.entries(tree)) {
    if (key === '_errors' || branch === undefined || Array.isArray(branch)) continue;
    lines.push(...errorLines(branch, prefix ? `${prefix}.${key}` : key));
  }
  return lines;
}
