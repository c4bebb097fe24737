/**
 * A dispatch's data encoded once, however many sessions it goes to: the hub hands every
 * session the same `SharedData`, the first live send encodes it and the others reuse the
 * text. Each session's frame is then written around it (its own `s`), byte for byte what
 * JSON.stringify makes of the whole frame.
 */
import { Opcode } from './protocol.js';

export class SharedData {
  /** The JSON, once made; `null` before (JSON.stringify answers undefined for undefined data). */
  private text: string | undefined | null = null;

  constructor(readonly data: unknown) {}

  /** JSON.stringify(data), made on first use. */
  get json(): string | undefined {
    if (this.text === null) this.text = JSON.stringify(this.data) as string | undefined;
    return this.text;
  }
}

/** `data` shared as it is, or wrapped for sharing. */
export function sharedData(data: unknown): SharedData {
  return data instanceof SharedData ? data : new SharedData(data);
}

/** Dispatch `s` of `event`: the text of JSON.stringify({ op: 0, s, t: event, d }). */
export function dispatchFrame(s: number, event: string, data: SharedData): string {
  const head = `{"op":${Opcode.Dispatch},"s":${s},"t":${JSON.stringify(event)}`;
  const d = data.json;
  return d === undefined ? `${head}}` : `${head},"d":${d}}`;
}
