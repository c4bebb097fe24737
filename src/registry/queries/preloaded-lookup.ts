/**
 * The invocation and select rules (shared with the client, so synchronous) ask whether an
 * id names a user, a role, a channel or an upload. The store answers asynchronously, so
 * every id a body could name is read first, together, and the rules get answers from memory.
 */

/** Every string or integer in `value` (however deep) that could be an id, once each. */
export function candidateIds(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (part: unknown, depth: number): void => {
    if (depth > 32) return;
    if (typeof part === 'string' && /^\d{1,20}$/.test(part)) found.add(part);
    else if (typeof part === 'number' && Number.isSafeInteger(part) && part >= 0) found.add(String(part));
    else if (Array.isArray(part)) for (const item of part) walk(item, depth + 1);
    else if (typeof part === 'object' && part !== null) for (const item of Object.values(part)) walk(item, depth + 1);
  };
  walk(value, 0);
  return [...found];
}

/** `read` of each id, asked all at once; the answer is a synchronous lookup (undefined for ids not asked). */
export async function preload<T>(ids: readonly string[], read: (id: string) => Promise<T>): Promise<(id: string) => T | undefined> {
  const answers = new Map(await Promise.all(ids.map(async (id) => [id, await read(id)] as const)));
  return (id) => answers.get(id);
}
