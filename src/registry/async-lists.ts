/**
 * Array methods for asynchronous tests and mappings (the store answers asynchronously):
 * `Array.prototype.filter` with an async predicate would keep everything, since a promise
 * is truthy, so lists are filtered and mapped through these instead.
 */

/** The items `keep` says yes to, in their order; the checks run together. */
export async function filterAsync<T>(items: readonly T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const verdicts = await Promise.all(items.map(keep));
  return items.filter((_, index) => verdicts[index]);
}

/** Whether `test` says yes to any item; asks in order and stops at the first yes. */
export async function someAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<boolean> {
  for (const item of items) if (await test(item)) return true;
  return false;
}

/** `map` for an async mapping, the results in the items' order; the mappings run together. */
export function mapAsync<T, R>(items: readonly T[], map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  return Promise.all(items.map(map));
}
