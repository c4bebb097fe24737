/**
 * Transport compression `compress=zlib-stream`: one zlib context for the whole connection,
 * each payload flushed with Z_SYNC_FLUSH so it ends in `00 00 ff ff`, the marker clients
 * (discord.js with zlib-sync) wait for before inflating. Payloads are encoded one at a
 * time, in order, since they share the context.
 */
import { constants, createDeflate, type Deflate } from 'node:zlib';

/** A connection's compressor: `encode` resolves each payload's bytes, in call order. */
export class ZlibStream {
  private readonly deflate: Deflate = createDeflate();
  private chunks: Buffer[] = [];
  private tail: Promise<unknown> = Promise.resolve();

  constructor() {
    this.deflate.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    // A failed context fails its connection's sends; nothing to report beyond that.
    this.deflate.on('error', () => undefined);
  }

  /** The compressed bytes of one payload, continuing the connection's stream. */
  encode(text: string): Promise<Buffer> {
    const run = () => new Promise<Buffer>((resolve) => {
      this.deflate.write(text);
      this.deflate.flush(constants.Z_SYNC_FLUSH, () => {
        const out = Buffer.concat(this.chunks);
        this.chunks = [];
        resolve(out);
      });
    });
    const result = this.tail.then(run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Frees the context once the connection has closed. */
  close(): void {
    this.deflate.close();
  }
}
