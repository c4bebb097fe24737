/**
 * The JSON of a value that is never changed once built (an interaction's payload), made the
 * first time it is asked for and kept beside the value: the text the store records is then
 * the very text that is signed and delivered, encoded once.
 */
const encodings = new WeakMap<object, string>();

/** Remembers `text` as `value`'s encoding: what JSON.stringify(value) gives, made another way (interactions/payload-template.ts). */
export function rememberEncoding(value: object, text: string): void {
  encodings.set(value, text);
}

/** JSON.stringify(value), encoded at the first call for this object and remembered while it lives. */
export function encodedOnce(value: object): string {
  let text = encodings.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    encodings.set(value, text);
  }
  return text;
}
