/**
 * The `attachments` array of a message body (message-facts.md, "Files"): which uploaded
 * files (`id` = the `n` of `files[n]`) become attachments, under which name, description
 * and title, and on an edit which existing attachments stay (listed) and which go
 * (left out; omitting `attachments` keeps them all). Pure: checks and a plan, no I/O.
 */
import { ErrorCollector, type FieldPath, type RuleResult } from '../../shared/command-rules/error-tree.js';
import { MESSAGES } from '../../shared/command-rules/messages.js';
import { ATTACHMENT_DESCRIPTION_MAX_LENGTH, FILENAME_MAX_LENGTH, MESSAGE_FILES_MAX } from '../../shared/attachment-limits.js';
import type { IncomingFile } from '../http/request-files.js';

/** Codes chosen here in the service's style (*inferred*: no public 50035 body shows them). */
export const ATTACHMENT_MESSAGES = {
  unknownId: { code: 'ATTACHMENT_NOT_FOUND', text: (id: string) => `No file was uploaded as files[${id}], and the message has no attachment ${id}.` },
  idInvalid: { code: 'NUMBER_TYPE_COERCE', text: (id: string) => `Value "${id}" is not snowflake.` },
} as const;

/** A file to store as a new attachment. */
export interface NewAttachment {
  file: IncomingFile;
  filename: string;
  description?: string;
  title?: string;
}

/** What the body asks for. */
export interface AttachmentPlan {
  /** Existing attachments to keep, by id; undefined keeps them all (no `attachments` given). */
  keep?: string[];
  uploads: NewAttachment[];
}

/**
 * A filename the serving URL carries safely: no path, no control characters (busboy has
 * already dropped any directory the part named). The service renames rather than refuses.
 */
export function safeFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = [...name.replace(/[/\\\x00-\x1f\x7f]/g, '_')].slice(0, FILENAME_MAX_LENGTH).join('');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'unknown' : cleaned;
}

function optionalText(errors: ErrorCollector, value: unknown, path: FieldPath, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return void errors.add(path, MESSAGES.notString.code, MESSAGES.notString.text(value));
  if ([...value].length > max) return void errors.add(path, MESSAGES.maxLength.code, MESSAGES.maxLength.text(max));
  return value;
}

/** An entry's `id` as text: a snowflake of an existing attachment, or the `n` of `files[n]`. */
function entryId(errors: ErrorCollector, value: unknown, path: FieldPath): string | undefined {
  if (value === undefined || value === null) return void errors.add(path, MESSAGES.required.code, MESSAGES.required.text());
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,20}$/.test(text)) {
    return void errors.add(path, ATTACHMENT_MESSAGES.idInvalid.code, ATTACHMENT_MESSAGES.idInvalid.text(String(value)));
  }
  return text;
}

/**
 * The plan for a message's files: `body` is the message JSON, `files` its uploaded parts,
 * `existing` the ids of the attachments it has now (none for a new message), `at` the
 * error prefix (`['data']` for callbacks).
 */
export function planAttachments(
  body: unknown, files: readonly IncomingFile[], existing: ReadonlySet<string>, at: FieldPath,
): RuleResult<AttachmentPlan> {
  const own = (file: IncomingFile): NewAttachment => ({ file, filename: safeFilename(file.filename) });
  const list = typeof body === 'object' && body !== null ? (body as { attachments?: unknown }).attachments : undefined;
  if (list === undefined || list === null) return { ok: true, value: { uploads: files.map(own) } };
  const errors = new ErrorCollector();
  const path = [...at, 'attachments'];
  if (!Array.isArray(list)) {
    errors.add(path, MESSAGES.notList.code, MESSAGES.notList.text());
    return { ok: false, errors: errors.tree };
  }
  const keep: string[] = [];
  const described = new Map<IncomingFile, NewAttachment>();
  list.forEach((entry: unknown, index) => {
    const at = [...path, index];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      errors.add(at, MESSAGES.notObject.code, MESSAGES.notObject.text());
      return;
    }
    const fields = entry as Record<string, unknown>;
    const id = entryId(errors, fields.id, [...at, 'id']);
    const filename = optionalText(errors, fields.filename, [...at, 'filename'], FILENAME_MAX_LENGTH);
    const description = optionalText(errors, fields.description, [...at, 'description'], ATTACHMENT_DESCRIPTION_MAX_LENGTH);
    const title = optionalText(errors, fields.title, [...at, 'title'], FILENAME_MAX_LENGTH);
    if (id === undefined) return;
    const file = files.find((candidate) => String(candidate.index) === id);
    if (file) {
      described.set(file, {
        file, filename: safeFilename(filename ?? file.filename),
        ...(description === undefined ? {} : { description }), ...(title === undefined ? {} : { title }),
      });
    } else if (existing.has(id)) keep.push(id);
    else errors.add([...at, 'id'], ATTACHMENT_MESSAGES.unknownId.code, ATTACHMENT_MESSAGES.unknownId.text(id));
  });
  // A file the list does not describe is attached under its own name all the same.
  const uploads = files.map((file) => described.get(file) ?? own(file));
  if (keep.length + uploads.length > MESSAGE_FILES_MAX) errors.add(path, MESSAGES.maxLength.code, MESSAGES.maxLength.text(MESSAGE_FILES_MAX));
  return errors.failed ? { ok: false, errors: errors.tree } : { ok: true, value: { keep, uploads } };
}
