/**
 * Serialized answers kept until what they were made from changes. Reads of command lists
 * and command indexes are far more frequent than writes, and making them means reading and
 * parsing every command; a cached body costs one map lookup. Callers still authenticate,
 * check and rate-limit every request: only the body is reused.
 */
export class AnswerCache {
  private readonly answers = new Map<string, Buffer>();

  /** Answers the cached body for `key`, or makes, caches and answers it (as bytes: encoding a large body is most of the work). */
  get(key: string, make: () => unknown): Buffer {
    let body = this.answers.get(key);
    if (body === undefined) {
      body = Buffer.from(JSON.stringify(make()));
      // Bounded: a registry with many users and places must not grow without end.
      if (this.answers.size >= 10_000) this.answers.clear();
      this.answers.set(key, body);
    }
    return body;
  }

  /** Forgets every answer whose key starts with `prefix` (all of them for ''). */
  forget(prefix = ''): void {
    if (prefix === '') {
      this.answers.clear();
      return;
    }
    for (const key of this.answers.keys()) if (key.startsWith(prefix)) this.answers.delete(key);
  }
}
