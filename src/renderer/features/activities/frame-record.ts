/**
 * A frame message as the inspector keeps it. A frame is untrusted and `postMessage` carries
 * more than JSON (BigInts, cycles, huge values), while the inspector's record is JSON kept
 * in the tab's storage: so a message is copied as JSON, with BigInts as strings, cut short
 * past a size, and with access tokens masked (the page keeps no token, the inspector shows
 * that one was passed).
 */

/** Past this many characters a message is kept as a preview. */
export const RECORDED_MESSAGE_LIMIT = 8_192;

const PREVIEW_LENGTH = 2_000;

/** `message` made safe to keep and show. */
export function inspectable(message: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(message, (key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString();
      if (key === 'access_token' && typeof value === 'string') return `[access token, ${value.length} characters]`;
      return value;
    });
  } catch {
    return '(a message that cannot be shown as JSON)';
  }
  if (json === undefined) return null;
  if (json.length > RECORDED_MESSAGE_LIMIT) return { truncated: `${json.length} characters`, preview: json.slice(0, PREVIEW_LENGTH) };
  return JSON.parse(json) as unknown;
}
