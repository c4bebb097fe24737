/**
 * A file a test gives an ATTACHMENT option: `chat.command('upload', { file: { name:
 * 'notes.txt', data: 'hello' } })`. The driver sends it as the HTTP routes take it
 * (`{filename, content_type, data}` in base64); the registry uploads it as the person, as
 * the client uploads a picked file, and the bot gets it in `data.resolved.attachments`.
 */

/** A file by name, with its bytes (a string is its UTF-8 text) and, if you like, its media type. */
export interface BenchFile {
  name: string;
  data: string | Uint8Array | ArrayBuffer;
  /** `text/plain`, `image/png`, ...; none by default, as a browser that knows none sends it. */
  contentType?: string;
}

function isBenchFile(value: unknown): value is BenchFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { name, data } = value as Partial<BenchFile>;
  return typeof name === 'string' && (typeof data === 'string' || data instanceof Uint8Array || data instanceof ArrayBuffer);
}

/** Options by name with every `BenchFile` value in the routes' form; the rest as given. */
export function withWireFiles(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).map(([name, value]) => {
    if (!isBenchFile(value)) return [name, value];
    const bytes = typeof value.data === 'string' ? Buffer.from(value.data, 'utf8') : Buffer.from(value.data instanceof ArrayBuffer ? new Uint8Array(value.data) : value.data);
    return [name, { filename: value.name, ...(value.contentType === undefined ? {} : { content_type: value.contentType }), data: bytes.toString('base64') }];
  }));
}
