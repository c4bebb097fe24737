/**
 * Whether an app has an Activity, and where its frame starts. As in the Developer Portal, an
 * app with the EMBEDDED flag has one when it has an Application URL Override
 * (`activity_url`, framed as it is) or a root URL mapping (`/`, framed through the Activity
 * proxy, the simulator's `<app id>.discordsays.com`). The override wins: Discord frames it
 * in place of the proxy. One rule for the registry's launch and the world editor's summary.
 */
import { EMBEDDED_FLAG } from './command-rules/install-contexts.js';
import { rootMapping, type UrlMapping } from './url-mappings.js';

/** The fields of an app the rule reads: a store record and a world file entry both have them. */
export interface ActivitySettings {
  flags?: number | undefined;
  activity_url?: string | null | undefined;
  url_mappings?: readonly UrlMapping[] | undefined;
}

/** Where the frame starts: the override as it is, or the proxy's root (`/` on the app's own origin). */
export interface ActivityStart {
  url: string;
  proxied: boolean;
}

/** The start of the app's Activity, or undefined when it has neither an override nor a root mapping (its flags aside). */
export function activityStart(app: ActivitySettings): ActivityStart | undefined {
  if (app.activity_url) return { url: app.activity_url, proxied: false };
  if (rootMapping(app.url_mappings ?? [])) return { url: '/', proxied: true };
  return undefined;
}

/** Whether the app has an Activity to launch: the EMBEDDED flag, and somewhere for the frame to start. */
export function hasActivity(app: ActivitySettings): boolean {
  return ((app.flags ?? 0) & EMBEDDED_FLAG) !== 0 && activityStart(app) !== undefined;
}
