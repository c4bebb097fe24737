/**
 * A bot's answer the registry refused, said in one sentence for the person whose
 * interaction it was ("The bot's answer was refused: data.embeds.0.title: Must be 256 or
 * fewer in length."), and remembered on the interaction so that, when no valid answer
 * follows, its failure names the refusal instead of a silent deadline.
 */
import type { FastifyRequest } from 'fastify';
import { errorLines, type ErrorTree } from '../../shared/command-rules/error-tree.js';
import type { ServiceError } from '../http/service-error.js';
import { uploadedFiles } from '../http/request-files.js';
import type { InteractionRecord } from './ledger.js';

export const REFUSED_PREFIX = "The bot's answer was refused: ";

/** What an error body of the service says: each field error as `path: message` (joined by `separator`), or its message and code. */
export function errorBodySentence(body: unknown, separator = ' '): string {
  const { message, code, errors } = (body ?? {}) as { message?: unknown; code?: unknown; errors?: unknown };
  const lines = typeof errors === 'object' && errors !== null ? errorLines(errors as ErrorTree) : [];
  return lines.length > 0
    ? lines.map((line) => (line.path ? `${line.path}: ${line.message}` : line.message)).join(separator)
    : `${typeof message === 'string' ? message : 'Refused'}${typeof code === 'number' ? ` (${code})` : ''}`;
}

/** The sentence for a refusal's body. */
export function refusalSentence(body: unknown): string {
  return `${REFUSED_PREFIX}${errorBodySentence(body)}`;
}

/** What the inspector shows of a refused request: its route, body, files and the answer. */
export function refusedRequest(request: FastifyRequest, error: ServiceError): Record<string, unknown> {
  const answer = error.body();
  return {
    method: request.method,
    // The token is a credential: the inspector keeps the route, not the token.
    path: request.url.replace(/\/(webhooks\/\d+|interactions\/\d+)\/[^/?]+/, '/$1/<token>'),
    body: request.body ?? null,
    files: uploadedFiles(request).map((file) => ({ field: file.field, filename: file.filename, size: file.size, content_type: file.content_type })),
    status: error.status,
    answer,
    refusal: refusalSentence(answer),
  };
}

/** Why an interaction with no valid first answer failed at its deadline: a refusal, if there was one. */
export function deadlineFailure(record: InteractionRecord, detail: string): { reason: string; detail: string } {
  return record.refusal ? { reason: 'refused', detail: record.refusal } : { reason: 'deadline', detail };
}
