/**
 * Importing a world file: the file's text checked with the shared world-file schema before
 * anything is sent (every problem with the path of its field, as the registry would name
 * it), what importing it will do, and the tokens the registry made for the new people and
 * apps, which its answer carries once.
 */
import { worldFileSchema, type WorldFile } from '../../../shared/world-file.js';
import { formatWorldPath, WORLD_PARSE, worldIssues, type WorldIssue } from '../../../shared/world-issues.js';

/** A problem of the file, its path printed as the world file's messages print it: `guilds[0].roles[1].name`. */
export interface ImportIssue {
  path: string;
  code: string;
  message: string;
}

/** What an import will change, for the person to confirm. */
export interface ImportSummary {
  users: number;
  applications: number;
  guilds: number;
  /** People and apps the world does not have yet and the file gives no token: the registry makes theirs. */
  newWithoutToken: number;
}

export type ImportCheck = { ok: true; world: WorldFile; summary: ImportSummary } | { ok: false; issues: ImportIssue[] };

/** The service's words for a body that is not JSON (50109). */
const NOT_JSON = 'The request body contains invalid JSON.';

export function importIssues(issues: readonly WorldIssue[]): ImportIssue[] {
  return issues.map((issue) => ({ path: formatWorldPath(issue.path), code: issue.code, message: issue.message }));
}

/** Checks a file's text; `current` is the world as it is, to tell new people and apps from known ones. */
export function checkWorldImport(text: string, current: WorldFile | null): ImportCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: '(root)', code: '50109', message: `${NOT_JSON} ${error instanceof Error ? error.message : ''}`.trim() }] };
  }
  const parsed = worldFileSchema.safeParse(raw, WORLD_PARSE);
  if (!parsed.success) return { ok: false, issues: importIssues(worldIssues(parsed.error)) };
  const world = parsed.data;
  const knownUsers = new Set(current?.users.map((user) => user.id) ?? []);
  const knownApps = new Set(current?.applications.map((app) => app.id) ?? []);
  const newWithoutToken = world.users.filter((user) => user.token === undefined && !knownUsers.has(user.id)).length
    + world.applications.filter((app) => app.bot_token === undefined && !knownApps.has(app.id)).length;
  return {
    ok: true, world,
    summary: { users: world.users.length, applications: world.applications.length, guilds: world.guilds.length, newWithoutToken },
  };
}

/** A token the registry made and showed once. */
export interface MintedToken {
  kind: 'user' | 'bot';
  id: string;
  name: string;
  token: string;
}

/** The tokens an import's answer carries: only those the registry made for it (exports carry none). */
export function importedTokens(answer: WorldFile): MintedToken[] {
  return [
    ...answer.users.flatMap((user) => (user.token === undefined ? [] : [{ kind: 'user' as const, id: user.id, name: user.username, token: user.token }])),
    ...answer.applications.flatMap((app) => (app.bot_token === undefined ? [] : [{ kind: 'bot' as const, id: app.id, name: app.name, token: app.bot_token }])),
  ];
}
