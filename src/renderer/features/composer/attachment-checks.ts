/**
 * The client's own checks of a file picked for an ATTACHMENT option, before a byte is
 * uploaded: the registry's limits (10 MiB, a filename of 1-1024 characters without path
 * separators or control characters), said in the person's words, and sizes as people read them.
 */
import { ATTACHMENT_SIZE_LIMIT, FILENAME_MAX_LENGTH } from '../../../shared/attachment-limits.js';

/** A size as the client shows it: bytes, KB or MB (of 1024, as the real client counts). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Why the file cannot be uploaded, or null when it can. */
export function attachmentProblem(filename: string, size: number): string | null {
  if (size > ATTACHMENT_SIZE_LIMIT) {
    return `${filename} is ${formatSize(size)}: files can be at most ${formatSize(ATTACHMENT_SIZE_LIMIT)} here.`;
  }
  const length = [...filename].length;
  if (length < 1 || length > FILENAME_MAX_LENGTH) return `The file's name must be 1 to ${FILENAME_MAX_LENGTH} characters long.`;
  // eslint-disable-next-line no-control-regex
  if (/[/\\\x00-\x1f\x7f]/.test(filename) || filename === '.' || filename === '..') {
    return 'The file\'s name cannot contain path separators or control characters.';
  }
  return null;
}
