/**
 * Which precompressed copy of a file a request may get (RFC 9110, 12.5.3): a coding the
 * Accept-Encoding header lists with a quality above 0, or that its `*` covers. The server
 * picks among them by its own order: Brotli (smaller), then gzip, else the file as it is.
 */

/** The codings the client's build is precompressed in, best first, with their file suffixes. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** Whether `header` accepts content coded with `coding`. */
export function acceptsCoding(header: string | undefined, coding: string): boolean {
  if (header === undefined) return false;
  let wildcard: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const token = name.trim().toLowerCase();
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (token === coding) return quality > 0;
    if (token === '*') wildcard = quality;
  }
  return wildcard !== undefined && wildcard > 0;
}
