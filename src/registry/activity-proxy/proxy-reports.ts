/**
 * What the Activity proxy tells the client's inspector: a request its sandbox blocked (a CSP
 * report the browser posted), and a mapped target that was down, slow or refused. The
 * people in the app's running instances hear it as the client event ACTIVITY_PROXY_REPORT;
 * the frame it came from is named when the page's address says (its `frame_id`), and each
 * client shows it in that launch's inspector entry.
 */
import type { EventBus } from '../events.js';
import type { Store } from '../store/store.js';
import { mappingFor, type UrlMapping } from '../../shared/url-mappings.js';

/** One report, as the client event carries it. */
export interface ProxyReport {
  application_id: string;
  /** The frame whose page made the request, when its address says; null when unknown. */
  frame_id: string | null;
  kind: 'blocked' | 'unreachable' | 'timeout' | 'refused';
  /** What was asked for: the blocked address, or the proxied path. */
  url: string;
  /** The CSP directive that blocked it, for `blocked`. */
  directive?: string;
  /** The status the frame got, for the proxy's own answers. */
  status?: number;
  /** The mapping the request went through. */
  mapping?: UrlMapping;
  /** For `blocked`: the mapping that would allow it (an existing one to route through, or one to add). */
  allow?: { existing: UrlMapping } | { suggested: UrlMapping };
  message: string;
}

/** The `frame_id` in a page address of the app's own origin, or null. */
export function frameIdOf(address: unknown): string | null {
  if (typeof address !== 'string') return null;
  try {
    const id = new URL(address).searchParams.get('frame_id');
    return id !== null && /^[\w-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Sends a report to everyone in the app's running instances. */
export async function sendProxyReport(store: Store, bus: EventBus, report: ProxyReport): Promise<void> {
  const people = new Set((await store.activities.ofApplication(report.application_id)).flatMap((instance) => instance.participants));
  for (const userId of people) bus.emit('clientEvent', { to: { userId }, type: 'ACTIVITY_PROXY_REPORT', data: report });
}

/** The largest CSP report body read; a browser's is a few hundred bytes. */
export const MAX_REPORT_BYTES = 16 * 1024;

/**
 * A blocked request from a CSP report body (`{"csp-report": {...}}`, the `report-uri`
 * format), or undefined for anything else.
 */
export function blockedRequest(applicationId: string, mappings: readonly UrlMapping[], body: string): ProxyReport | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const report = (parsed as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
  if (typeof report !== 'object' || report === null) return undefined;
  const blocked = typeof report['blocked-uri'] === 'string' ? report['blocked-uri'] : '';
  const directive = String(report['effective-directive'] ?? report['violated-directive'] ?? '');
  if (blocked === '' || directive === '') return undefined;
  const allow = mappingFor(mappings, blocked);
  const how = allow === undefined
    ? 'Load it from the Activity\'s own origin instead.'
    : 'existing' in allow
      ? `Request it through the mapping ${allow.existing.prefix} -> ${allow.existing.target} (a relative URL, or patchUrlMappings).`
      : `Add the URL mapping ${allow.suggested.prefix} -> ${allow.suggested.target} and request it as ${allow.suggested.prefix}/… (or patchUrlMappings).`;
  return {
    application_id: applicationId, frame_id: frameIdOf(report['document-uri']), kind: 'blocked', url: blocked, directive,
    ...(allow === undefined ? {} : { allow }),
    message: `Blocked by the Activity's Content-Security-Policy (${directive}): ${blocked}. ${how}`,
  };
}
