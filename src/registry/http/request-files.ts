import type { FastifyRequest } from 'fastify';
import { requestOrigin } from './request-origin.js';

/**
 * The files a request carried (multipart `files[n]`), as the inspector shows them: the
 * multipart reader fills `request.uploadedFiles`, and whatever records a bot's request
 * (accepted or refused) reads it, so a refused answer still says which files came with it.
 */
export interface UploadedFileSummary {
  /** The form field, e.g. `files[0]`. */
  field: string;
  filename: string;
  size: number;
  content_type: string;
}

/** A file part as read (multipart-body.ts): what the message routes store. */
export interface IncomingFile {
  /** The form field, e.g. `files[0]`. */
  field: string;
  /** The `n` of `files[n]`: what the JSON's `attachments[].id` names. */
  index: number;
  filename: string;
  /** The part's media type, or null when it said none (or only application/octet-stream). */
  contentType: string | null;
  bytes: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploadedFiles?: UploadedFileSummary[];
    /** The files of a multipart message request, read in full (bounded by the limits). */
    messageFiles?: IncomingFile[];
  }
}

/** The request's files for the inspector; empty for a JSON request. */
export function uploadedFiles(request: { uploadedFiles?: UploadedFileSummary[] }): UploadedFileSummary[] {
  return request.uploadedFiles ?? [];
}

/** The request's files to store with its message; empty for a JSON request. */
export function messageFiles(request: { messageFiles?: IncomingFile[] }): IncomingFile[] {
  return request.messageFiles ?? [];
}

/** The files of one request and where the registry was reached (file URLs are built on it). */
export interface MessageUpload {
  files: readonly IncomingFile[];
  origin: string;
}

/** A message route's upload: its files (none for JSON) and the origin their URLs use. */
export function requestUpload(request: FastifyRequest): MessageUpload {
  return { files: messageFiles(request), origin: requestOrigin(request) };
}
