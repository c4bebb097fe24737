/**
 * A world that parsed but does not hold together (an unknown id, a thread without a
 * parent), as data: the field's path, a code and a message. The CLI prints it as
 * `guilds[0].owner_id: unknown user "1"`; the management API answers it as a 50035 tree.
 */
import { formatWorldPath } from '../../shared/world-issues.js';

/** One reason a world, or an edit of it, is refused. The path is relative to what was checked. */
export interface WorldProblem {
  path: Array<string | number>;
  code: string;
  message: string;
}

/** The codes of world problems, in one place. */
export const WORLD_CODES = {
  /** An id that names nothing in the world. */
  unknown: 'UNKNOWN_REFERENCE',
  /** An id or token that already belongs to something else. */
  taken: 'ALREADY_IN_USE',
  /** A rule of the world's shape (a DM with a bot on both ends, a parent of the wrong type). */
  invalid: 'BASE_TYPE_INVALID',
  required: 'BASE_TYPE_REQUIRED',
} as const;

/** A problem at `path`. */
export function problem(path: Array<string | number>, message: string, code: string = WORLD_CODES.unknown): WorldProblem {
  return { path, code, message };
}

/** A world refused while loading; rolls back the loading transaction. */
export class WorldError extends Error {
  constructor(readonly problem: WorldProblem) {
    super(`${formatWorldPath(problem.path)}: ${problem.message}`);
  }
}

/** Throws the problem, placed under `at`, when there is one. */
export function refuse(at: Array<string | number>, found: WorldProblem | undefined): void {
  if (found) throw new WorldError({ ...found, path: [...at, ...found.path] });
}
