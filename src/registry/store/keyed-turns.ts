/**
 * Work that takes turns by key: `take(key, work)` starts `work` once every earlier work of
 * the same key has settled; different keys run side by side. Keys with nothing waiting are
 * forgotten, so the map holds only the keys in use.
 */
export class KeyedTurns {
  private readonly tails = new Map<string, Promise<void>>();

  async take<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    let done!: () => void;
    const tail = new Promise<void>((resolve) => (done = resolve));
    this.tails.set(key, tail);
    try {
      if (previous !== undefined) await previous;
      return await work();
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
      done();
    }
  }
}
