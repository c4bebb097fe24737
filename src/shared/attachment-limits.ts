/**
 * The limits of a file for an ATTACHMENT option, shared by the registry (which refuses an
 * upload past them) and the client (which says so before uploading anything).
 */

/** The default upload limit per attachment (spec, Limits): 10 MiB, sent as attachment_size_limit. */
export const ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;

/** The longest filename accepted, in characters. */
export const FILENAME_MAX_LENGTH = 1024;

/** The most files one message carries (message-facts.md, "Files"). */
export const MESSAGE_FILES_MAX = 10;

/**
 * The most bytes of files one message carries together: the `attachment_size_limit` sent
 * in the interaction (message-facts.md, "Files"); past it, 413 40005.
 */
export const MESSAGE_FILES_TOTAL_LIMIT = ATTACHMENT_SIZE_LIMIT;

/** The longest attachment description (alt text) accepted, in characters. */
export const ATTACHMENT_DESCRIPTION_MAX_LENGTH = 1024;
