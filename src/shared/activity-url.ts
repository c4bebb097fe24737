/**
 * An app's `activity_url` is an http(s) URL, or a path of the registry itself. A path names
 * no host or port, so a world file keeps working whatever address the registry listens on:
 * the client resolves it against the registry it talks to.
 */

/** An absolute path with an optional query: no scheme, no `//host`, no fragment, no spaces. */
const REGISTRY_PATH = /^\/(?![/\\])[^\s?#]*(?:\?[^\s#]*)?$/;

/** Whether `value` is a path of the registry rather than a URL. */
export function isRegistryPath(value: string): boolean {
  return REGISTRY_PATH.test(value);
}

/** `activityUrl` with `parameters` in its query; a registry path stays a path. */
export function withLaunchParameters(activityUrl: string, parameters: Record<string, string>): string {
  const path = isRegistryPath(activityUrl);
  const url = new URL(activityUrl, 'http://registry.invalid');
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return path ? `${url.pathname}${url.search}` : url.toString();
}

/** The address to frame: a registry path resolved against `registry` (an origin), a URL as it is. */
export function resolveActivityUrl(activityUrl: string, registry: string): string {
  return isRegistryPath(activityUrl) ? new URL(activityUrl, registry).toString() : activityUrl;
}

/**
 * A proxied Activity's origin, the simulator's `<app id>.discordsays.com`: the registry's
 * host name, as the client reaches it, on the port of the app's own listener (the launch
 * names it). A port of its own gives the app an origin of its own (its storage apart from the
 * client's and every other app's), and the same host keeps it same-site with the client, so
 * browsers that block third-party storage still give the Activity its localStorage.
 */
export function activityProxyOrigin(registry: string, port: number): string {
  const url = new URL(registry);
  return `${url.protocol}//${url.hostname}:${port}`;
}
