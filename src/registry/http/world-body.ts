/**
 * Management bodies checked with the world file's own schemas, and world problems turned
 * into the service's 50035 error tree, so an edit is refused with the same codes and
 * messages as a world file with the same mistake.
 */
import type { z } from 'zod';
import { ErrorCollector } from '../../shared/command-rules/error-tree.js';
import { WORLD_PARSE, worldIssues } from '../../shared/world-issues.js';
import type { WorldProblem } from '../world/world-error.js';
import { invalidFormBody, type ServiceError } from './service-error.js';

/** The parsed body, or a 50035 listing every bad field. */
export function parseWorldBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body, WORLD_PARSE);
  if (result.success) return result.data;
  const errors = new ErrorCollector();
  for (const issue of worldIssues(result.error)) errors.add(issue.path, issue.code, issue.message);
  throw invalidFormBody(errors.tree);
}

/** A 50035 for one world problem (its path relative to the body). */
export function worldProblemError(problem: WorldProblem): ServiceError {
  const errors = new ErrorCollector();
  errors.add(problem.path, problem.code, problem.message);
  return invalidFormBody(errors.tree);
}

/** Throws the problem as a 50035 when there is one. */
export function refuseProblem(problem: WorldProblem | undefined): void {
  if (problem) throw worldProblemError(problem);
}
