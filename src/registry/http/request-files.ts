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

declare module 'fastify' {
  interface FastifyRequest {
    uploadedFiles?: UploadedFileSummary[];
  }
}

/** The request's files for the inspector; empty for a JSON request. */
export function uploadedFiles(request: { uploadedFiles?: UploadedFileSummary[] }): UploadedFileSummary[] {
  return request.uploadedFiles ?? [];
}
