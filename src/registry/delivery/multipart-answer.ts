/**
 * An endpoint's inline answer sent as `multipart/form-data` (message-facts.md, "Files": any
 * route a message goes through may carry files, the inline answer to a delivery included):
 * the interaction response in `payload_json`, each file in `files[n]`. Parsed by the
 * platform's own multipart reader (undici's `Response.formData()`); the whole answer is
 * already bounded by the HTTP client, and the files are held to a message's limits here.
 */
import { MESSAGE_FILES_MAX, MESSAGE_FILES_TOTAL_LIMIT } from '../../shared/attachment-limits.js';
import type { IncomingFile } from '../http/request-files.js';
import { FILE_FIELD, fileIndex, MULTIPART_MESSAGES, partType, PAYLOAD_FIELD } from '../http/multipart-body.js';

/** The answer's interaction response (as JSON text) and its files, or why it cannot be read. */
export type MultipartAnswer = { payload: string; files: IncomingFile[] } | { problem: string };

/** Whether a Content-Type header says multipart/form-data. */
export function isMultipart(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';
}

/** Reads a multipart answer's parts; every refusal says what to fix. */
export async function readMultipartAnswer(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<MultipartAnswer> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    const said = /boundary=/i.test(contentType) ? MULTIPART_MESSAGES.malformed.text : MULTIPART_MESSAGES.noBoundary.text;
    return { problem: `the endpoint's multipart answer could not be read: ${said}` };
  }
  let payload: string | undefined;
  const files: IncomingFile[] = [];
  let total = 0;
  for (const [field, value] of form.entries()) {
    if (field === PAYLOAD_FIELD) {
      payload = typeof value === 'string' ? value : await value.text();
      continue;
    }
    if (typeof value === 'string') {
      if (FILE_FIELD.test(field)) return { problem: `${field}: ${MULTIPART_MESSAGES.filenameRequired.text}` };
      continue;
    }
    total += value.size;
    if (files.length === MESSAGE_FILES_MAX || total > MESSAGE_FILES_TOTAL_LIMIT) {
      return { problem: `the answer carries more than ${MESSAGE_FILES_MAX} files or ${MESSAGE_FILES_TOTAL_LIMIT / 1024 / 1024} MiB of them (40005 Request entity too large)` };
    }
    files.push({
      field, index: fileIndex(field, files.length), filename: value.name, contentType: partType(value.type),
      bytes: Buffer.from(await value.arrayBuffer()),
    });
  }
  if (payload === undefined) return { problem: `the endpoint's multipart answer has no ${PAYLOAD_FIELD} part with the interaction response` };
  return { payload, files };
}
