/**
 * The limits of a file for an ATTACHMENT option, shared by the registry (which refuses an
 * upload past them) and the client (which says so before uploading anything).
 */

/** The default upload limit per attachment (spec, Limits): 10 MiB, sent as attachment_size_limit. */
export const ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;

/** The longest filename accepted, in characters. */
export const FILENAME_MAX_LENGTH = 1024;
