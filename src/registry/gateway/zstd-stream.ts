/**
 * Transport compression `compress=zstd-stream`: each payload goes as one complete Zstandard
 * frame. Frames one after another are one valid zstd stream (RFC 8878, section 3.1), so a
 * client's streaming decompressor (discordeno's fzstd, or any other) hands each message over
 * whole at its frame's end, as with the service's flushed stream.
 * Compressed by libzstd built to WebAssembly (@bokuweb/zstd-wasm), loaded on first use: its
 * module alone took 8-10 ms of every registry's start, most of which never see a session
 * asking for zstd.
 */
import type * as zstdWasm from '@bokuweb/zstd-wasm';

/** zstd's default level: fast, and far below the payload sizes where the ratio matters. */
const LEVEL = 3;

type Zstd = typeof zstdWasm;

let loaded: Promise<Zstd> | null = null;

async function load(): Promise<Zstd> {
  const zstd = await import('@bokuweb/zstd-wasm');
  await zstd.init();
  return zstd;
}

/** One payload as a complete zstd frame. */
export async function zstdFrame(text: string): Promise<Buffer> {
  loaded ??= load();
  const { compress } = await loaded;
  return Buffer.from(compress(Buffer.from(text, 'utf8'), LEVEL));
}
