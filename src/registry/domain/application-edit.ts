/**
 * `PATCH /_slashbench/applications/{id}` bodies: the world file's rules for each field
 * (so an edit and a world file are refused alike: a bad URL mapping is named down to its
 * entry, `url_mappings.0.target`), and for the two URLs a browser or the delivery must
 * open, the service's own check: a well formed http(s) URL. Every bad field is named in one
 * 50035 tree.
 */
import { isRegistryPath } from '../../shared/activity-url.js';
import { ErrorCollector } from '../../shared/command-rules/error-tree.js';
import { applicationEditBody, type ApplicationEditBody } from '../../shared/world-edits.js';
import { WORLD_PARSE, worldIssues } from '../../shared/world-issues.js';
import { invalidFormBody } from '../http/service-error.js';
import { urlProblem } from './application-update.js';

/** Fields holding a URL the registry itself fetches or frames. */
const HTTP_URL_FIELDS = ['interactions_endpoint_url', 'activity_url'] as const;

/** The edit a body asks for, or a thrown 50035 naming every bad field. */
export function readApplicationEdit(body: unknown): ApplicationEditBody {
  const errors = new ErrorCollector();
  const parsed = applicationEditBody.safeParse(body ?? {}, WORLD_PARSE);
  const issues = parsed.success ? [] : worldIssues(parsed.error);
  for (const issue of issues) errors.add(issue.path, issue.code, issue.message);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  for (const field of HTTP_URL_FIELDS) {
    const value = fields[field];
    // Each bad field is named once: a URL the schema refused already is.
    if (typeof value !== 'string' || issues.some((issue) => issue.path[0] === field)) continue;
    // An Activity on the registry itself is named by its path (activity-url.ts).
    if (field === 'activity_url' && isRegistryPath(value)) continue;
    const problem = urlProblem(value);
    if (problem) errors.add([field], problem.code, problem.message);
  }
  if (errors.failed || !parsed.success) throw invalidFormBody(errors.tree);
  return parsed.data;
}
