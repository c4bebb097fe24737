/**
 * Files for message tests: a real PNG of any size (zlib-deflated scanlines, CRCs from
 * node:zlib), and multipart bodies built by the platform's own FormData, as bot libraries
 * send them (`payload_json` plus `files[n]`).
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of `width` x `height`, in one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [88, 101, 242]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0).map((_, index) => rgb[index % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One file of a multipart message. */
export interface FilePart {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart body (bytes and its Content-Type with the boundary): `payload_json` and `files[0..n]`. */
export async function multipartBody(payload: unknown, files: readonly FilePart[]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.set('payload_json', JSON.stringify(payload));
  files.forEach((file, index) => form.set(`files[${index}]`, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}
