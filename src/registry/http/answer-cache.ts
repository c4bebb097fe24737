/**
 * Serialized answers kept until what they were made from changes. Reads of command lists
 * and command indexes are far more frequent than writes, and making them means reading and
 * parsing every command; a cached body costs one map lookup. Callers still authenticate,
 * check and rate-limit every request: only the body is reused.
 */
export class AnswerCache {
  private readonly answers = new Map<string, Buffer>();
  /** Counts forgets: an answer made while one happened may be of the old facts, so it is not kept. */
  private generation = 0;
  private seenVersion: number;

  /**
   * `changeVersion` is the store's (database.ts): when another process changed the data,
   * every answer goes, whatever events this process heard.
   */
  constructor(private readonly changeVersion: () => number = () => 0) {
    this.seenVersion = changeVersion();
  }

  /** Answers the cached body for `key`, or makes, caches and answers it (as bytes: encoding a large body is most of the work). */
  async get(key: string, make: () => Promise<unknown>): Promise<Buffer> {
    const version = this.changeVersion();
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.forget();
    }
    const cached = this.answers.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const body = Buffer.from(JSON.stringify(await make()));
    if (generation === this.generation) {
      // Bounded: a registry with many users and places must not grow without end.
      if (this.answers.size >= 10_000) this.answers.clear();
      this.answers.set(key, body);
    }
    return body;
  }

  /** Forgets every answer whose key starts with `prefix` (all of them for ''). */
  forget(prefix = ''): void {
    this.generation += 1;
    if (prefix === '') {
      this.answers.clear();
      return;
    }
    for (const key of this.answers.keys()) if (key.startsWith(prefix)) this.answers.delete(key);
  }
}
