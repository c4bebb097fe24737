/**
 * Transport compression `compress=zstd-stream`: each payload goes as one complete Zstandard
 * frame. Frames one after another are one valid zstd stream (RFC 8878, section 3.1), so a
 * client's streaming decompressor (discordeno's fzstd, or any other) hands each message over
 * whole at its frame's end, as with the service's flushed stream.
 * Compressed by libzstd built to WebAssembly (@bokuweb/zstd-wasm), loaded on first use.
 */
import { compress, init } from '@bokuweb/zstd-wasm';

/** zstd's default level: fast, and far below the payload sizes where the ratio matters. */
const LEVEL = 3;

let loaded: Promise<void> | null = null;

/** One payload as a complete zstd frame. */
export async function zstdFrame(text: string): Promise<Buffer> {
  loaded ??= init();
  await loaded;
  return Buffer.from(compress(Buffer.from(text, 'utf8'), LEVEL));
}
